import GlanceKernel
import GlanceSync

// What GlanceSync's engines keep in memory, in a fingerprint of a play's state: not their logs
// (a design feeds those, ``SimulatedEventLog/fingerprint(into:)``), their ports or their caches.
// Law: two engines that feed the same, over equal logs, answer every call alike.

extension PendingWrites: StateFingerprinted {
  /// Every write waiting, in order.
  func fingerprint(into hasher: inout StateHasher) { hasher.combine(writes) }
}

extension PendingWrite: StateFingerprinted {
  /// The write's kind and its events.
  func fingerprint(into hasher: inout StateHasher) {
    switch self {
    case .record(let event):
      hasher.combine(0 as UInt64)
      hasher.combine(event)
    case .receive(let events):
      hasher.combine(1 as UInt64)
      hasher.combine(events)
    }
  }
}

extension ReloadCoordinator: StateFingerprinted {
  /// What the coordinator decides from: its pacing, its deafness, its retry and its last request.
  func fingerprint(into hasher: inout StateHasher) {
    hasher.combine(pacer)
    hasher.combine(deafUntil)
    hasher.combine(retryScheduled)
    hasher.combine(lastRequest)
  }
}

extension TallyPhone: StateFingerprinted {
  /// The writes the last digest missed (only their number decides), the writes waiting and the
  /// reload coordinator.
  func fingerprint(into hasher: inout StateHasher) {
    hasher.combine(unpushedChanges)
    hasher.combine(pendingWrites)
    hasher.combine(reloads)
  }
}

extension TallyWatch: StateFingerprinted {
  /// The phone's events as of the last digest merged, and the writes waiting.
  func fingerprint(into hasher: inout StateHasher) {
    hasher.combine(lastDigestEvents)
    hasher.combine(pendingWrites)
  }
}

extension BudgetApp: StateFingerprinted {
  /// The writes waiting and the reload coordinator (the book is the widgets' constant).
  func fingerprint(into hasher: inout StateHasher) {
    hasher.combine(pendingWrites)
    hasher.combine(reloads)
  }
}

extension StepsApp: StateFingerprinted {
  /// Which stores it has (so which one is active), the writes waiting and the reload
  /// coordinator (its task list before any edit is a constant).
  func fingerprint(into hasher: inout StateHasher) {
    hasher.combine(store != nil)
    hasher.combine(legacy != nil)
    hasher.combine(pendingWrites)
    hasher.combine(reloads)
  }
}
