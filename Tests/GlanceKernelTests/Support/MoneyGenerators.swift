import GlanceKernel
import PropertyBased

/// Generators for money tests. They deliberately reach far beyond `Int64` and straddle ±2^63,
/// so that promotion to GMP and demotion back run in every property.
enum MoneyGen {
  /// Minor-unit values that `Int128` can hold, in four bands: small, around ±2^63, up to ±2^100,
  /// and anything in ±2^62 (for products that must stay within `Int128`).
  static var int128Units: Generator<Int128, some SendableSequenceType> {
    zip(
      Gen.int(in: 0...3),
      Gen.int64(in: -1_000_000_000...1_000_000_000),
      Gen.int64(in: -4096...4096),
      Gen.int128(in: -(Int128(1) << 100)...(Int128(1) << 100))
    ).map { band, small, offset, wide -> Int128 in
      switch band {
      case 0: return Int128(small)
      case 1:
        // Around +2^63 or -2^63: Int64.max + offset or Int64.min + offset.
        let edge = offset >= 0 ? Int128(Int64.max) : Int128(Int64.min)
        return edge + Int128(offset)
      case 2: return wide
      default: return Int128(small) * 1_000_000_000
      }
    }
  }

  /// Values small enough that a product of two stays within `Int128` (|x| < 2^63 + 4096).
  static var productUnits: Generator<Int128, some SendableSequenceType> {
    zip(
      Gen.bool, Gen.int64(in: -4096...4096), Gen.int64()
    ).map { nearEdge, offset, any -> Int128 in
      nearEdge ? Int128(offset >= 0 ? Int64.max : Int64.min) + Int128(offset) : Int128(any)
    }
  }

  /// Amounts of any size: the `Int128` bands above, plus decimal strings of 20 to 80 digits
  /// (up to 10^78 CHF), built through the canonical parser rather than through arithmetic.
  static var money: Generator<Money, some SendableSequenceType> {
    zip(
      Gen.int(in: 0...4), int128Units, Gen.number.string(of: 20...80), Gen.bool
    ).map { band, units, digits, negative -> Money in
      if band < 4 { return Money(minorUnits: units, currency: .chf) }
      return hugeMoney(digits: digits, negative: negative)
    }
  }

  /// Amounts below one million francs, for differential tests against Foundation's `Decimal`.
  static var decimalRangeUnits: Generator<Int64, some SendableSequenceType> {
    Gen.int64(
      in: -100_000_000...100_000_000)
  }

  /// A huge amount from its minor-unit digits; the digit string has at least 20 digits.
  static func hugeMoney(digits: String, negative: Bool) -> Money {
    let trimmed = digits.drop { $0 == "0" }
    let whole = trimmed.isEmpty ? "0" : String(trimmed)
    let padded = String(repeating: "0", count: max(0, 3 - whole.count)) + whole
    let text = (negative ? "-" : "") + padded.dropLast(2) + "." + padded.suffix(2)
    do {
      return try Money(canonical: text, currency: .chf)
    } catch {
      preconditionFailure("generator built invalid canonical text \(text): \(error)")
    }
  }
}

extension Money {
  /// The exact value in minor units, or `nil` when it does not fit in `Int128`.
  var int128: Int128? { minorUnits(exactlyAs: Int128.self) }

  /// Amount of `units` minor units of CHF, for examples.
  static func chf(_ units: Int64) -> Money { Money(minorUnits: units, currency: .chf) }
}
