import GlanceKernel

/// One plan of a ``SmallWorld``: the person's moves and the scripted fault, and when the updated
/// app is installed where the world's scenario has BabySteps' store move.
///
/// ## Laws
/// - `update` is `nil` exactly when the world does not update the app (``SmallWorld/updatesApp``).
struct SmallWorldPlan: Hashable, Sendable {
  /// The moves and the fault, as a scenario's script.
  let script: Script
  /// When the updated app is installed, or `nil` in a world without a store move.
  let update: SmallWorldUpdate?
}
