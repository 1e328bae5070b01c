public import GlanceKernel

/// The converged tally on the watch: a tap is recorded in the watch's own store and sent to the
/// phone over `transferUserInfo`; the phone's digests are merged into the same store; the badge
/// is today's count of what the store holds.
///
/// App Groups do not span devices, so the watch keeps its own log. A tap is written there first
/// (it shows at once, and survives the phone being out of range) and queued for the phone on the
/// durable channel; the phone merges it by id, so a repeated delivery changes nothing. The
/// phone's ``TallyDigest``s arrive as application contexts and are merged by union: the store
/// then holds every event of the phone's last 48 hours, and the badge counts today in whatever
/// zone the watch is in now.
///
/// A write the watch's store defers (it is suspended: the app resigned active and called
/// `EventStore.suspendAll()`; or busy) waits in ``pendingWrites`` and is committed at the
/// engine's next call (``retryPendingWrites()`` after `EventStore.resumeAll()`); the badge
/// counts it meanwhile. A tap is queued for the phone at once all the same: WatchConnectivity
/// keeps it across a kill, and the phone's next digest brings it back into the store.
///
/// ## Laws
/// - The badge at `t` is the count of the store's live adds in the local day holding `t`: the
///   watch's own taps, and the phone's events as of the last digest merged.
/// - Merging a digest twice, or an older digest after a newer one, changes nothing.
/// - A digest writes to the log only its events that the last digest merged did not hold,
///   identical: the same as writing them all, since the log holds those (a log keeps what it
///   was written, and writing an event it holds changes nothing).
/// - The badge counts today in the log's live adds, folded from its change feed when it has
///   one: the count of today's slice (`Replica.slice` keeps an event inside live exactly when
///   the whole log does).
/// - Every write goes through ``pendingWrites`` (see ``PendingWrites``); a digest counts as
///   merged only once its write is committed.
public struct TallyWatch<Log: EventLog> {
  /// The watch's own store.
  public private(set) var log: Log
  public let settings: TallySettings
  private let link: any PeerLink
  /// The events of the last digest merged, in id order: the log holds every one of them
  /// (identical), because a log keeps what it was written, so merging them again would change
  /// nothing. Kept beside the log, so that a copy of the engine keeps the two together.
  private var merged: [Event] = []
  /// The live adds' tally, folded from the log's change feed when it has one (for ``badge(at:in:)``).
  private let liveAdds = LiveAddTally()
  /// The writes the store deferred, waiting for it in order.
  public private(set) var pendingWrites: PendingWrites

  /// An engine over the watch's store `log`, with the writes an earlier engine left waiting
  /// (`pendingWrites`, saved by the app), which its first call commits.
  public init(log: Log, settings: TallySettings, link: any PeerLink, pendingWrites: PendingWrites = PendingWrites()) {
    self.log = log
    self.pendingWrites = pendingWrites
    self.settings = settings
    self.link = link
  }

  /// A tap on the watch at `now`, recorded as event `id` and sent to the phone.
  ///
  /// - Throws: what the log throws for good (nothing was recorded or sent then),
  ///   ``PendingWritesError`` (nothing kept or sent), and ``PeerLinkError`` when the session
  ///   cannot send (the tap is recorded or kept; send it again with ``resend(_:)``). A tap the
  ///   store defers is kept (``pendingWrites``) and sent.
  public mutating func tap(id: EventID, at now: Instant) throws {
    let event = Event(id: id, kind: .add, instant: now, origin: .watch)
    var changes = 0
    try pendingWrites.write(.record(event), to: &log, counting: &changes)
    try resend(event)
  }

  /// The store was resumed (after `EventStore.resumeAll()`): the writes it deferred are
  /// committed, in order. Every other write of the engine does this first too.
  ///
  /// - Throws: what the log throws for a waiting write it refuses for good (that write is
  ///   dropped).
  public mutating func retryPendingWrites() throws {
    var changes = 0
    try pendingWrites.commit(to: &log, counting: &changes)
  }

  /// Queues `event` for the phone on the durable channel.
  ///
  /// - Throws: ``PeerLinkError`` when the session cannot send.
  public func resend(_ event: Event) throws(PeerLinkError) {
    try link.send(PeerMessage.event(event).encoded(), on: .transferUserInfo)
  }

  /// A payload the phone sent arrived.
  ///
  /// - Throws: ``PeerMessageError`` for a payload that is not a Glance message, and what the log
  ///   throws for good, ``PendingWritesError``; nothing was merged then. A merge the store
  ///   defers is kept (``pendingWrites``).
  public mutating func received(_ payload: [UInt8]) throws {
    guard case .tallyDigest(let digest) = try PeerMessage(decoding: payload) else { return }
    // Only what the last digest merged did not hold goes to the log (written even when empty:
    // a write is a write, and may fail); the rest is there already.
    var changes = 0
    let fresh = Self.events(of: digest.events, notIn: merged)
    guard try pendingWrites.write(.receive(fresh), to: &log, counting: &changes) == nil else {
      return  // the store holds `merged` still; the fresh events wait, and are merged later
    }
    merged = digest.events
  }

  /// The events of `events` that are not, identical, in `held`; both in strictly increasing id
  /// order, and so is the result.
  ///
  /// - Complexity: O(n + m): one pass over both.
  static func events(of events: [Event], notIn held: [Event]) -> [Event] {
    // Through the buffers, so that the events compared are read in place, not copied.
    held.withUnsafeBufferPointer { held in
      events.withUnsafeBufferPointer { events in
        // Nothing held, every event is fresh; no event, none is.
        guard let heldFirst = held.baseAddress, let first = events.baseAddress else { return Array(events) }
        var fresh: [Event] = []
        var next = 0
        for index in events.indices {
          // `next` only moves forward: at most held.count turns over the whole loop.
          while next < held.count, held[next].id < events[index].id { next += 1 }
          if next < held.count, isSame(heldFirst + next, as: first + index) { continue }
          fresh.append(events[index])
        }
        return fresh
      }
    }
  }

  /// `held.pointee == event.pointee`, with the usual case (two identical adds) decided on the
  /// fields, read in place: comparing whole events copies them.
  @inline(__always)
  private static func isSame(_ held: UnsafePointer<Event>, as event: UnsafePointer<Event>) -> Bool {
    guard held.pointee.id == event.pointee.id, held.pointee.instant == event.pointee.instant,
      held.pointee.origin == event.pointee.origin
    else { return false }
    return isAdd(held) && isAdd(event) || held.pointee == event.pointee
  }

  /// Whether the event is an add, read in place.
  @inline(__always)
  private static func isAdd(_ event: UnsafePointer<Event>) -> Bool {
    switch event.pointee.kind {
    case .add: return true
    case .remove, .complete, .uncomplete, .expense, .defineTask, .removeTask, .defineStep, .removeStep: return false
    }
  }

  /// The badge at `now`, with "today" in `calendar`'s zone.
  ///
  /// - Throws: what the log throws.
  public func badge(at now: Instant, in calendar: ZoneCalendar) throws -> TallyBadge {
    let today = calendar.dayInterval(containing: now)
    // The whole log's live adds, folded from its change feed, count today as today's slice does.
    if pendingWrites.isEmpty, let tally = try liveAdds.tally(of: log) {
      return TallyBadge(count: tally.count(in: today), limit: settings.dailyLimit)
    }
    var slice = try log.replica(in: today.start..<today.end)
    // The writes waiting count as the store will once it takes them (the person sees their tap).
    if !pendingWrites.isEmpty { slice = try pendingWrites.applied(to: slice).slice(today.start..<today.end) }
    return TallyBadge(count: slice.liveAdds.count, limit: settings.dailyLimit)
  }

  // MARK: Resuming

  /// This engine as it stands, over `log` (a copy of its log) and the port `link`: for a
  /// simulator that resumes a play from a snapshot instead of playing it again. What it keeps
  /// in memory is kept; its cache starts empty, and is folded again from `log` when next read.
  ///
  /// Law: the copy answers every call as `self` would over a log equal to `log`, and shares
  /// nothing mutable with it.
  package func rewired(log: Log, link: any PeerLink) -> Self {
    Self(self, log: log, link: link)
  }

  private init(_ engine: Self, log: Log, link: any PeerLink) {
    self.log = log
    self.settings = engine.settings
    self.link = link
    self.merged = engine.merged
    self.pendingWrites = engine.pendingWrites
  }

  /// The phone's events as of the last digest merged (for a simulator that counts the distinct
  /// states it explores: what the engine keeps in memory besides the writes waiting).
  package var lastDigestEvents: [Event] { merged }
}
