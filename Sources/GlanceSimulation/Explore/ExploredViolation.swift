/// The first schedule of a plan that broke an invariant: where it lies in the plan's subtree, its
/// script (the plan as actions and faults) and every choice it made, and what broke.
///
/// ## Laws
/// - Replaying `choices` from the plan's start plays the same schedule and breaks the same
///   invariants (the explorer is deterministic).
public struct ExploredViolation: Hashable, Sendable {
  /// The schedule's position among its plan's schedules (from 0).
  public let schedule: Int
  /// The plan: the moves as actions, the fault as a scripted one.
  public let script: Script
  /// Every choice the schedule made, the plan's first.
  public let choices: [Choice]
  /// What the judge found.
  public let violations: [Violation]
}
