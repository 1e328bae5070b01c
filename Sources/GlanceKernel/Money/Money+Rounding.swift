// Every operation whose exact result may fall between two minor units takes a `RoundingMode`.

extension Money {
  /// An amount of `minorUnits` (an exact ratio of minor units) rounded by `rounding`.
  ///
  /// `Money(minorUnits: Ratio(numerator: 203_000, denominator: 17), currency: .chf,
  /// rounding: .down)` is 119.41 CHF.
  public init(minorUnits: Ratio, currency: Currency, rounding: RoundingMode) {
    self.init(
      units: minorUnits.numeratorValue.divided(by: minorUnits.denominatorValue, rounding: rounding),
      currency: currency)
  }

  /// The exact amount as a ratio of minor units (`12.50 CHF` is `1250`).
  public var minorUnitsRatio: Ratio { Ratio(reducedNumerator: units, denominator: .one) }

  /// The amount times `factor`, rounded to a minor unit by `rounding`.
  ///
  /// `100.00 CHF × 81/1000` is exactly 8.10 CHF; `0.05 CHF × 1/2` is 0.025 and becomes 0.03
  /// (`halfUp`) or 0.02 (`halfEven`).
  @inlinable @inline(__always)
  public func multiplied(by factor: Ratio, rounding: RoundingMode) -> Money {
    // Inline amount and ratio, and a product within Int64: one multiply, and a division by the
    // denominator's reciprocal (a multiplication), in registers.
    if units.box == nil, factor.numeratorValue.box == nil, let reciprocal = factor.denominatorReciprocal {
      let (product, overflow) = units.inlineValue.multipliedReportingOverflow(by: factor.numeratorValue.inlineValue)
      if !overflow {
        let quotient = BigInteger.divide(product, by: reciprocal, rounding: rounding)
        return Money(units: BigInteger(quotient), currency: currency)
      }
    }
    return multipliedSlow(by: factor, rounding: rounding)
  }

  @usableFromInline @inline(never)
  func multipliedSlow(by factor: Ratio, rounding: RoundingMode) -> Money {
    Money(
      units: (units * factor.numeratorValue).divided(by: factor.denominatorValue, rounding: rounding),
      currency: currency)
  }

  /// The amount divided by `divisor`, rounded to a minor unit by `rounding`.
  /// - Precondition: `divisor` is not zero.
  public func divided(by divisor: some BinaryInteger, rounding: RoundingMode) -> Money {
    Money(units: units.divided(by: BigInteger(divisor), rounding: rounding), currency: currency)
  }

  /// The amount divided by `divisor`, rounded to a minor unit by `rounding`.
  /// - Precondition: `divisor` is not zero.
  public func divided(by divisor: Ratio, rounding: RoundingMode) -> Money {
    precondition(!divisor.isZero, "Money \(self) divided by a zero Ratio")
    var numerator = units * divisor.denominatorValue
    var denominator = divisor.numeratorValue
    if denominator.isNegative {
      numerator = -numerator
      denominator = -denominator
    }
    return Money(units: numerator.divided(by: denominator, rounding: rounding), currency: currency)
  }

  /// The exact ratio `self / other`, for shares and percentages (usage = expenses ÷ available).
  /// - Precondition: same currency, and `other` is not zero.
  public func ratio(to other: Money) -> Ratio {
    Money.requireSameCurrency(self, other, "ratio(to:)")
    precondition(!other.isZero, "ratio of \(self) to a zero amount")
    return Ratio(numerator: units, denominator: other.units)
  }

  /// The nearest multiple of `increment` minor units in the direction `rounding` chooses.
  ///
  /// `rounded(toMultipleOf: 100, rounding: .halfUp)` rounds to whole francs.
  /// - Precondition: `increment` is positive.
  public func rounded(toMultipleOf increment: Int64, rounding: RoundingMode) -> Money {
    precondition(increment > 0, "rounding increment must be positive, got \(increment)")
    let step = BigInteger(increment)
    return Money(units: units.divided(by: step, rounding: rounding) * step, currency: currency)
  }

  /// The amount rounded to the currency's smallest cash coin: 5 Rappen for CHF.
  ///
  /// This is the Swiss "×20, round, ÷20" rule: with `halfUp`, 1.02 → 1.00, 1.03 → 1.05,
  /// 1.07 → 1.05 and 1.08 → 1.10. Whole Rappen are never exactly halfway between two multiples of
  /// 5, so `halfUp` and `halfEven` agree here.
  /// Round totals, not lines (as Sage X3 and Swiss cash registers do): rounding each line first
  /// can move a total by more than 2.5 Rappen.
  ///
  /// Laws: the result is a multiple of the increment; rounding it again changes nothing; with a
  /// nearest mode (`halfUp`, `halfEven`) it moves the amount by at most 2.5 Rappen (2 in fact), with a
  /// directed mode (`down`, `up`, …) by at most 4.
  public func roundedToCash(rounding: RoundingMode) -> Money {
    rounded(toMultipleOf: currency.cashIncrementMinorUnits, rounding: rounding)
  }
}
