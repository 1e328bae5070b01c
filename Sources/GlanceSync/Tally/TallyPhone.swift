public import GlanceKernel

/// The converged tally on the phone: what the app does on a tap and a delete, what the widget's
/// "+" intent writes, how the watch's taps are merged, and when the widget is reloaded and the
/// watch told.
///
/// - Every tap is an immutable `Event` with an id, written in one transaction to the App Group
///   store (`log`) by the app or the widget intent: a kill cannot split it, and there is no
///   read-modify-write of a shared counter.
/// - A delete is a `remove` event (a tombstone) that travels like any other.
/// - The watch's taps arrive over `transferUserInfo` (durable, in order, at least once) and are
///   merged by id, so a duplicate delivery changes nothing.
/// - After every change the phone pushes a ``TallyDigest`` (its last 48 hours, bounded to the
///   channel's size) as the watch's application context: latest wins, and each digest holds
///   everything the watch needs, so a digest the watch never saw costs nothing.
/// - After every change the widgets are reloaded through the ``ReloadCoordinator``: free in the
///   foreground and after the intent, paced in the background.
///
/// The widget's "+" is an App Intent that runs in the app's process: declare it a
/// `LiveActivityIntent`, which the system performs by launching the app without opening it, so
/// that it can reach WatchConnectivity (a widget extension cannot). The widget's timeline comes
/// from ``TallyWidget``, in the widget extension, reading the same store.
///
/// The engine is the only writer of its log while it runs. It keeps in memory only what it can
/// lose: a new engine over the same log (after the app was killed) pushes and reloads again at
/// its next change.
///
/// A write the log defers (the App Group store is suspended, or another process held it too
/// long: `DeferrableWriteError`) is not lost: it waits in ``pendingWrites``, in order, and the
/// engine's next call hands it to the log before anything else (call ``retryPendingWrites(at:foreground:)``
/// after `EventStore.resumeAll()`). Meanwhile ``summary(at:in:)`` counts it. A kill before then
/// loses it, unless the app saved ``pendingWrites`` (see ``PendingWrites``).
///
/// ## Laws
/// - Every write is one `EventLog` call; the log's laws (idempotence, merge by union) make
///   repeats and reorderings harmless.
/// - Each change that added something to the log is followed by exactly one digest push (when it
///   was accepted by the link) and one reload request (now, or on a paced wake).
/// - Every payload it sends fits its channel (``PeerChannel/payloadBytesMax``).
/// - Every write goes through ``pendingWrites``: one that the log defers is committed, once, at
///   a later call, in the order it was made; one the log refuses for good is thrown.
public struct TallyPhone<Log: EventLog>: PhoneEngine {
  /// The App Group store.
  public private(set) var log: Log
  public let settings: TallySettings
  private let link: any PeerLink
  /// When the widgets are reloaded.
  public var reloads: ReloadCoordinator
  /// Counts the writes that added something; `pushed` is the count at the last digest sent.
  private var changes = 0
  private var pushed = 0
  /// The live adds' tally, folded from the log's change feed when it has one (for ``summary(at:in:)``).
  private let liveAdds = LiveAddTally()
  /// The digest window, folded from the log's change feed when it has one (for each push).
  private let digests = TallyDigestFold()
  /// The writes the log deferred, waiting for it in order.
  public private(set) var pendingWrites: PendingWrites

  /// An engine over `log` for a widget whose budget is `refreshBudget` charged reloads a day,
  /// with the writes an earlier engine left waiting (`pendingWrites`, saved by the app), which
  /// its first call commits.
  ///
  /// - Throws: `RefreshBudgetError.limitOutOfRange` outside 40…72.
  public init(
    log: Log, settings: TallySettings, refreshBudget: Int, link: any PeerLink, reloader: any WidgetReloader,
    wakes: any WakeScheduler, pendingWrites: PendingWrites = PendingWrites()
  ) throws(RefreshBudgetError) {
    self.log = log
    self.pendingWrites = pendingWrites
    self.settings = settings
    self.link = link
    self.reloads = try ReloadCoordinator(refreshBudget: refreshBudget, reloader: reloader, wakes: wakes)
  }

  // MARK: What the person does

  /// A tap on the app's "+" at `now` (the app is in the foreground), recorded as event `id`.
  ///
  /// - Throws: what the log throws for good (nothing was recorded then), and
  ///   ``PendingWritesError``; a write the log defers is kept (``pendingWrites``), not thrown.
  public mutating func tap(id: EventID, at now: Instant) throws {
    try record(Event(id: id, kind: .add, instant: now, origin: .app))
    reloads.changed(at: now, free: true)
    try pushDigest(at: now)
  }

  /// The widget's "+" intent at `now`, recorded as event `id` (WidgetKit reloads the widget
  /// after an interactive intent, free).
  ///
  /// - Throws: what the log throws for good (nothing was recorded then), and
  ///   ``PendingWritesError``; a write the log defers is kept (``pendingWrites``), not thrown.
  public mutating func widgetTap(id: EventID, at now: Instant) throws {
    try record(Event(id: id, kind: .add, instant: now, origin: .widgetIntent))
    reloads.reload(at: now)
    try pushDigest(at: now)
  }

  /// The person deletes the entry `target` at `now` in the app (in the foreground): a tombstone
  /// with id `id`.
  ///
  /// - Throws: what the log throws for good (nothing was recorded then), and
  ///   ``PendingWritesError``; a write the log defers is kept (``pendingWrites``), not thrown.
  public mutating func delete(_ target: EventID, id: EventID, at now: Instant) throws {
    try record(Event(id: id, kind: .remove(target: target), instant: now, origin: .app))
    reloads.changed(at: now, free: true)
    try pushDigest(at: now)
  }

  // MARK: What the platform tells the app

  /// The app came to the foreground at `now`: the writes waiting are committed, the watch is
  /// told what it may have missed, and the widgets are reloaded (free). Call
  /// `EventStore.resumeAll()` first.
  ///
  /// - Throws: what the log throws for a waiting write it refuses for good (that write is
  ///   dropped); what reading the log throws.
  public mutating func becameActive(at now: Instant) throws {
    try commitPendingWrites()
    try pushDigest(at: now)
    reloads.changed(at: now, free: true)
  }

  /// The log was resumed at `now` (after `EventStore.resumeAll()`, in the foreground or in a
  /// background callback): the writes it deferred are committed, in order, and when they added
  /// something the widgets are reloaded (free when `foreground`) and the watch told. Every
  /// other call of the engine does this first too.
  ///
  /// - Throws: what the log throws for a waiting write it refuses for good (that write is
  ///   dropped); what reading the log throws.
  public mutating func retryPendingWrites(at now: Instant, foreground: Bool) throws {
    let before = changes
    try commitPendingWrites()
    guard changes > before else { return }
    reloads.changed(at: now, free: foreground)
    try pushDigest(at: now)
  }

  /// A payload the watch sent arrived at `now` (`foreground`: whether the app is in the
  /// foreground, which makes a reload free).
  ///
  /// - Throws: ``PeerMessageError`` for a payload that is not a Glance message, what the log
  ///   throws for good (nothing was recorded then), ``PendingWritesError``; a delivery the log
  ///   defers is kept (``pendingWrites``), not thrown.
  public mutating func received(_ payload: [UInt8], at now: Instant, foreground: Bool) throws {
    guard case .event(let event) = try PeerMessage(decoding: payload) else { return }
    // A duplicate delivery (at least once) adds nothing and needs nothing.
    let before = changes
    try write(.receive([event]))
    guard changes > before else { return }
    reloads.changed(at: now, free: foreground)
    try pushDigest(at: now)
  }

  // MARK: What the app shows

  /// The app's summary at `now`, with "today" in `calendar`'s zone.
  ///
  /// - Throws: what the log throws.
  public func summary(at now: Instant, in calendar: ZoneCalendar) throws -> TallySummary {
    // The summary only reads the days of the window before today's end: the whole log's live
    // adds, folded from the log's change feed, give the same figures as the window's slice.
    if pendingWrites.isEmpty, let tally = try liveAdds.tally(of: log) {
      return TallySummary(tally: tally, at: now, in: calendar, limit: settings.dailyLimit, streakLimit: settings.streakLimit)
    }
    let today = calendar.dayInterval(containing: now)
    let window = today.start.advanced(by: -settings.summaryWindowMilliseconds)..<today.end
    var recent = try log.replica(in: window)
    // The writes waiting count as the log will once it takes them (the person sees their tap).
    if !pendingWrites.isEmpty { recent = try pendingWrites.applied(to: recent).slice(window) }
    return TallySummary(tally: recent.tally, at: now, in: calendar, limit: settings.dailyLimit, streakLimit: settings.streakLimit)
  }

  // MARK: Steps

  private mutating func record(_ event: Event) throws {
    try write(.record(event))
  }

  /// Hands `write` to the log behind the writes waiting (``PendingWrites``), counting the
  /// writes that added something.
  private mutating func write(_ write: PendingWrite) throws {
    try pendingWrites.write(write, to: &log, counting: &changes)
  }

  /// Hands the writes waiting to the log, counting those that added something.
  private mutating func commitPendingWrites() throws {
    try pendingWrites.commit(to: &log, counting: &changes)
  }

  /// Pushes the digest as the watch's application context, when the log changed since the last.
  private mutating func pushDigest(at now: Instant) throws {
    guard changes > pushed else { return }
    let digest = try digests.digest(of: log, at: now, bytesMax: PeerChannel.applicationContext.payloadBytesMax)
    let payload = PeerMessage.tallyDigest(digest).encoded()
    do {
      try link.send(payload, on: .applicationContext)
      pushed = changes
    } catch .payloadTooLarge(let channel, let bytes, let limit) {
      preconditionFailure("a digest is trimmed to fit: \(bytes) bytes on \(channel.rawValue), limit \(limit)")
    } catch {
      // No session (no watch, not activated): the next change or activation tries again.
    }
  }

  // MARK: Resuming

  /// This engine as it stands, over `log` (a copy of its log) and the ports `link`, `reloader`
  /// and `wakes`: for a simulator that resumes a play from a snapshot instead of playing it
  /// again. What the engine keeps in memory is kept (its pacing, its counts, the writes
  /// waiting); its caches start empty, and are folded again from `log` when next read.
  ///
  /// Law: the copy answers every call as `self` would over a log equal to `log`, and shares
  /// nothing mutable with it.
  package func rewired(log: Log, link: any PeerLink, reloader: any WidgetReloader, wakes: any WakeScheduler) -> Self {
    Self(self, log: log, link: link, reloads: reloads.rewired(reloader: reloader, wakes: wakes))
  }

  private init(_ engine: Self, log: Log, link: any PeerLink, reloads: ReloadCoordinator) {
    self.log = log
    self.settings = engine.settings
    self.link = link
    self.reloads = reloads
    self.changes = engine.changes
    self.pushed = engine.pushed
    self.pendingWrites = engine.pendingWrites
  }

  /// How many writes that added something the last digest sent missed: all that decides, of
  /// the engine's counts, whether it pushes a digest (for a simulator that counts the distinct
  /// states it explores).
  package var unpushedChanges: Int { changes - pushed }
}
