import GlanceKernel

/// The steps of Pulpe's operations the world schedules.
enum PulpeStep: Hashable, Sendable, OperationStep {
  /// The undo toast of a soft delete ends (3 s): `commitPendingSoftDeletions` sends the
  /// `DELETE` of expense `id` to the backend. A kill before it loses the delete.
  case commitDeletion(EventID)

  var isOperationStep: Bool { true }
}
