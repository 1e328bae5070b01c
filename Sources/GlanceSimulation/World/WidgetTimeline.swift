public import GlanceKernel

/// What a widget's timeline provider gives WidgetKit: displays dated in time order, and when to
/// ask for the next timeline.
///
/// ## Laws
/// - A timeline is made of whatever entries it is given; one whose entries are not in date order
///   (``firstEntryOutOfOrder``) stops the run that serves it with
///   ``DesignFault/timelineOutOfOrder(widget:index:date:previous:)``, never with a trap.
/// - In a timeline in date order, the display in force at an instant is the last entry dated at
///   or before it, none before the first.
public struct WidgetTimeline: Sendable {
  /// From `date` on, the widget shows `display`.
  public struct Entry: Hashable, Sendable {
    public let date: Instant
    public let display: Display

    public init(date: Instant, display: Display) {
      self.date = date
      self.display = display
    }
  }

  public let entries: [Entry]
  /// When WidgetKit asks for the next timeline.
  public let policy: ReloadPolicy

  /// A timeline of `entries` (in date order, or the run that serves it stops with a
  /// ``DesignFault``) and `policy`.
  public init(entries: [Entry], policy: ReloadPolicy) {
    self.entries = entries
    self.policy = policy
  }

  /// The index of the first entry dated before the one before it; `nil` when the entries are in
  /// date order.
  public var firstEntryOutOfOrder: Int? {
    entries.indices.dropFirst().first { entries[$0 - 1].date > entries[$0].date }
  }

  /// One entry dated `now`, reloaded after `milliseconds`: the legacy providers' shape.
  public static func single(_ display: Display, now: Instant, reloadAfter milliseconds: Int64) -> WidgetTimeline {
    WidgetTimeline(entries: [Entry(date: now, display: display)], policy: .after(now.advanced(by: milliseconds)))
  }

  /// No timeline yet (a widget before its first reload).
  public static let empty = WidgetTimeline(entries: [], policy: .never)

  /// Whether an entry takes effect after `start` and at or before `end`; when none does, the
  /// display in force is the same at both instants.
  func hasEntry(after start: Instant, through end: Instant) -> Bool {
    entries.contains { $0.date > start && $0.date <= end }
  }

  /// The display in force at `instant`, `nil` before the first entry.
  public func display(at instant: Instant) -> Display? {
    // Entries are few (a day's boundaries within the horizon): a backward scan.
    entries.last { $0.date <= instant }?.display
  }
}

extension WidgetTimeline: StateFingerprinted {
  /// Every entry's date and display, then the policy (for a fingerprint of a play's state).
  func fingerprint(into hasher: inout StateHasher) {
    hasher.combine(entries.count)
    for entry in entries {
      hasher.combine(entry.date)
      hasher.combine(hashOf: entry.display)
    }
    hasher.combine(hashOf: policy)
  }
}
