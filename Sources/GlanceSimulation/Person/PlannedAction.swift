import Foundation
public import GlanceKernel

/// What the person does, planned once per run from the `workload` stream, so that every strategy
/// faces exactly the same actions at exactly the same instants.
public struct PlannedAction: Hashable, Sendable {
  /// What the person does: the same kinds a scenario's script names.
  public typealias Kind = ScriptedAction.Kind

  /// When the person does it.
  public let time: Instant
  public let kind: Kind
  /// The action's number in the plan (0, 1, 2, …): its identity in reports.
  public let ordinal: Int
  /// The id a design gives the event it records for the action (a delete's own id, say): a
  /// function of the seed and ``time``, so that taking another action away never changes it; never the
  /// system's UUID generator.
  public let eventID: EventID
}
