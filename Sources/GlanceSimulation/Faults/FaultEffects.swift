/// What the faults in effect do to the platform now that a checker must allow for: the judge
/// reads them through ``PlatformFacts/faultEffects`` and nothing else of the faults, so a family
/// whose strikes change what a surface can show adds a field here (in `Faults/`) and touches only
/// the checker that allows for it.
///
/// ## Laws
/// - It describes the platform, never a design: each field is counted by the injector from what
///   struck (``StoreFaults``), not asked of a design.
/// - With no fault in effect every field is zero: a run without faults is judged exactly as
///   before (``none``).
/// - It is cheap to make (the judge reads it after every event): a few integers read from the
///   injector, no collection copied.
struct FaultEffects: Equatable, Sendable {
  /// How many events of writes the App Group store deferred (another process held its write
  /// lock, or the store was suspended) and has not taken since
  /// (``StoreFaults/deferredEvents``): no surface that reads the store can show them yet.
  var deferredWrites: Int

  /// No fault in effect.
  static let none = FaultEffects(deferredWrites: 0)
}
