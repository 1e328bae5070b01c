import GlanceKernel
import PropertyBased
import Testing

/// Rounding by definition, on `Int128`: the neighbours ⌊q⌋ and ⌈q⌉ of q = n / d, and the rule
/// of each mode stated on them. Independent of the kernel's truncate-then-step implementation.
func referenceRound(_ n: Int128, _ d: Int128, _ mode: RoundingMode) -> Int128 {
  precondition(d > 0)
  let floor = n >= 0 ? n / d : -((-n + d - 1) / d)
  let ceil = floor * d == n ? floor : floor + 1
  if floor == ceil { return floor }
  let twiceRemainder = 2 * (n - floor * d)  // in (0, 2d)
  let positive = n > 0
  switch mode {
  case .down: return floor
  case .up: return ceil
  case .towardZero: return positive ? floor : ceil
  case .awayFromZero: return positive ? ceil : floor
  case .halfUp:
    if twiceRemainder == d { return positive ? ceil : floor }
    return twiceRemainder < d ? floor : ceil
  case .halfEven:
    if twiceRemainder == d { return floor % 2 == 0 ? floor : ceil }
    return twiceRemainder < d ? floor : ceil
  }
}

@Suite("Rounding properties")
struct RoundingProperties {
  @Test(
    "the table of RoundingMode's documentation",
    arguments: [
      (RoundingMode.halfUp, [3, -3, 2, -3]), (.halfEven, [2, -2, 2, -3]),
      (.towardZero, [2, -2, 2, -2]), (.awayFromZero, [3, -3, 3, -3]), (.down, [2, -3, 2, -3]),
      (.up, [3, -2, 3, -2]),
    ] as [(RoundingMode, [Int64])])
  func documentedTable(mode: RoundingMode, expected: [Int64]) {
    // 2.5, -2.5, 2.4, -2.6 as tenths of a Rappen divided by 10.
    let inputs: [Int64] = [25, -25, 24, -26]
    let results = inputs.map { Money.chf($0).divided(by: 10, rounding: mode) }
    #expect(results == expected.map { Money.chf($0) })
  }

  @Test("each rounding mode matches its definition (division by an integer)")
  func divisionMatchesDefinition() async {
    await propertyCheck(
      count: 2000, input: MoneyGen.int128Units, Gen.int(in: 1...1000), Gen.element(of: RoundingMode.allCases)
    ) { n, d, mode in
      guard let mode else { return }
      let result = Money(minorUnits: n, currency: .chf).divided(by: d, rounding: mode)
      #expect(result.int128 == referenceRound(n, Int128(d), mode), "\(n) / \(d) \(mode)")
      let negated = Money(minorUnits: n, currency: .chf).divided(by: -d, rounding: mode)
      #expect(negated.int128 == referenceRound(-n, Int128(d), mode), "\(n) / -\(d) \(mode)")
    }
  }

  @Test("each rounding mode matches its definition (multiplication by a Ratio)")
  func ratioMultiplicationMatchesDefinition() async {
    await propertyCheck(
      count: 2000, input: MoneyGen.productUnits, Gen.int64(in: -100_000...100_000),
      Gen.int64(in: 1...100_000), Gen.element(of: RoundingMode.allCases)
    ) { units, numerator, denominator, mode in
      guard let mode else { return }
      let ratio = Ratio(numerator: numerator, denominator: denominator)
      let result = Money(minorUnits: units, currency: .chf).multiplied(by: ratio, rounding: mode)
      let expected = referenceRound(units * Int128(numerator), Int128(denominator), mode)
      #expect(result.int128 == expected)
    }
  }

  @Test("the symmetric modes are odd functions; up(-q) == -down(q)")
  func symmetry() async {
    await propertyCheck(count: 1000, input: MoneyGen.money, Gen.int(in: 1...999)) { amount, d in
      for mode in [RoundingMode.halfUp, .halfEven, .towardZero, .awayFromZero] {
        #expect((-amount).divided(by: d, rounding: mode) == -amount.divided(by: d, rounding: mode))
      }
      #expect((-amount).divided(by: d, rounding: .up) == -amount.divided(by: d, rounding: .down))
    }
  }

  @Test("cash rounding: a multiple of 5 Rappen, idempotent, within 2.5 (nearest) or 4 (directed)")
  func cashRounding() async {
    await propertyCheck(
      count: 2000, input: MoneyGen.money, Gen.element(of: RoundingMode.allCases)
    ) { amount, mode in
      guard let mode else { return }
      let cash = amount.roundedToCash(rounding: mode)
      #expect(cash.divided(by: 5, rounding: .towardZero).multiplied(by: 5) == cash)
      #expect(cash.roundedToCash(rounding: mode) == cash)
      let moved = (cash - amount).magnitude
      let nearest = mode == .halfUp || mode == .halfEven
      #expect(moved <= .chf(nearest ? 2 : 4), "moved \(moved) with \(mode)")
    }
  }

  @Test(
    "cash rounding examples (Swiss ×20, round, ÷20)",
    arguments: [
      (102, 100), (103, 105), (107, 105), (108, 110), (-103, -105), (-102, -100), (0, 0), (5, 5),
    ] as [(Int64, Int64)])
  func cashRoundingExamples(rappen: Int64, expected: Int64) {
    #expect(Money.chf(rappen).roundedToCash(rounding: .halfUp) == .chf(expected))
    #expect(Money(minorUnits: rappen, currency: .eur).roundedToCash(rounding: .halfUp).minorUnits(exactlyAs: Int64.self) == rappen)
  }

  @Test("division by zero is a programmer error and traps")
  func divisionByZeroTraps() async {
    await #expect(processExitsWith: .failure) {
      _ = Money.chf(100).divided(by: 0, rounding: .halfUp)
    }
    await #expect(processExitsWith: .failure) {
      _ = Ratio(numerator: 1, denominator: 0)
    }
  }
}
