import GlanceKernel
import Testing

/// 5-Rappen cash rounding (Pulpe has none; Swiss cash has no 1- or 2-Rappen coin), worked out by
/// hand: divide the Rappen by 5, round that quotient by the mode, multiply by 5.
@Suite("Hand-worked: 5-Rappen cash rounding")
struct CashRoundingExamples {
  /// 12.32 CHF is 1232 Rappen; 1232 ÷ 5 = 246.4.
  /// - half up: 246 → 1230 (12.30); half even: 246 → 12.30;
  /// - toward zero and down: 246 → 12.30; away from zero and up: 247 → 1235 (12.35).
  /// 12.33 is 1233; ÷ 5 = 246.6: half up and half even 247 → 12.35, toward zero and down 246 →
  /// 12.30, away from zero and up 247 → 12.35.
  /// -12.33 is -1233; ÷ 5 = -246.6: half up (away from zero at .5, nearest here) -247 → -12.35,
  /// half even -247 → -12.35, toward zero -246 → -12.30, away from zero -247 → -12.35, down
  /// (toward −∞) -247 → -12.35, up (toward +∞) -246 → -12.30.
  @Test(
    "12.32, 12.33 and -12.33 CHF in every mode",
    arguments: [
      (RoundingMode.halfUp, [1230, 1235, -1235]), (.halfEven, [1230, 1235, -1235]),
      (.towardZero, [1230, 1230, -1230]), (.awayFromZero, [1235, 1235, -1235]), (.down, [1230, 1230, -1235]),
      (.up, [1235, 1235, -1230]),
    ] as [(RoundingMode, [Int64])])
  func everyMode(mode: RoundingMode, expected: [Int64]) {
    let rounded = [1232, 1233, -1233].map { Money.chf($0).roundedToCash(rounding: mode) }
    #expect(rounded == expected.map(Money.chf))
  }

  /// Rappen ÷ 5 ends in .0, .2, .4, .6 or .8, never in .5: half up and half even never disagree
  /// on whole Rappen. 2.47 (247 ÷ 5 = 49.4) → 2.45; 2.48 (49.6) → 2.50; 0.02 (0.4) → 0.00;
  /// 0.03 (0.6) → 0.05.
  @Test("no Rappen amount is a tie: 2.47 → 2.45, 2.48 → 2.50, 0.02 → 0, 0.03 → 0.05")
  func noTies() {
    for (rappen, cash) in [(247, 245), (248, 250), (2, 0), (3, 5)] as [(Int64, Int64)] {
      #expect(Money.chf(rappen).roundedToCash(rounding: .halfUp) == .chf(cash))
      #expect(Money.chf(rappen).roundedToCash(rounding: .halfEven) == .chf(cash))
    }
    // Euros have no national cash rule here: the increment is one cent, so nothing changes.
    #expect(Money(minorUnits: 1233, currency: .eur).roundedToCash(rounding: .halfUp) == Money(minorUnits: 1233, currency: .eur))
  }
}
