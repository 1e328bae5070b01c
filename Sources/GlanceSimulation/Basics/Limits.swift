import GlanceKernel

/// Every limit of the simulator, in one place, each with its reason. Changing one changes what
/// runs draw or keep, so the committed baseline report with it (see CONTRIBUTING.md).
///
/// A design's own timings (a widget's reload interval, a legacy app's drain delays) are facts of
/// the app it models and stay with the design; the limits here are the world's, the judge's and
/// the engine's.
enum Limits {
  // MARK: The run

  /// The days a run may last: one day, to ten years of a person's life (a report's charts and
  /// a sweep's figures stay readable; a longer run adds nothing a ten-year one does not).
  static let days = 1...3650
  /// The most events the engine's queue holds at once (and the most requests the world's
  /// scheduling port holds between two takes): a 30-day run of every domain holds a few
  /// thousand; a queue that grows past this is a design scheduling without end (a reload storm),
  /// which stops the run with a clear message rather than exhausting memory.
  static let queueCapacity = 2_000_000

  /// The most events one play of a day may pop, on average over the run.
  ///
  /// The busiest design measured pops about 650 a day in the default scenario
  /// (`mirrorsmoker-legacy`, every fault on) and at most about 5 000 in the generated scenarios
  /// of seeds 1 to 40 (5 days each): the limit, ten times that, is far above any design that
  /// makes progress, and only stops one caught in a loop (rescheduling itself forever at one
  /// instant), which would otherwise never end.
  static let eventsPerDayMax = 50_000
  /// The events any play may pop besides its days' share (the liveness phase, the final check).
  static let eventsBase = 1_000_000
  /// The liveness phase: the app is opened for this long after the last day (long enough for
  /// every design to send and reload what it holds).
  static let livenessSessionMinutes = 15
  /// How many events after the focus a replay lets through before it takes the trace: the
  /// report shows the last 12, so 4 before the focus and 8 from it on.
  static let eventsAfterFocus = 8

  // MARK: Faults

  /// How long an armed fault (a kill of a process, a store write failure) waits for the next step
  /// it can strike before it strikes anyway or lapses: six hours, longer than any session, so an
  /// armed fault always meets the next operation of a day.
  static let armedFaultDeadlineMilliseconds = 6 * Instant.millisecondsPerHour
  /// The same wait in a run around one boundary (a small world's, ``Scenario/aroundBoundaryMinutes``):
  /// 1.25 s, so that a kill armed 750 ms before a move that meets no step strikes the app half a
  /// second after the move, before the next move (which is 1.5 s later) opens the app.
  static let aroundBoundaryFaultDeadlineMilliseconds: Int64 = 1_250
  /// How long a run around one boundary may last on each side of it: up to half a day, so that
  /// it stays around that one boundary.
  static let aroundBoundaryMinutes = 1...720
  /// When the watch app's armed kill strikes after a watch tap: within three seconds, the time
  /// the system gives a watch app between a tap and its suspension.
  static let watchKillDelayMilliseconds: ClosedRange<Int64> = 0...3_000
  /// The coverage of the fault space (`BoundaryRelation`): a fault that takes effect within an
  /// hour of a local day boundary is near it. An hour holds the longest late firing a scenario
  /// allows (`lateFiringSecondsMax` ≤ 3600 s), so a reload due at a boundary and served late is
  /// near it, and every rollover check (seconds after the boundary) falls inside it.
  static let boundaryWindowMilliseconds = Instant.millisecondsPerHour

  // MARK: WatchConnectivity

  /// A `sendMessage` (or its reply) between reachable devices: 50 ms to half a second.
  static let messageLatencyMilliseconds: ClosedRange<Int64> = 50...500
  /// A `transferUserInfo` or application context, delivered in the background: 0.2 to 2 s after
  /// the channel may deliver (the system batches them).
  static let backgroundLatencyMilliseconds: ClosedRange<Int64> = 200...2_000

  // MARK: WidgetKit

  /// A granted reload is served from half a second after it was asked…
  static let reloadLatencyMinimumMilliseconds: Int64 = 500
  /// …to the scenario's latest firing, and at least a second.
  static let reloadLatencyFloorMilliseconds: Int64 = 1_000
  /// A widget the person adds gets its first timeline a second later (not a budgeted reload).
  static let firstTimelineMilliseconds: Int64 = 1_000

  // MARK: The judge

  /// After each action, how long the world is given to settle before the quiescence check asks
  /// that every surface agree: longer than any delivery, reload or retry a correct design needs
  /// while the devices are in range.
  static let quiescenceWindowMilliseconds = 30 * Instant.millisecondsPerMinute

  // MARK: What a report keeps

  /// The events a violation's trace shows: enough to see the cause of a violation found by the
  /// judge, few enough to read.
  static let traceLength = 24
  /// The most timed marks (kills, denied reloads, out-of-range spells, disagreements) a chart
  /// keeps per lane: far more than a ten-year run of the shipped scenarios makes; beyond it a
  /// chart would be unreadable anyway.
  static let chartEventsMax = 100_000
  /// The most changes of the chart's values the judge records: a chart of more points is no
  /// longer read, and a run that makes more says where the history stopped.
  static let chartHistoryMax = 2_000_000
}
