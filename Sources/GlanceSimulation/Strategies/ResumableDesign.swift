import GlanceKernel

/// A design whose state can be copied as it stands between two events, so that an exploration
/// resumes a schedule from a snapshot of its play instead of playing the schedule's common
/// prefix again (DocC: Exploring small worlds, Resuming instead of replaying), and fingerprinted,
/// so that the exploration counts the distinct states its schedules part at (Counting states).
/// A design that is not one is played from the start for every schedule, as before; the
/// schedules, their outcomes and the report are the same either way, but for the states, not
/// counted.
///
/// ## Laws
/// - ``copy(into:)`` shares nothing mutable with `self`: every log it holds is copied over
///   `stores` (``SimulatedEventLog/copy(into:)``), every port and every cache is the copy's own
///   (a cache may start empty: it is folded again when next read).
/// - The copy answers every later call exactly as `self` would have.
/// - A design that keeps a ``ProcessMemory`` is not one: the process lives it refers to are
///   the world's, which a resumed world copies.
/// - ``fingerprint(into:)`` feeds everything that decides what the design does and shows from
///   here on, and nothing else: two designs that feed the same (between two events, with equal
///   worlds) answer every later call alike; a cache and a figure kept for the report are left
///   out.
protocol ResumableDesign: SyncDesign where Message: StateFingerprinted, Step: StateFingerprinted {
  /// This design as it stands, its logs copied over `stores` (a copy of the play's stores,
  /// ``RunStores/copy()``).
  func copy(into stores: RunStores) -> Self

  /// Feeds `hasher` this design's state between two events: its logs' contents
  /// (``SimulatedEventLog/fingerprint(into:)``), what its engines keep in memory, and its own
  /// fields; not its caches, nor its platform (which holds nothing between two calls but
  /// figures).
  func fingerprint(into hasher: inout StateHasher)
}
