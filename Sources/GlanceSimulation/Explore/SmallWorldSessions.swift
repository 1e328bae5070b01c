import GlanceKernel

/// How the person uses the app in a ``SmallWorld``: one session across the moves (the default),
/// or the app left after each move (DocC: Exploring small worlds).
///
/// Moves are ``SmallWorld/spacing`` apart and a move in the app opens it for a minute, so the
/// moves of ``oneSession`` fall in one session: the app goes to the background once, a minute
/// after the last of them. With ``leftAfterEachMove`` it goes to the background
/// ``leaveLag`` after each, before the next move opens it again: what the app does on the way to
/// the background (flushing what it holds, asking WidgetKit for reloads) happens between the
/// moves, as it does for a person who opens the app, taps and leaves.
///
/// It is the world's, not a choice of its plans: leaving the app after each move sends the app
/// to the background between moves, and every background transition asks WidgetKit for reloads
/// whose latencies the explorer takes both ways, so the tree grows fast (the converged budget's
/// 2 moves: 344,664 schedules in one session, 4,142,688 with the app left after each).
///
/// ## Laws
/// - ``oneSession`` adds no action: its plans are the plans of a world without this setting.
/// - ``leftAfterEachMove`` adds one `appLeave` action ``leaveLag`` after each move in the app,
///   before the next move's actions begin (``SmallWorld/spacing`` − ``SmallWorldMove/appOpenLead``
///   after the move), so the script's actions still strictly increase.
public enum SmallWorldSessions: String, Hashable, Sendable, CaseIterable {
  /// Each move in the app opens it for a minute: the moves share one session.
  case oneSession = "one-session"
  /// The person leaves the app half a second after each move in it.
  case leftAfterEachMove = "left-after-each-move"

  /// How long after a move in the app the person leaves it (``leftAfterEachMove``).
  public static let leaveLag: Int64 = 500
}
