import GlanceKernel

/// A sync design for the tally domain under test: how app, widget intent and watch record a tap,
/// what they store, what they tell each other, and what each surface shows.
///
/// The engine owns time and the world; a design reacts to events and schedules the steps that
/// follow through the world, so that a kill can fall between any two of them.
protocol TallyDesign {
  /// The strategy's stable name, as in reports and `--strategy`.
  static var name: String { get }
  /// Whether the design is expected to satisfy every invariant (`simulate` exits 1 when one
  /// that is expected to converge does not).
  static var expectedToConverge: Bool { get }

  init(calendar: ZoneCalendar)

  /// The person tapped "+" in the app (foreground).
  mutating func appTap(_ action: PlannedAction, world: inout TallyWorld)
  /// The person tapped the widget's "+" (an interactive intent in the widget extension).
  mutating func widgetTap(_ action: PlannedAction, world: inout TallyWorld)
  /// The person tapped "+" on the watch.
  mutating func watchTap(_ action: PlannedAction, world: inout TallyWorld)
  /// The person deleted the latest entry the app shows; returns the deleted timestamp, or `nil`
  /// when the app shows nothing to delete today.
  mutating func appDelete(_ action: PlannedAction, world: inout TallyWorld) -> Instant?
  /// The app came to the foreground (launched if needed).
  mutating func appBecameActive(world: inout TallyWorld)
  /// The app was killed: in-memory state is gone.
  mutating func appKilled(world: inout TallyWorld)
  mutating func step(_ step: Step, world: inout TallyWorld)
  mutating func receive(_ message: Message, on device: Device, via channel: Channel, world: inout TallyWorld)
  /// The widget's timeline provider: entries (date, count) and the reload policy.
  func timeline(world: TallyWorld) -> (entries: [(date: Instant, count: Int)], policy: ReloadPolicy)
  /// What the app (when in the foreground) and the watch show now; the widget's count comes from
  /// the host's timeline.
  func appCount(world: TallyWorld) -> Int
  func watchCount(world: TallyWorld) -> Int
  /// The cigarettes the phone's store holds (timestamps, with repetition): what the
  /// no-lost-write and no-double-count invariants compare with the truth.
  func storedTimestamps() -> [Instant]
}
