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
  /// The amount in minor units, tagged with the currency (`Currency.tag`): 16 bytes in all.
  @usableFromInline
  var units: BigInteger

  /// The currency of the amount.
  @inlinable
  public var currency: Currency { Currency(tag: units.tag) }

  /// `units` in `currency`, whatever tag `units` had.
  @inlinable @inline(__always)
  init(units: BigInteger, currency: Currency) {
    self.units = units.tagged(currency.tag)
  }

  /// An amount whose units already carry their currency's tag (an operation's result keeps its
  /// left operand's tag).
  @inlinable @inline(__always)
  init(taggedUnits units: BigInteger) {
    self.units = units
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
      lhs.units.tag == rhs.units.tag,
      "\(operation) mixes currencies: \(lhs.currency.code) and \(rhs.currency.code)")
  }
}

// MARK: - Arithmetic

extension Money {
  /// The exact sum. - Precondition: same currency.
  @inlinable @inline(__always)
  public static func + (lhs: Money, rhs: Money) -> Money {
    requireSameCurrency(lhs, rhs, "+")
    return Money(taggedUnits: lhs.units + rhs.units)
  }

  /// The exact difference. - Precondition: same currency.
  @inlinable @inline(__always)
  public static func - (lhs: Money, rhs: Money) -> Money {
    requireSameCurrency(lhs, rhs, "-")
    return Money(taggedUnits: lhs.units - rhs.units)
  }

  /// Adds in place; a large amount held only here is updated without allocating.
  /// - Precondition: same currency.
  @inlinable @inline(__always)
  public static func += (lhs: inout Money, rhs: Money) {
    requireSameCurrency(lhs, rhs, "+=")
    // The slow path takes the total by value and gives it back (`consume` keeps its box
    // unshared, so it is still updated in place), so that a running total is never passed by
    // address and stays in a register across a loop.
    if !lhs.units.addInline(rhs.units) { lhs = addingSlow(consume lhs, rhs) }
  }

  /// `lhs + rhs` into `lhs`'s box when `lhs` holds the only reference to it.
  @usableFromInline @inline(never)
  static func addingSlow(_ lhs: consuming Money, _ rhs: Money) -> Money {
    lhs.units.addSlow(rhs.units)
    return lhs
  }

  /// `self += Σ amounts` through one big-integer box (`ExactInteger.addEach`), reading the amounts in
  /// place. - Precondition: every amount is in `self`'s currency.
  @usableFromInline @inline(never)
  mutating func addEach(_ amounts: UnsafeBufferPointer<Money>) {
    for index in amounts.indices {
      precondition(
        amounts[index].units.tag == units.tag,
        "Money.sum mixes currencies: \(currency.code) and \(amounts[index].currency.code) at \(index)")
    }
    // `Money` is its `units` and nothing else (asserted below), so the buffer is one of them.
    assert(MemoryLayout<Money>.stride == MemoryLayout<BigInteger>.stride, "Money is more than its units")
    amounts.withMemoryRebound(to: BigInteger.self) { units.addEach($0) }
  }

  /// Subtracts in place. - Precondition: same currency.
  @inlinable @inline(__always)
  public static func -= (lhs: inout Money, rhs: Money) {
    requireSameCurrency(lhs, rhs, "-=")
    lhs.units -= rhs.units
  }

  /// The amount with its sign flipped. Zero stays zero (there is no negative zero).
  @inlinable @inline(__always)
  public static prefix func - (operand: Money) -> Money {
    Money(taggedUnits: -operand.units)
  }

  /// The exact product with an integer quantity: `price * 3`.
  @inlinable @inline(__always)
  public static func * (lhs: Money, rhs: Int) -> Money {
    // Inline: (value << 1) × quantity is the product's word without its tag.
    if lhs.units.box == nil {
      let (product, overflow) = BigInteger.untagged(lhs.units.word).multipliedReportingOverflow(by: Int64(rhs))
      if !overflow { return Money(taggedUnits: BigInteger(word: product | lhs.units.tag, box: nil)) }
    }
    return productSlow(lhs, rhs)
  }

  @usableFromInline @inline(never)
  static func productSlow(_ lhs: Money, _ rhs: Int) -> Money {
    Money(taggedUnits: lhs.units * BigInteger(Int64(rhs)))
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

  /// Adds `amount × quantity` in place, without making the product first: a line's price times
  /// its quantity onto a running total.
  ///
  /// ```swift
  /// var total = Money.zero(.chf)
  /// for line in basket { total.add(line.price, times: line.quantity) }
  /// ```
  ///
  /// Small amounts are one multiply and one add on the words, each checked for overflow; past the
  /// inline range the product is added into the total's box by one fused multiply-add (GMP's
  /// `mpz_addmul_ui`), never through a box of its own.
  ///
  /// Law (property-tested at every size, on both backends): `total.add(a, times: q)` leaves
  /// `total` equal to `total + a * q`, in the same form.
  /// - Precondition: same currency.
  @inlinable @inline(__always)
  public mutating func add(_ amount: borrowing Money, times quantity: Int) {
    precondition(
      units.tag == amount.units.tag, "add(_:times:) mixes currencies: \(currency.code) and \(amount.currency.code)")
    if !units.addProductInline(amount.units, times: Int64(quantity)) {
      self = Money.addingProductSlow(consume self, amount, quantity)
    }
  }

  /// `total + amount × quantity` into `total`'s box when `total` holds the only reference to it.
  /// The amount is borrowed: a caller that reads it out of an array need not retain its box.
  @usableFromInline @inline(never)
  static func addingProductSlow(_ total: consuming Money, _ amount: borrowing Money, _ quantity: Int) -> Money {
    total.units.addProductSlow(amount.units, times: Int64(quantity))
    return total
  }

  /// Σ `amounts[i] × quantities[i]`, or zero in `currency` when there are none: the total of a
  /// basket, each line read in place and added without a temporary product.
  ///
  /// ```swift
  /// Money.sum(of: prices, times: quantities, currency: .chf)
  /// ```
  ///
  /// Law (property-tested at every size, on both backends): equals
  /// `Money.sum(zip(amounts, quantities).map { $0 * $1 }, currency: currency)`.
  /// - Precondition: as many quantities as amounts, and every amount in `currency`.
  /// - Complexity: O(n); past the inline range the rest goes into one box, each line by one
  ///   fused multiply-add.
  @inlinable
  public static func sum(
    of amounts: some Collection<Money>, times quantities: some Collection<Int>, currency: Currency
  )
    -> Money
  {
    precondition(amounts.count == quantities.count, "Money.sum of \(amounts.count) amounts times \(quantities.count) quantities")
    var total = Money.zero(currency)
    let summedInPlace: Void? =
      amounts.withContiguousStorageIfAvailable { amountBuffer in
        quantities.withContiguousStorageIfAvailable { quantityBuffer in
          total.addProducts(amountBuffer, quantityBuffer)
        }
      } ?? nil
    if summedInPlace == nil {
      for (amount, quantity) in zip(amounts, quantities) { total.add(amount, times: quantity) }
    }
    return total
  }

  /// `self += Σ amounts[i] × quantities[i]`, reading the buffers in place: in one pass on the
  /// words when every amount, product and partial sum is inline, otherwise all of it through one
  /// box.
  @inlinable
  mutating func addProducts(_ amounts: UnsafeBufferPointer<Money>, _ quantities: UnsafeBufferPointer<Int>) {
    precondition(amounts.count == quantities.count, "\(amounts.count) amounts for \(quantities.count) quantities")
    if units.box == nil, let word = Money.inlineSumOfProducts(amounts, quantities, onto: units.word) {
      units = BigInteger(word: word, box: nil)
    } else {
      addEachProduct(amounts, quantities)
    }
  }

  /// `word` plus Σ `amounts[i] × quantities[i]` on the words, or `nil` as soon as a product or a
  /// partial sum overflows the inline range, or when an amount is boxed or in another currency
  /// than `word`'s tag (the caller then starts again through a box, which names a currency
  /// mismatch).
  ///
  /// Per amount one load of its word, one of its box reference, a subtraction, a multiply and an
  /// add: the amount's word minus the total's tag is `v << 1` (even) in the same currency and odd
  /// in the other, so the currencies are checked by OR-ing those differences and testing one bit
  /// after the loop; the box references are OR-ed the same way (a boxed amount's word holds only
  /// its tag, so until the check it adds zero). Only the two overflows branch, to the exit.
  ///
  /// Four amounts a step: the loop's own work (index, bound, branch) is paid once per four
  /// products. Measured beside plain `Int64` on 100 000 amounts: 1.21–1.28× unrolled, 1.63–2.04×
  /// one a step (Benchmarks/README.md, issue 36).
  @inlinable
  static func inlineSumOfProducts(
    _ amounts: UnsafeBufferPointer<Money>, _ quantities: UnsafeBufferPointer<Int>, onto word: Int64
  ) -> Int64? {
    assert(rawLayoutIsWordThenBox, "Money is no longer (word, box): inlineSumOfProducts must not read it as such")
    precondition(amounts.count == quantities.count, "\(amounts.count) amounts for \(quantities.count) quantities")
    let tag = word & BigInteger.tagMask
    var total = word
    var differences: Int64 = 0  // OR of every (word - tag): bit 0 set if a currency differs
    var boxes: UInt = 0  // OR of the box references' bits: 0 when every amount is inline
    let completed: Bool = amounts.withMemoryRebound(to: (Int64, UInt).self) { pairs in
      /// Adds the product at `index` to `total`; `false` (and `total` unchanged) on overflow.
      @inline(__always) func addProduct(_ index: Int) -> Bool {
        let shifted = pairs[index].0 &- tag
        differences |= shifted
        boxes |= pairs[index].1
        let (product, productOverflow) = shifted.multipliedReportingOverflow(by: Int64(quantities[index]))
        if productOverflow { return false }
        let (sum, sumOverflow) = total.addingReportingOverflow(product)
        if sumOverflow { return false }
        total = sum
        return true
      }
      var index = 0
      while index &+ 4 <= pairs.count {
        guard addProduct(index), addProduct(index &+ 1), addProduct(index &+ 2), addProduct(index &+ 3) else { return false }
        index &+= 4
      }
      while index < pairs.count {
        guard addProduct(index) else { return false }
        index &+= 1
      }
      return true
    }
    guard completed, boxes == 0, differences & 1 == 0 else { return nil }
    return total
  }

  /// `self += Σ amounts[i] × quantities[i]` through one big-integer box
  /// (`ExactInteger.addEachProduct`). - Precondition: every amount is in `self`'s currency.
  @usableFromInline @inline(never)
  mutating func addEachProduct(_ amounts: UnsafeBufferPointer<Money>, _ quantities: UnsafeBufferPointer<Int>) {
    for index in amounts.indices {
      precondition(
        amounts[index].units.tag == units.tag,
        "Money.sum mixes currencies: \(currency.code) and \(amounts[index].currency.code) at \(index)")
    }
    assert(MemoryLayout<Money>.stride == MemoryLayout<BigInteger>.stride, "Money is more than its units")
    amounts.withMemoryRebound(to: BigInteger.self) { units.addEachProduct($0, times: quantities) }
  }

  /// Whether an amount is laid out as its word then its box reference, as `inlineSum` reads it
  /// (asserted there, so debug builds and the tests check it).
  @usableFromInline
  static var rawLayoutIsWordThenBox: Bool {
    MemoryLayout<Money>.size == 16 && MemoryLayout<Money>.offset(of: \Money.units) == 0
      && MemoryLayout<BigInteger>.offset(of: \BigInteger.word) == 0
      && MemoryLayout<BigInteger>.offset(of: \BigInteger.box) == 8
  }

  /// The sum of `amounts` when all are inline, in the currency whose tag is `tag`, and the sum
  /// stays inline; otherwise `nil`. One pass without a branch per amount (so that the compiler can
  /// vectorise it): the words are added with wrapping, and the largest magnitude seen bounds the
  /// total, which is used only when `count × bound` cannot have wrapped.
  @inlinable
  static func inlineSum(_ buffer: UnsafeBufferPointer<Money>, tag: Int64) -> Money? {
    var wrappingSum: Int64 = 0
    var magnitudes: Int64 = 0  // OR of every word's magnitude bits
    var tagsAny: Int64 = 0  // OR of the words: bit 0 set if any tag is 1
    var tagsAll: Int64 = -1  // AND of the words: bit 0 set if every tag is 1
    var boxes: UInt = 0  // OR of the box references' bits: 0 when every amount is inline
    assert(rawLayoutIsWordThenBox, "Money is no longer (word, box): inlineSum must not read it as such")
    // Read as the words they are (`Money.rawLayoutIsWordThenBox` checks the layout), so that
    // looking at a box is a load, not a retain, and the loop has no branch.
    buffer.withMemoryRebound(to: (Int64, UInt).self) { pairs in
      for index in pairs.indices {
        let word = pairs[index].0
        wrappingSum &+= word
        magnitudes |= word ^ (word >> 63)
        tagsAny |= word
        tagsAll &= word
        boxes |= pairs[index].1
      }
    }
    let boxed = boxes != 0
    let count = Int64(buffer.count)
    guard !boxed, tagsAny & 1 == tag, tagsAll & 1 == tag || count == 0 else { return nil }
    // Every |word| < 2^bits, so |sum| < count · 2^bits: no wrap when that is at most 2^62.
    let bits = Int64(64 - magnitudes.leadingZeroBitCount)
    guard count <= 1 << 32, bits + Int64(64 - count.leadingZeroBitCount) <= 62 else { return nil }
    // Σ(v << 1 | tag) = (Σv) << 1 + count · tag: take the tags out, put one back.
    return Money(taggedUnits: BigInteger(word: (wrappingSum &- count &* tag) | tag, box: nil))
  }

  /// The sum of `amounts`, or zero in `currency` when there are none.
  /// - Precondition: every amount is in `currency`.
  /// - Complexity: O(n); large running totals are updated in place.
  @inlinable
  public static func sum(_ amounts: some Sequence<Money>, currency: Currency) -> Money {
    var total = Money.zero(currency)
    // Contiguous storage is read in place: borrowing each element skips a retain and a release
    // per amount, which is most of the cost of adding small amounts.
    if let inline = amounts.withContiguousStorageIfAvailable({ inlineSum($0, tag: currency.tag) }), let inline {
      return inline
    }
    let summedInPlace: Void? = amounts.withContiguousStorageIfAvailable { buffer in
      for index in buffer.indices {
        // Small amounts are added by reading their fields in place; copying the element (as
        // `total += buffer[index]` does) would cost a retain of its optional box per amount.
        if buffer[index].units.tag == total.units.tag, total.units.addInline(buffer[index].units) {
          continue
        }
        // The total or this amount is beyond the inline range: the rest goes into one box.
        total.addEach(UnsafeBufferPointer(rebasing: buffer[index...]))
        return
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
  @inlinable
  public static func == (lhs: Money, rhs: Money) -> Bool {
    // Inline, the word holds value and currency: one comparison.
    if lhs.units.box == nil, rhs.units.box == nil { return lhs.units.word == rhs.units.word }
    return lhs.units.tag == rhs.units.tag && lhs.units == rhs.units
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(currency)
    hasher.combine(units)
  }
}

extension Money: Comparable {
  /// Orders amounts of one currency by value. - Precondition: same currency.
  @inlinable
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
