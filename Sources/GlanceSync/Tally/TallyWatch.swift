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
/// ## Laws
/// - The badge at `t` is the count of the store's live adds in the local day holding `t`: the
///   watch's own taps, and the phone's events as of the last digest merged.
/// - Merging a digest twice, or an older digest after a newer one, changes nothing.
public struct TallyWatch<Log: EventLog> {
  /// The watch's own store.
  public private(set) var log: Log
  public let settings: TallySettings
  private let link: any PeerLink

  public init(log: Log, settings: TallySettings, link: any PeerLink) {
    self.log = log
    self.settings = settings
    self.link = link
  }

  /// A tap on the watch at `now`, recorded as event `id` and sent to the phone.
  ///
  /// - Throws: what the log throws (nothing was recorded or sent then), and ``PeerLinkError``
  ///   when the session cannot send (the tap is recorded; send it again with ``resend(_:)``).
  public mutating func tap(id: EventID, at now: Instant) throws {
    let event = Event(id: id, kind: .add, instant: now, origin: .watch)
    _ = try log.recordRetrying(event)
    try resend(event)
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
  ///   throws; nothing was merged then.
  public mutating func received(_ payload: [UInt8]) throws {
    guard case .tallyDigest(let digest) = try PeerMessage(decoding: payload) else { return }
    _ = try log.receiveRetrying(digest.events)
  }

  /// The badge at `now`, with "today" in `calendar`'s zone.
  ///
  /// - Throws: what the log throws.
  public func badge(at now: Instant, in calendar: ZoneCalendar) throws -> TallyBadge {
    let today = calendar.dayInterval(containing: now)
    return TallyBadge(count: try log.replica(in: today.start..<today.end).liveAdds.count, limit: settings.dailyLimit)
  }
}
