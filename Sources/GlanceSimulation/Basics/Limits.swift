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
  /// The most events the world's queue holds at once: a 30-day run of every domain holds a few
  /// thousand; a queue that grows past this is a design scheduling without end (a reload storm),
  /// which stops the run with a clear message rather than exhausting memory.
  static let queueCapacity = 2_000_000

  // MARK: Faults

  /// How long an armed fault (a kill of a process, a store write failure) waits for the next step
  /// it can strike before it strikes anyway or lapses: six hours, longer than any session, so an
  /// armed fault always meets the next operation of a day.
  static let armedFaultDeadlineMilliseconds = 6 * Instant.millisecondsPerHour
  /// When the watch app's armed kill strikes after a watch tap: within three seconds, the time
  /// the system gives a watch app between a tap and its suspension.
  static let watchKillDelayMilliseconds: ClosedRange<Int64> = 0...3_000

  // MARK: WatchConnectivity

  /// A `sendMessage` (or its reply) between reachable devices: 50 ms to half a second.
  static let messageLatencyMilliseconds: ClosedRange<Int64> = 50...500
  /// A `transferUserInfo` or application context, delivered in the background: 0.2 to 2 s after
  /// the channel may deliver (the system batches them).
  static let backgroundLatencyMilliseconds: ClosedRange<Int64> = 200...2_000

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
