public import GlanceKernel

/// What the simulated person has set up, the same for the truth and every design: the tally's
/// daily limit and streak cap, the steps plan, the budget's income and the name of an expense.
///
/// These are inputs, like the scenario: a design reads them as its app reads the person's
/// settings; the domain models read them to know what each surface should show.
public enum PersonSettings {
  /// The daily limit the tally's status band is measured against.
  public static let tallyDailyLimit = 10
  /// The longest smoke-free streak the tally counts (MirrorSmoker's 30).
  public static let tallyStreakLimit = 30
  /// The income of every pay period: 5 000 CHF.
  public static let income = Money(minorUnits: Int64(500_000), currency: .chf)
  /// The name the person gives every expense on the add-expense sheet.
  public static let expenseName = "Courses"
  /// The quick-amount chip the expense entered at `instant` uses: 10, 15, 20 or 30 francs.
  public static func quickAmount(at instant: Instant) -> Int {
    AmountEntry.quickAmounts[Int(UInt64(bitPattern: instant.millisecondsSince1970) % UInt64(AmountEntry.quickAmounts.count))]
  }
}
