import GlanceKernel

/// What the person set up for the tally: the daily limit every surface's status band is
/// measured against, and the longest smoke-free streak the app counts.
///
/// ## Laws
/// - `dailyLimit >= 0` and `streakLimit >= 0` (checked).
public struct TallySettings: Hashable, Sendable {
  /// The daily limit of the status band.
  public let dailyLimit: Int
  /// The longest streak counted (MirrorSmoker counts 30).
  public let streakLimit: Int

  /// Settings with this limit and streak cap.
  public init(dailyLimit: Int, streakLimit: Int) {
    precondition(dailyLimit >= 0, "a daily limit cannot be negative (got \(dailyLimit))")
    precondition(streakLimit >= 0, "a streak limit cannot be negative (got \(streakLimit))")
    self.dailyLimit = dailyLimit
    self.streakLimit = streakLimit
  }

  /// How far back the app reads its log for the summary: every day the streak and the 30-day
  /// average can reach, with two days to spare for long DST days.
  var summaryWindowMilliseconds: Int64 {
    Int64(max(streakLimit, 30) + 2) * Instant.millisecondsPerDay
  }
}
