import GlanceKernel

// The kernel's values in a fingerprint of a play's state.

extension Instant: StateFingerprinted {
  func fingerprint(into hasher: inout StateHasher) { hasher.combine(millisecondsSince1970) }
}

extension Identifier: StateFingerprinted {
  func fingerprint(into hasher: inout StateHasher) {
    hasher.combine(keyWords.high)
    hasher.combine(keyWords.low)
  }
}

extension Event: StateFingerprinted {
  func fingerprint(into hasher: inout StateHasher) {
    hasher.combine(id)
    hasher.combine(instant)
    hasher.combine(origin.rank)
    switch kind {
    case .add: hasher.combine(0 as UInt64)
    case .remove(let target):
      hasher.combine(1 as UInt64)
      hasher.combine(target)
    case .complete(let step):
      hasher.combine(2 as UInt64)
      hasher.combine(step)
    case .uncomplete(let step):
      hasher.combine(3 as UInt64)
      hasher.combine(step)
    case let other:
      // Expenses and the task list: fed by their Swift hash (rarer, and richer).
      hasher.combine(4 as UInt64)
      hasher.combine(hashOf: other)
    }
  }
}

extension Replica: StateFingerprinted {
  func fingerprint(into hasher: inout StateHasher) { hasher.combine(events) }
}

extension RefreshBudget: StateFingerprinted {
  func fingerprint(into hasher: inout StateHasher) {
    hasher.combine(limit)
    hasher.combine(charged)
    hasher.combine(deafUntil)
    hasher.combine(latest)
  }
}

extension ReloadPacer: StateFingerprinted {
  func fingerprint(into hasher: inout StateHasher) {
    hasher.combine(spacingMilliseconds)
    hasher.combine(lastReload)
    hasher.combine(waitingUntil)
  }
}
