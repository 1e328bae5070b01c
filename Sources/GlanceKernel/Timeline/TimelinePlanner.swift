/// What a widget shows as a function of time, given the data it was handed: the input of the
/// planner.
///
/// ## Laws (what a conforming type promises, and the planner relies on)
/// - `model(at:)` is pure: the same instant gives the same model.
/// - Time alone changes the model only at change points: between `c` and
///   `nextChangePoint(after: c)`, `model(at:)` is constant.
/// - `nextChangePoint(after: t)`, when not `nil`, is later than `t`; `nil` means the model
///   never changes with time after `t`.
public protocol TimelineProjection: Sendable {
  associatedtype Model: Hashable & Sendable

  /// What the widget shows at `instant`.
  func model(at instant: Instant) -> Model

  /// The first instant after `instant` at which time alone may change the model (a local day
  /// boundary, a pay-period boundary, the year's end), or `nil` if there is none.
  func nextChangePoint(after instant: Instant) -> Instant?
}

/// One timeline entry: from ``date`` on, the widget shows ``model``.
public struct TimelineEntry<Model: Hashable & Sendable>: Hashable, Sendable {
  public let date: Instant
  public let model: Model

  @inlinable
  init(date: Instant, model: Model) {
    self.date = date
    self.model = model
  }
}

/// When WidgetKit should ask for the next timeline (`TimelineReloadPolicy`).
public enum ReloadPolicy: Hashable, Sendable {
  /// After the last entry's date.
  case atEnd
  /// Not before this instant.
  case after(Instant)
  /// Only when the app asks (data changes).
  case never
}

/// Entries and a reload policy, as a widget's timeline provider returns them.
///
/// ## Laws
/// - `entries` is non-empty, sorted by date, and starts at the planning instant `now`.
/// - Each entry's model differs from the previous entry's (no redundant entries).
/// - For every `t` in `[now, horizon)`, `entry(at: t)!.model == projection.model(at: t)`:
///   time alone never makes the widget wrong, with no reload spent on it.
public struct Timeline<Model: Hashable & Sendable>: Hashable, Sendable {
  public let entries: [TimelineEntry<Model>]
  public let policy: ReloadPolicy

  @inlinable
  init(entries: [TimelineEntry<Model>], policy: ReloadPolicy) {
    self.entries = entries
    self.policy = policy
  }

  /// The entry in force at `instant`: the last one dated at or before it (`nil` before the first).
  ///
  /// - Complexity: O(log n).
  public func entry(at instant: Instant) -> TimelineEntry<Model>? {
    var low = 0
    var high = entries.count
    while low < high {
      let middle = (low + high) / 2
      if entries[middle].date <= instant { low = middle + 1 } else { high = middle }
    }
    return low == 0 ? nil : entries[low - 1]
  }

  /// The same entries, with a policy that asks for a new timeline no later than `limit`.
  ///
  /// A planned timeline stays right as time passes, but only in the zone it was planned in, and
  /// WidgetKit does not document reloading a widget when the device's time zone changes. A
  /// provider that caps every timeline (Glance's converged design: an hour after planning)
  /// bounds how long a widget can show "today" of a zone the device has left, at the cost of one
  /// budgeted reload per cap; the entries beyond the cap stay, so a late or denied reload still
  /// leaves the widget right at the next day boundary.
  ///
  /// ## Laws
  /// - `entries` are unchanged.
  /// - The reload the policy asks for comes no later than `limit` (`.never` becomes
  ///   `.after(limit)`; `.atEnd` becomes `.after(limit)` when the last entry is later).
  /// - A policy that already asks no later than `limit` is unchanged, so capping twice with the
  ///   same limit is capping once.
  @inlinable
  public func reloading(noLaterThan limit: Instant) -> Timeline {
    let capped: ReloadPolicy
    switch policy {
    case .after(let date): capped = .after(min(date, limit))
    case .atEnd: capped = (entries.last.map { $0.date <= limit } ?? true) ? .atEnd : .after(limit)
    case .never: capped = .after(limit)
    }
    return Timeline(entries: entries, policy: capped)
  }
}

/// Plans widget timelines: an entry at `now` and one at every change point that time alone
/// causes before the horizon, so that midnight (or a period's end) needs no reload.
///
/// BabySteps' widget had one entry and `.after(now + 15 min)`, so after midnight it kept showing
/// yesterday's "today" until a reload the budget may delay. A planned timeline has an entry at the
/// exact next day boundary (``ZoneCalendar/nextRollover(after:)``), never at "start of day +
/// 24 h".
///
/// **Spacing.** WidgetKit asks for entries at least 5 minutes apart. Change points are local day
/// (or period) boundaries, hours apart, and consecutive change-point entries are checked to be at
/// least ``minimumEntrySpacingMilliseconds`` apart. The one pair that can be closer is the entry
/// at `now` and a change point less than 5 minutes later (a timeline planned at 23:58): both are
/// kept, because dropping either would show a wrong figure, and a correct entry that WidgetKit
/// renders a little late is better.
///
/// **Policy.** `.after(horizon)` when the model can still change with time after the horizon,
/// `.never` when it cannot (data changes reach the widget through reloads the app requests).
///
/// ``plan(_:now:horizon:)`` is inlinable so that each module that plans specializes it for its
/// projection: called generically from another module, every plan paid for type metadata
/// lookups, value-witness copies of the models and a dynamically dispatched `==`.
public enum TimelinePlanner {
  /// WidgetKit's recommended minimum distance between entries: 5 minutes.
  public static let minimumEntrySpacingMilliseconds: Int64 = 5 * Instant.millisecondsPerMinute
  /// The farthest horizon accepted: 31 days.
  public static let horizonMaxMilliseconds: Int64 = 31 * Instant.millisecondsPerDay
  /// The most entries one timeline may have (a loop bound; 31 days of day boundaries need 32).
  public static let entriesMax = 1_000

  /// The timeline of `projection` from `now` until `horizon`.
  ///
  /// - Throws: ``TimelineError/emptyHorizon(now:horizon:)`` when `horizon <= now`,
  ///   ``TimelineError/horizonTooFar(now:horizon:limitMilliseconds:)`` beyond 31 days.
  @inlinable
  public static func plan<Projection: TimelineProjection>(
    _ projection: Projection, now: Instant, horizon: Instant
  ) throws(TimelineError) -> Timeline<Projection.Model> {
    guard now < horizon else { throw .emptyHorizon(now: now, horizon: horizon) }
    guard now.distance(to: horizon) <= horizonMaxMilliseconds else {
      throw .horizonTooFar(now: now, horizon: horizon, limitMilliseconds: horizonMaxMilliseconds)
    }
    var entries: [TimelineEntry<Projection.Model>] = []
    // Room for a few day or period boundaries: most timelines never grow the array.
    entries.reserveCapacity(4)
    entries.append(TimelineEntry(date: now, model: projection.model(at: now)))
    var cursor = now
    var previousChangePoint: Instant? = nil
    while true {
      guard let next = projection.nextChangePoint(after: cursor) else {
        return Timeline(entries: entries, policy: .never)
      }
      precondition(next > cursor, "change point \(next) is not after \(cursor)")
      guard next < horizon else { return Timeline(entries: entries, policy: .after(horizon)) }
      if let previous = previousChangePoint {
        precondition(
          previous.distance(to: next) >= minimumEntrySpacingMilliseconds,
          "change points \(previous) and \(next) are less than 5 minutes apart")
      }
      previousChangePoint = next
      cursor = next
      let model = projection.model(at: next)
      if model != entries[entries.count - 1].model {
        precondition(entries.count < entriesMax, "more than \(entriesMax) entries before \(horizon)")
        entries.append(TimelineEntry(date: next, model: model))
      }
    }
  }
}

/// Why a timeline could not be planned.
public enum TimelineError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The horizon is not after `now`.
  case emptyHorizon(now: Instant, horizon: Instant)
  /// The horizon is farther than the planner accepts.
  case horizonTooFar(now: Instant, horizon: Instant, limitMilliseconds: Int64)
  /// The snapshot cannot drive that widget (a tally snapshot for a steps widget, say).
  case snapshotDoesNotFit(kind: WidgetKind, snapshot: String)

  public var description: String {
    switch self {
    case .emptyHorizon(let now, let horizon):
      return "horizon \(horizon) is not after now \(now)"
    case .horizonTooFar(let now, let horizon, let limit):
      return "horizon \(horizon) is more than \(limit / Instant.millisecondsPerDay) days after now \(now)"
    case .snapshotDoesNotFit(let kind, let snapshot):
      return "a \(snapshot) snapshot cannot drive the \(kind) widget"
    }
  }
}
