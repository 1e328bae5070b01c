import GlanceKernel

/// When the updated app is installed in a ``SmallWorld`` whose scenario has BabySteps' store move
/// (the steps domain): the update ends the app's and the widget extension's processes, brings the
/// widget, and the app's next launch moves the store to the App Group (``StoreMove``). The rest of
/// the move (a failing copy, the widget opening the store first, an interruption) is the
/// scenario's.
///
/// ## Laws
/// - Both are explored, in declaration order; each is a ``StoreMove`` of the scenario's with its
///   day and minute set (`storeMove(from:)`), so the schedule's scenario replays it.
public enum SmallWorldUpdate: String, Hashable, Sendable, CaseIterable {
  /// Installed when the run starts: the widget is there for every move, and the app's first
  /// launch moves a store that holds nothing yet.
  case atStart = "at-start"
  /// Installed at the boundary: the moves before it are made in the app before the update (no
  /// widget yet), and the first launch of the app after it moves what they stored.
  case atBoundary = "at-boundary"

  /// The scenario's `move` installed as this says: day 0 (the start date), minute 0, which a run
  /// starting later that day installs at its start; or day 1, minute 0, the boundary (a small
  /// world's boundary is the first instant of the day after the start date).
  func storeMove(from move: StoreMove) -> StoreMove {
    var installed = move
    installed.day = self == .atStart ? 0 : 1
    installed.minute = 0
    return installed
  }
}
