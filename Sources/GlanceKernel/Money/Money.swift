/// An exact amount of money: an integer number of minor units (Rappen, cents) of any size.
///
/// `Money` never rounds on its own and never touches floating point. Amounts come in as integers,
/// as text (`Money(canonical:currency:)`, `Money.parse(userInput:currency:)`) or as the result of
/// an operation with an explicit `RoundingMode`.
///
/// ```swift
/// let price = try Money(canonical: "1234.56", currency: .chf)
/// price.formatted(.full)        // "1’234.56 CHF"
/// price.formatted(.compact)     // "1’235 CHF"
/// let vat = price.multiplied(by: Ratio(numerator: 81, denominator: 1000), rounding: .halfUp)
/// vat.description               // "100.00"
/// ```
///
/// Representation: values that fit in `Int64` minor units (±92 233 720 368 547 758.07 CHF) live
/// inline; larger ones are promoted to a big integer held by a copy-on-write box (GMP on Linux and
/// macOS with the default trait `GMP`, attaswift/BigInt elsewhere), and demoted again as soon as a
/// result fits. The forms and the backends are indistinguishable to callers: same figures, same
/// text, same hashes.
///
/// Mixing currencies is a programmer error: `+`, `-`, `<` and friends trap when the currencies
/// differ, as integer overflow does in Swift. `==` simply answers `false`.
///
/// Laws (property-tested, including far beyond `Int64` and across ±2^63):
/// - `(a + b) - b == a`; `a + b == b + a`; `(a + b) + c == a + (b + c)`; `a + .zero == a`;
/// - `a < b` exactly when `(b - a)` is positive;
/// - `Money(canonical: a.description) == a`;
/// - `Money.parse(userInput: a.formatted(.full)) == a`;
/// - `a.allocated(byWeights: w)` sums to `a`, each part within one minor unit of its share;
/// - `a.roundedToCash(rounding: m)` is a multiple of the cash increment and is idempotent.
public struct Money: Sendable {
  /// The amount in minor units.
  @usableFromInline
  var units: BigInteger

  /// The currency of the amount.
  public let currency: Currency

  @inlinable @inline(__always)
  init(units: BigInteger, currency: Currency) {
    self.units = units
    self.currency = currency
  }

  /// An amount of `minorUnits` Rappen or cents: `Money(minorUnits: 123_456, currency: .chf)` is
  /// 1’234.56 CHF.
  @inlinable @inline(__always)
  public init(minorUnits: Int64, currency: Currency) {
    self.init(units: BigInteger(minorUnits), currency: currency)
  }

  /// An amount of `minorUnits` Rappen or cents, from any Swift integer (`Int128`, `UInt64`, …).
  public init(minorUnits: some BinaryInteger, currency: Currency) {
    self.init(units: BigInteger(minorUnits), currency: currency)
  }

  /// Zero in `currency`.
  @inlinable
  public static func zero(_ currency: Currency) -> Money {
    Money(minorUnits: Int64(0), currency: currency)
  }

  /// The amount in minor units as a `T`, or `nil` when `T` cannot hold it.
  ///
  /// `amount.minorUnits(exactlyAs: Int64.self)` succeeds for every amount within
  /// ±92 233 720 368 547 758.07; use `Int128` or `description` for larger ones.
  @_specialize(exported:true,where T == Int)
  @_specialize(exported:true,where T == Int64)
  public func minorUnits<T: FixedWidthInteger>(exactlyAs type: T.Type) -> T? {
    units.exactly(as: type)
  }

  /// Whether the amount is zero.
  public var isZero: Bool { units.isZero }

  /// Whether the amount is below zero.
  public var isNegative: Bool { units.isNegative }

  /// The sign of the amount: -1, 0 or +1.
  public var signum: Int { units.signum }

  /// The absolute value of the amount.
  public var magnitude: Money { Money(units: units.magnitude, currency: currency) }

  /// Whether the amount is held in a big-integer box. A test hook for the promotion/demotion tests.
  package var isBoxed: Bool { units.isBoxed }

  @inlinable @inline(__always)
  static func requireSameCurrency(_ lhs: Money, _ rhs: Money, _ operation: StaticString) {
    precondition(
      lhs.currency == rhs.currency,
      "\(operation) mixes currencies: \(lhs.currency.code) and \(rhs.currency.code)")
  }
}

// MARK: - Arithmetic

extension Money {
  /// The exact sum. - Precondition: same currency.
  @inlinable @inline(__always)
  public static func + (lhs: Money, rhs: Money) -> Money {
    requireSameCurrency(lhs, rhs, "+")
    return Money(units: lhs.units + rhs.units, currency: lhs.currency)
  }

  /// The exact difference. - Precondition: same currency.
  @inlinable @inline(__always)
  public static func - (lhs: Money, rhs: Money) -> Money {
    requireSameCurrency(lhs, rhs, "-")
    return Money(units: lhs.units - rhs.units, currency: lhs.currency)
  }

  /// Adds in place; a large amount held only here is updated without allocating.
  /// - Precondition: same currency.
  @inlinable @inline(__always)
  public static func += (lhs: inout Money, rhs: Money) {
    requireSameCurrency(lhs, rhs, "+=")
    lhs.units += rhs.units
  }

  /// `self += other` through the big-integer box (or for a mismatched currency, to trap), taking `other` by
  /// borrow so that a large amount read in place is not retained and released.
  @usableFromInline @inline(never)
  mutating func addOutOfLine(_ other: borrowing Money) {
    precondition(
      currency == other.currency,
      "+= mixes currencies: \(currency.code) and \(other.currency.code)")
    units.addSlow(other.units)
  }

  /// Subtracts in place. - Precondition: same currency.
  @inlinable @inline(__always)
  public static func -= (lhs: inout Money, rhs: Money) {
    requireSameCurrency(lhs, rhs, "-=")
    lhs.units -= rhs.units
  }

  /// The amount with its sign flipped. Zero stays zero (there is no negative zero).
  public static prefix func - (operand: Money) -> Money {
    Money(units: -operand.units, currency: operand.currency)
  }

  /// The exact product with an integer quantity: `price * 3`.
  @inlinable @inline(__always)
  public static func * (lhs: Money, rhs: Int) -> Money {
    Money(units: lhs.units * BigInteger(Int64(rhs)), currency: lhs.currency)
  }

  /// The exact product with an integer quantity: `3 * price`.
  @inlinable @inline(__always)
  public static func * (lhs: Int, rhs: Money) -> Money {
    rhs * lhs
  }

  /// The exact product with an integer of any size.
  public func multiplied(by factor: some BinaryInteger) -> Money {
    Money(units: units * BigInteger(factor), currency: currency)
  }

  /// The sum of `amounts`, or zero in `currency` when there are none.
  /// - Precondition: every amount is in `currency`.
  /// - Complexity: O(n); large running totals are updated in place.
  @inlinable
  public static func sum(_ amounts: some Sequence<Money>, currency: Currency) -> Money {
    var total = Money.zero(currency)
    // Contiguous storage is read in place: borrowing each element skips a retain and a release
    // per amount, which is most of the cost of adding small amounts.
    let summedInPlace: Void? = amounts.withContiguousStorageIfAvailable { buffer in
      for index in buffer.indices {
        // Small amounts are added by reading their fields in place; copying the element (as
        // `total += buffer[index]` does) would cost a retain of its optional box per amount.
        if buffer[index].currency == currency, total.units.addInline(buffer[index].units) {
          continue
        }
        total.addOutOfLine(buffer[index])
      }
    }
    if summedInPlace == nil {
      for amount in amounts { total += amount }
    }
    return total
  }
}

// MARK: - Equatable, Hashable, Comparable

extension Money: Hashable {
  /// Same currency and same number of minor units. Amounts in different currencies are never
  /// equal (no conversion happens).
  public static func == (lhs: Money, rhs: Money) -> Bool {
    lhs.currency == rhs.currency && lhs.units == rhs.units
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(currency)
    hasher.combine(units)
  }
}

extension Money: Comparable {
  /// Orders amounts of one currency by value. - Precondition: same currency.
  public static func < (lhs: Money, rhs: Money) -> Bool {
    requireSameCurrency(lhs, rhs, "<")
    return lhs.units < rhs.units
  }
}

// MARK: - Text

extension Money: CustomStringConvertible, CustomDebugStringConvertible {
  /// The canonical form: an optional `-`, the whole units, a `.` and exactly two decimals, as in
  /// `-1234.50`. No grouping and no currency; `Money(canonical:currency:)` reads it back.
  public var description: String {
    String(decoding: canonicalBytes(), as: UTF8.self)
  }

  /// The canonical form with the currency code, as in `Money(-1234.50 CHF)`.
  public var debugDescription: String {
    "Money(\(description) \(currency.code))"
  }

  /// The canonical text as UTF-8: sign, whole units, `.`, two decimals.
  func canonicalBytes() -> [UInt8] {
    let (whole, fraction) = splitDigits()
    var bytes = [UInt8]()
    bytes.reserveCapacity(whole.count + 4)
    if units.isNegative { bytes.append(UInt8(ascii: "-")) }
    bytes.append(contentsOf: whole)
    bytes.append(UInt8(ascii: "."))
    bytes.append(contentsOf: fraction)
    return bytes
  }

  /// The magnitude's digits split into whole units (at least `"0"`) and the two decimals.
  func splitDigits() -> (whole: ArraySlice<UInt8>, fraction: ArraySlice<UInt8>) {
    var digits = units.magnitudeDigits
    let decimals = currency.minorUnitDigits
    if digits.count <= decimals {
      digits.insert(contentsOf: repeatElement(UInt8(ascii: "0"), count: decimals + 1 - digits.count), at: 0)
    }
    let split = digits.count - decimals
    return (digits[..<split], digits[split...])
  }
}
