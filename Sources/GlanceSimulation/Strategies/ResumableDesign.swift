/// A design whose state can be copied as it stands between two events, so that an exploration
/// resumes a schedule from a snapshot of its play instead of playing the schedule's common
/// prefix again (DocC: Exploring small worlds, Resuming instead of replaying). A design that is
/// not one is played from the start for every schedule, as before; the schedules, their
/// outcomes and the report are the same either way.
///
/// ## Laws
/// - ``copy(into:)`` shares nothing mutable with `self`: every log it holds is copied over
///   `stores` (``SimulatedEventLog/copy(into:)``), every port and every cache is the copy's own
///   (a cache may start empty: it is folded again when next read).
/// - The copy answers every later call exactly as `self` would have.
/// - A design that keeps a ``ProcessMemory`` is not one: the process lives it refers to are
///   the world's, which a resumed world copies.
protocol ResumableDesign: SyncDesign {
  /// This design as it stands, its logs copied over `stores` (a copy of the play's stores,
  /// ``RunStores/copy()``).
  func copy(into stores: RunStores) -> Self
}
