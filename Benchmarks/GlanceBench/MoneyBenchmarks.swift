// Money: Glance `Money` side by side with plain `Int64` minor units and Foundation `Decimal` for
// small values, and with raw GMP (the floor) for huge ones.

import Foundation
import GlanceKernel
import GlanceSimulation

struct MoneyBenchmarks {
  let count: Int
  let repetitions: Int
  let selected: (String) -> Bool

  func run(into table: inout ResultTable) {
    var random = SplitMix64(seed: 42)
    // Small: up to ±1 000 000 CHF, i.e. ±10^8 Rappen.
    let small: [Int64] = (0..<count).map { _ in Int64(random.next(below: 200_000_001)) - 100_000_000 }
    let quantities: [Int] = (0..<count).map { _ in Int(random.next(below: 10)) + 1 }
    // The huge rows compare with raw GMP, so they run only where the kernel uses GMP.
    #if GLANCE_GMP
      // Huge: above 10^30 CHF, i.e. 10^32 to about 1.7 × 10^37 Rappen (two GMP limbs).
      let huge: [Int128] = (0..<count).map { _ in
        let high = Int128(random.next(below: 1 << 59) + (1 << 43))  // ≥ 2^43 · 2^64 > 10^32
        let value = high << 64 | Int128(random.next())
        return random.next(below: 2) == 0 ? value : -value
      }
      // Each input form is built once and shared by every workload that reads it.
      let hugeInputs = HugeInputs(huge)
      defer { hugeInputs.raw.free() }
    #endif
    let smallInputs = SmallInputs(small)
    if selected("sum") { sums(smallInputs, into: &table) }
    if selected("product") { products(smallInputs, quantities, into: &table) }
    if selected("percentage") { percentages(smallInputs, into: &table) }
    if selected("allocation") { allocations(smallInputs, into: &table) }
    #if GLANCE_GMP
      if selected("huge-sum") { hugeSums(hugeInputs, into: &table) }
      if selected("huge-product") { hugeProducts(hugeInputs, quantities, into: &table) }
    #endif
  }

  /// `reference`, `Money.sum` and a `for` loop with `+=` over `money`, side by side (rounds of
  /// the three, see `measureSideBySide`): their times, and the total of the two sums (which
  /// must agree) in `total`.
  func measureSums(
    _ money: [Money], _ workload: String, reference: @escaping () -> Void, into total: inout Money
  ) -> (reference: Double, sum: Double, loop: Double) {
    var sumTotal = Money.zero(.chf)
    var loopTotal = Money.zero(.chf)
    let times = measureSideBySide(
      operations: count, repetitions: repetitions,
      [
        reference,
        { sumTotal = Money.sum(money, currency: .chf) },
        {
          var running = Money.zero(.chf)
          for value in money { running += value }
          loopTotal = running
        },
      ])
    check(loopTotal == sumTotal, "\(workload): Money.sum vs for-in")
    total = sumTotal
    return (times[0], times[1], times[2])
  }

  // MARK: Small values

  func sums(_ inputs: SmallInputs, into table: inout ResultTable) {
    let (values, money, decimals) = (inputs.units, inputs.money, inputs.decimals)
    var integerTotal: Int64 = 0
    var moneyTotal = Money.zero(.chf)
    var decimalTotal = Decimal.zero
    let (integer, glance, glanceLoop) = measureSums(
      money, "sum",
      reference: {
        var total: Int64 = 0
        for value in values { total += value }
        integerTotal = total
      }, into: &moneyTotal)
    let foundation = measure(operations: count, repetitions: repetitions) {
      var total = Decimal.zero
      for value in decimals { total += value }
      decimalTotal = total
    }
    check(moneyTotal == Money(minorUnits: integerTotal, currency: .chf), "sum: Money vs Int64")
    check(decimalTotal * 100 == Decimal(integerTotal), "sum: Decimal vs Int64")
    table.record("money.sum.small.ratioToInt64", glance / integer)
    table.record("money.loop.small.ratioToInt64", glanceLoop / integer)
    table.add(
      "sum, small (< 10^6 CHF)",
      note:
        "Glance `Money.sum` reads each amount in place; a `for` loop with `+=` copies each amount out of the array first (a retain check per element)",
      [
        ("Int64 minor units", integer), ("Glance Money.sum", glance),
        ("Glance Money, for-in +=", glanceLoop), ("Foundation Decimal", foundation),
      ])
  }

  /// Σ amount × quantity, side by side: `Int64`, the plain expression `total += amount * quantity`
  /// (a product value first), the fused `total.add(amount, times: quantity)` in a loop, and
  /// `Money.sum(of:times:)` (the arrays read in place).
  func products(_ inputs: SmallInputs, _ quantities: [Int], into table: inout ResultTable) {
    let (values, money, decimals) = (inputs.units, inputs.money, inputs.decimals)
    let decimalQuantities = quantities.map { Decimal($0) }
    var integerTotal: Int64 = 0
    var totals = [Money](repeating: .zero(.chf), count: 3)
    var decimalTotal = Decimal.zero
    let times = measureSideBySide(
      operations: count, repetitions: repetitions,
      [
        {
          var total: Int64 = 0
          for index in values.indices { total += values[index] * Int64(quantities[index]) }
          integerTotal = total
        },
        {
          var total = Money.zero(.chf)
          for index in money.indices { total += money[index] * quantities[index] }
          totals[0] = total
        },
        {
          var total = Money.zero(.chf)
          for index in money.indices { total.add(money[index], times: quantities[index]) }
          totals[1] = total
        },
        { totals[2] = Money.sum(of: money, times: quantities, currency: .chf) },
      ])
    let (integer, plain, fused, sumOf) = (times[0], times[1], times[2], times[3])
    let foundation = measure(operations: count, repetitions: repetitions) {
      var total = Decimal.zero
      for index in decimals.indices { total += decimals[index] * decimalQuantities[index] }
      decimalTotal = total
    }
    for (index, total) in totals.enumerated() {
      check(total == Money(minorUnits: integerTotal, currency: .chf), "product \(index): Money vs Int64")
    }
    check(decimalTotal * 100 == Decimal(integerTotal), "product: Decimal vs Int64")
    table.record("money.product.small.ratioToInt64", plain / integer)
    table.record("money.product.small.fused.ratioToInt64", fused / integer)
    table.record("money.product.small.sumOf.ratioToInt64", sumOf / integer)
    table.add(
      "amount × quantity, summed",
      note:
        "each operation is one multiply and one add; `+= a * q` makes the product a value first, `add(_:times:)` adds it onto the total's word, `Money.sum(of:times:)` also reads both arrays in place",
      [
        ("Int64 minor units", integer), ("Glance Money, += a * q", plain), ("Glance Money, add(_:times:)", fused),
        ("Glance Money.sum(of:times:)", sumOf), ("Foundation Decimal", foundation),
      ])
  }

  /// 8.1 % VAT on every amount, rounded half away from zero to the Rappen.
  func percentages(_ inputs: SmallInputs, into table: inout ResultTable) {
    let (values, money, decimals) = (inputs.units, inputs.money, inputs.decimals)
    let rate = Ratio(numerator: 81, denominator: 1000)
    let decimalRate = Decimal(81) / 1000
    var integerResults = [Int64](repeating: 0, count: count)
    var moneyResults = [Money](repeating: .zero(.chf), count: count)
    var decimalResults = [Decimal](repeating: 0, count: count)
    // Every row writes its results through the array's buffer: the array's uniqueness check runs
    // once per pass, not once per element (which measured the array rather than the arithmetic).
    // The same with the rate known only at run time, as a `Ratio` is: a hardware division
    // instead of the multiplication the compiler makes of a constant divisor.
    let (numerator, denominator) = runTimeRate()
    var runTimeResults = [Int64](repeating: 0, count: count)
    let times = measureSideBySide(
      operations: count, repetitions: repetitions,
      [
        {
          integerResults.withUnsafeMutableBufferPointer { results in
            for index in values.indices {
              let scaled = values[index] * 81
              let half: Int64 = scaled < 0 ? -500 : 500
              results[index] = (scaled + half) / 1000
            }
          }
        },
        {
          runTimeResults.withUnsafeMutableBufferPointer { results in
            for index in values.indices {
              let scaled = values[index] * numerator
              let half = scaled < 0 ? -(denominator / 2) : denominator / 2
              results[index] = (scaled + half) / denominator
            }
          }
        },
        {
          moneyResults.withUnsafeMutableBufferPointer { results in
            for index in money.indices {
              results[index] = money[index].multiplied(by: rate, rounding: .halfUp)
            }
          }
        },
      ])
    let (integer, runTime, glance) = (times[0], times[1], times[2])
    check(runTimeResults == integerResults, "VAT: run-time rate")
    let foundation = measure(operations: count, repetitions: repetitions) {
      for index in decimals.indices {
        var product = decimals[index] * decimalRate
        var rounded = Decimal.zero
        NSDecimalRound(&rounded, &product, 2, .plain)
        decimalResults[index] = rounded
      }
    }
    for index in stride(from: 0, to: count, by: 997) {
      check(moneyResults[index].minorUnits(exactlyAs: Int64.self) == integerResults[index], "VAT: Money")
      check(decimalResults[index] * 100 == Decimal(integerResults[index]), "VAT: Decimal")
    }
    table.record("money.percentage.small.ratioToInt64", glance / integer)
    table.record("money.percentage.small.ratioToRunTimeInt64", glance / runTime)
    table.add(
      "× 8.1 %, rounded half-up",
      note:
        "Money uses `multiplied(by: Ratio, rounding: .halfUp)`, which divides by the ratio's precomputed reciprocal; the first Int64 row divides by the constant 1000, which the compiler makes a multiplication. Every row stores through its array's buffer, so the array's uniqueness check runs once per pass rather than once per element (it was per element for `[Int64]` and `[Money]` alike); storing a `Money` still releases the amount it replaces",
      [
        ("Int64 minor units", integer), ("Int64, rate known at run time", runTime), ("Glance Money", glance),
        ("Foundation Decimal", foundation),
      ])
  }

  /// 81 / 1000, hidden from the optimiser.
  @inline(never)
  func runTimeRate() -> (Int64, Int64) {
    (Int64(count > 0 ? 81 : 0), 1000)
  }

  /// Splits every amount by the weights 1 : 2 : 3 without losing a Rappen.
  func allocations(_ inputs: SmallInputs, into table: inout ResultTable) {
    let (values, money, decimals) = (inputs.units, inputs.money, inputs.decimals)
    let weights = [1, 2, 3]
    var integerCheck: Int64 = 0
    var moneyCheck: Int64 = 0
    var decimalCheck = Decimal.zero
    let integer = measure(operations: count, repetitions: repetitions) {
      var first: Int64 = 0
      for value in values { first += Self.allocateInt64(value, weights)[0] }
      integerCheck = first
    }
    let glance = measure(operations: count, repetitions: repetitions) {
      var first: Int64 = 0
      for value in money {
        // The weights are valid, so allocation cannot throw here.
        let parts = (try? value.allocated(byWeights: weights)) ?? []
        first += parts[0].minorUnits(exactlyAs: Int64.self) ?? 0
      }
      moneyCheck = first
    }
    let foundation = measure(operations: count, repetitions: repetitions) {
      var first = Decimal.zero
      for value in decimals { first += Self.allocateDecimal(value, weights)[0] }
      decimalCheck = first
    }
    check(moneyCheck == integerCheck, "allocation: Money vs Int64")
    blackHole(decimalCheck)
    table.add(
      "allocate 1 : 2 : 3", note: "Decimal splits by rounding down and adding the rest to the first part",
      [("Int64 minor units", integer), ("Glance Money", glance), ("Foundation Decimal", foundation)])
  }

  /// Largest remainder on `Int64`, with Glance's tie-break (larger weight, then earlier).
  static func allocateInt64(_ amount: Int64, _ weights: [Int]) -> [Int64] {
    let total = Int64(weights.reduce(0, +))
    let magnitude = amount.magnitude
    var parts = weights.map { Int64(magnitude) * Int64($0) / total }
    let remainders = weights.map { Int64(magnitude) * Int64($0) % total }
    var leftover = Int64(magnitude) - parts.reduce(0, +)
    let order = weights.indices.sorted {
      remainders[$0] != remainders[$1]
        ? remainders[$0] > remainders[$1]
        : (weights[$0] != weights[$1] ? weights[$0] > weights[$1] : $0 < $1)
    }
    for index in order where leftover > 0 {
      parts[index] += 1
      leftover -= 1
    }
    return amount < 0 ? parts.map { -$0 } : parts
  }

  static func allocateDecimal(_ amount: Decimal, _ weights: [Int]) -> [Decimal] {
    let total = Decimal(weights.reduce(0, +))
    var parts = weights.map { weight -> Decimal in
      var share = amount * Decimal(weight) / total
      var rounded = Decimal.zero
      NSDecimalRound(&rounded, &share, 2, .down)
      return rounded
    }
    parts[0] += amount - parts.reduce(0, +)
    return parts
  }

  // MARK: Huge values

  #if GLANCE_GMP

    func hugeSums(_ inputs: HugeInputs, into table: inout ResultTable) {
      let (money, raw) = (inputs.money, inputs.raw)
      var moneyTotal = Money.zero(.chf)
      var rawTotal = ""
      let (floor, glance, glanceLoop) = measureSums(money, "huge sum", reference: { rawTotal = raw.sum() }, into: &moneyTotal)
      check(moneyTotal.minorUnitsText == rawTotal, "huge sum: Money \(moneyTotal) vs GMP \(rawTotal)")
      table.record("money.sum.huge.ratioToGMP", glance / floor)
      table.record("money.loop.huge.ratioToGMP", glanceLoop / floor)
      table.add(
        "sum, huge (> 10^30 CHF)",
        note: "raw GMP is `mpz_add` in place into one accumulator; Money adds in place into its uniquely held box",
        [("raw GMP mpz_add", floor), ("Glance Money.sum", glance), ("Glance Money, for-in +=", glanceLoop)])
    }

    /// Huge amounts × quantities, summed: raw GMP as a C programmer writes it (`mpz_mul_si` into
    /// a scratch integer, then `mpz_add`: the floor the target names) and with GMP's own fused
    /// `mpz_addmul_ui`/`mpz_submul_ui`, beside `Money`'s plain expression, `add(_:times:)` and
    /// `Money.sum(of:times:)`.
    func hugeProducts(_ inputs: HugeInputs, _ quantities: [Int], into table: inout ResultTable) {
      let (money, raw) = (inputs.money, inputs.raw)
      var totals = [Money](repeating: .zero(.chf), count: 3)
      var rawTotals = ["", ""]
      let times = measureSideBySide(
        operations: count, repetitions: repetitions,
        [
          { rawTotals[0] = raw.sumOfProducts(quantities) },
          { rawTotals[1] = raw.sumOfProductsFused(quantities) },
          {
            var total = Money.zero(.chf)
            for index in money.indices { total += money[index] * quantities[index] }
            totals[0] = total
          },
          {
            var total = Money.zero(.chf)
            for index in money.indices { total.add(money[index], times: quantities[index]) }
            totals[1] = total
          },
          { totals[2] = Money.sum(of: money, times: quantities, currency: .chf) },
        ])
      let (floor, rawFused, plain, fused, sumOf) = (times[0], times[1], times[2], times[3], times[4])
      check(rawTotals[1] == rawTotals[0], "huge product: raw GMP fused vs mul + add")
      for (index, total) in totals.enumerated() {
        check(total.minorUnitsText == rawTotals[0], "huge product \(index): Money vs GMP")
      }
      table.record("money.product.huge.ratioToGMP", plain / floor)
      table.record("money.product.huge.fused.ratioToGMP", fused / floor)
      table.record("money.product.huge.sumOf.ratioToGMP", sumOf / floor)
      table.record("money.product.huge.fused.ratioToGMPAddmul", fused / rawFused)
      table.add(
        "amount × quantity, huge, summed",
        note:
          "raw GMP is `mpz_mul_si` into a scratch integer, then `mpz_add` (the floor); raw GMP fused is `mpz_addmul_ui`/`mpz_submul_ui`; `+= a * q` allocates the product's box, `add(_:times:)` and `Money.sum(of:times:)` multiply-add into the total's box",
        [
          ("raw GMP mpz_mul_si + mpz_add", floor), ("raw GMP mpz_addmul_ui", rawFused), ("Glance Money, += a * q", plain),
          ("Glance Money, add(_:times:)", fused), ("Glance Money.sum(of:times:)", sumOf),
        ])
    }
  #endif
}

/// Small amounts in the three forms compared: Int64 minor units, Money, Decimal.
struct SmallInputs {
  let units: [Int64]
  let money: [Money]
  let decimals: [Decimal]

  init(_ units: [Int64]) {
    self.units = units
    money = units.map { Money(minorUnits: $0, currency: .chf) }
    decimals = units.map { Decimal($0) / 100 }
  }
}

#if GLANCE_GMP
  /// Huge amounts as Money and as raw GMP integers (freed by the caller with `raw.free()`).
  struct HugeInputs {
    let money: [Money]
    let raw: RawGMPArray

    init(_ units: [Int128]) {
      money = units.map { Money(minorUnits: $0, currency: .chf) }
      raw = RawGMPArray(units)
    }
  }
#endif

extension Money {
  /// The amount in minor units as decimal text, for comparing with raw GMP.
  var minorUnitsText: String {
    let text = description.replacingOccurrences(of: ".", with: "")
    let negative = text.hasPrefix("-")
    let digits = text.drop { $0 == "-" || $0 == "0" }
    return digits.isEmpty ? "0" : (negative ? "-" : "") + digits
  }
}
