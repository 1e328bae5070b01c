/// The first schedule of a plan that broke an invariant: where it lies in the plan's subtree, its
/// script (the plan as actions and faults) and every choice it made, and what broke.
///
/// ## Laws
/// - Replaying `choices` from the plan's start plays the same schedule and breaks the same
///   invariants (the explorer is deterministic).
/// - Running ``scenario`` with its seed and its days, its choices replayed from ``recording``
///   (`simulate --scenario <file> --strategy <the design's> --replay-choices <file>`), plays
///   the same schedule: the design breaks the same invariants.
public struct ExploredViolation: Hashable, Sendable {
  /// The schedule's position among its plan's schedules (from 0).
  public let schedule: Int
  /// The plan: the moves as actions, the fault as a scripted one.
  public let script: Script
  /// Every choice the schedule made, the plan's first.
  public let choices: [Choice]
  /// What the judge found.
  public let violations: [Violation]
  /// The schedule as a scenario: the world's, around its boundary, its script the plan, its
  /// domain the design's alone, its seed and one day.
  public let scenario: Scenario
  /// The schedule's choices as a run of ``scenario`` makes them: the script's own in the plan
  /// section, then the design's play.
  public let recording: ChoiceRecording
}
