import GlanceKernel

/// The phone's digest window, folded from its store's change feed from one push to the next:
/// the phone pushes after every change, and each push used to slice the whole log again for a
/// window that moved by a few minutes and gained an event or two.
///
/// What is kept is the window's events (`Replica.slice(from..<max)` of the log, in id order) at
/// a change count, and every removal of the log by target. A push folds the events added since
/// (``ChangeCountingEventLog/events(sinceChangeCount:)``) into them, after cutting the window to
/// its new start: the slice of a slice is the slice of the smaller range.
///
/// One belongs to one engine over one store, used from one thread at a time (an app's main
/// actor, a simulated run), which is why it may be `Sendable` unchecked.
///
/// ## Laws
/// - `digest(of: log, at: now, bytesMax: b) == TallyDigest.making(of: log, at: now, bytesMax: b)`
///   for every log, `now` and `b`.
/// - The kept window is reused only for the same object (a class: a value's copies may differ),
///   at a change count at or after the one folded whose feed the log hands out, and for a
///   window that starts at or after the one kept; anything else (a first push, another log, a
///   clock set back, a log without a feed) reads the log as ``TallyDigest/making(of:at:bytesMax:)``
///   does. A digest too large for `bytesMax` is trimmed by ``TallyDigest/making(of:at:bytesMax:)``.
final class TallyDigestFold: @unchecked Sendable {
  private var state: TallyDigestWindow? = nil
  private let lookup = ChangeCountingLookup()

  /// The digest of `log` at `now`: ``TallyDigest/making(of:at:bytesMax:)``, from the kept window
  /// when the log's feed allows.
  ///
  /// - Throws: what the log throws.
  func digest<Log: EventLog>(of log: Log, at now: Instant, bytesMax: Int) throws -> TallyDigest {
    let from = now.advanced(by: -TallyDigest.windowMilliseconds)
    guard Log.self is AnyObject.Type, let counting = lookup.view(of: log),
      let window = try window(of: counting, from: from)
    else {
      state = nil
      return try TallyDigest.making(of: log, at: now, bytesMax: bytesMax)
    }
    // Too large: `making` drops the oldest events until it fits (a phone of thousands of taps).
    let byteCount = PeerMessage.tallyDigestByteCount(eventCount: window.events.count, eventBytes: window.eventBytes)
    guard byteCount <= bytesMax else { return try TallyDigest.making(of: log, at: now, bytesMax: bytesMax) }
    let digest = TallyDigest(asOf: now, from: from, events: window.events)
    assert(PeerMessage.tallyDigest(digest).encodedByteCount == byteCount, "the window's bytes are its events' bytes")
    return digest
  }

  /// The window of `log` from `from`: its events dated at or after `from`, with the tombstones
  /// that target them, in id order; `nil` when the log hands out no feed (it is then read as
  /// `making` reads it).
  private func window(of log: any ChangeCountingEventLog, from: Instant) throws -> TallyDigestWindow? {
    let count = log.changeCount
    let identity = log.logIdentity
    // Taken out while folded, so that its arrays are not shared, and so not copied, when they change.
    if var state = state.take(), state.log == identity, state.from <= from, state.count <= count,
      let added = log.events(sinceChangeCount: state.count)
    {
      state.fold(added, count: count, from: from)
      self.state = state
      return state
    }
    // A first push (or another log, or a clock set back): only a log with a feed is worth folding.
    state = nil
    guard log.events(sinceChangeCount: count) != nil else { return nil }
    let window = try log.replica(in: from..<Instant(millisecondsSince1970: .max)).events
    let fresh = TallyDigestWindow(log: identity, count: count, from: from, window: window, all: try log.replica().events)
    state = fresh
    return fresh
  }
}
