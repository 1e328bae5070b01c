import PropertyBased
import Testing

@testable import GlanceKernel

// Both big-integer backends exist side by side only where GMP is linked (the `GMP` trait on
// Linux and macOS). Without it the kernel's own tests run on attaswift/BigInt alone (CI runs them
// once that way, `make test-variants`).
#if GLANCE_GMP

  /// The two backends of `ExactInteger` given the same operands must agree on every result: its
  /// value (decimal text and limbs), its form (inline or boxed), its hash and its order. Neither
  /// backend is the oracle for the other alone: the operands come from decimal text, and the
  /// results are compared as text, limbs and Swift integers.
  @Suite("Big-integer backends (differential)")
  struct BackendDifferentialTests {
    typealias OnGMP = ExactInteger<MPZBox>
    typealias OnBigInt = ExactInteger<BigIntBox>

    /// One operand on both backends, from the same decimal text.
    struct Operand: CustomStringConvertible {
      let gmp: OnGMP
      let bigInt: OnBigInt
      let description: String

      init(_ text: String) {
        let negative = text.hasPrefix("-")
        let digits = Array(text.utf8.drop { $0 == UInt8(ascii: "-") })
        gmp = OnGMP(asciiDigits: digits, negative: negative)
        bigInt = OnBigInt(asciiDigits: digits, negative: negative)
        description = text
      }
    }

    /// Integers as text in five bands: small, around ±2^63, up to ±2^100 (all from `Int128`), and
    /// decimal strings of 19 to 80 digits; zero among the small ones.
    static var operands: Generator<Operand, some SendableSequenceType> {
      zip(MoneyGen.int128Units, Gen.number.string(of: 19...80), Gen.bool, Gen.int(in: 0...4))
        .map { units, digits, negative, band -> Operand in
          band < 4 ? Operand(String(units)) : Operand((negative ? "-" : "") + digits)
        }
    }

    /// The two results are the same value in the same canonical form.
    func expectSame(_ gmp: OnGMP, _ bigInt: OnBigInt, _ what: String, sourceLocation: SourceLocation = #_sourceLocation) {
      #expect(gmp.description == bigInt.description, "\(what)", sourceLocation: sourceLocation)
      #expect(gmp.magnitudeLimbs() == bigInt.magnitudeLimbs(), "\(what): limbs", sourceLocation: sourceLocation)
      #expect(gmp.isBoxed == bigInt.isBoxed, "\(what): inline or boxed", sourceLocation: sourceLocation)
      #expect(gmp.signum == bigInt.signum, "\(what): sign", sourceLocation: sourceLocation)
      #expect(gmp.hashValue == bigInt.hashValue, "\(what): hash", sourceLocation: sourceLocation)
      #expect(gmp.exactly(as: Int64.self) == bigInt.exactly(as: Int64.self), "\(what) as Int64", sourceLocation: sourceLocation)
      #expect(gmp.exactly(as: Int128.self) == bigInt.exactly(as: Int128.self), "\(what) as Int128", sourceLocation: sourceLocation)
      #expect(gmp.exactly(as: UInt64.self) == bigInt.exactly(as: UInt64.self), "\(what) as UInt64", sourceLocation: sourceLocation)
    }

    @Test("parsing and printing: the same text, limbs, form and hash")
    func parsing() async {
      await propertyCheck(count: 500, input: Self.operands) { a in
        expectSame(a.gmp, a.bigInt, "\(a)")
        #expect(a.gmp.description == a.description.replacing(/^(-?)0+(?=\d)/, with: { $0.1 + "" }))
      }
    }

    @Test("+, -, ×, negation, order and equality agree")
    func arithmetic() async {
      await propertyCheck(count: 500, input: Self.operands, Self.operands) { a, b in
        expectSame(a.gmp + b.gmp, a.bigInt + b.bigInt, "\(a) + \(b)")
        expectSame(a.gmp - b.gmp, a.bigInt - b.bigInt, "\(a) - \(b)")
        expectSame(a.gmp * b.gmp, a.bigInt * b.bigInt, "\(a) × \(b)")
        expectSame(-a.gmp, -a.bigInt, "-\(a)")
        expectSame(a.gmp.magnitude, a.bigInt.magnitude, "|\(a)|")
        #expect((a.gmp < b.gmp) == (a.bigInt < b.bigInt), "\(a) < \(b)")
        #expect((a.gmp == b.gmp) == (a.bigInt == b.bigInt), "\(a) == \(b)")
      }
    }

    @Test("in-place += and -= agree, on unshared and shared boxes")
    func inPlace() async {
      await propertyCheck(count: 500, input: Self.operands, Self.operands) { a, b in
        var gmp = a.gmp
        var bigInt = a.bigInt
        gmp += b.gmp
        bigInt += b.bigInt
        expectSame(gmp, bigInt, "\(a) += \(b)")
        let sharedGMP = gmp
        let sharedBigInt = bigInt
        gmp -= b.gmp
        bigInt -= b.bigInt
        expectSame(gmp, bigInt, "(\(a) + \(b)) -= \(b)")
        #expect(gmp == a.gmp && bigInt == a.bigInt, "back to \(a)")
        // The copy taken before `-=` still holds the sum on both backends.
        expectSame(sharedGMP, sharedBigInt, "the shared sum")
        #expect(sharedGMP == a.gmp + b.gmp && sharedBigInt == a.bigInt + b.bigInt, "the sum kept")
        gmp += gmp
        bigInt += bigInt
        expectSame(gmp, bigInt, "x += x with x = \(a)")
      }
    }

    @Test("adding many in place at once (addEach) agrees with += one by one, and leaves a shared box alone")
    func addEach() async {
      await propertyCheck(count: 300, input: Self.operands, Self.operands.array(of: 0...12)) { start, operands in
        var gmp = start.gmp
        var bigInt = start.bigInt
        let keptGMP = gmp  // shares a boxed start's box: addEach must copy it, not write through it
        let keptBigInt = bigInt
        var oneByOne = start.gmp
        for operand in operands { oneByOne += operand.gmp }
        operands.map(\.gmp).withUnsafeBufferPointer { gmp.addEach($0) }
        operands.map(\.bigInt).withUnsafeBufferPointer { bigInt.addEach($0) }
        expectSame(gmp, bigInt, "\(start) + Σ\(operands)")
        expectSame(oneByOne, bigInt, "+= one by one vs addEach")
        #expect(keptGMP == start.gmp && keptBigInt == start.bigInt, "the shared start is unchanged")
      }
    }

    @Test("fused products (addProductInline, addProductSlow, addEachProduct) agree, and leave a shared box alone")
    func fusedProducts() async {
      let factors = zip(Gen.int(in: 0...3), Gen.int()).map { band, any -> Int in [0, -1, .min, any][band] }
      await propertyCheck(count: 300, input: Self.operands, Self.operands.array(of: 0...12), factors.array(of: 12)) {
        start, operands, allFactors in
        let factors = Array(allFactors.prefix(operands.count))
        var gmp = start.gmp
        var bigInt = start.bigInt
        let keptGMP = gmp  // shares a boxed start's box: the fused path must copy it
        let keptBigInt = bigInt
        for (operand, factor) in zip(operands, factors) {
          let plain = gmp + operand.gmp * OnGMP(Int64(factor))
          if !gmp.addProductInline(operand.gmp, times: Int64(factor)) { gmp.addProductSlow(operand.gmp, times: Int64(factor)) }
          if !bigInt.addProductInline(operand.bigInt, times: Int64(factor)) {
            bigInt.addProductSlow(operand.bigInt, times: Int64(factor))
          }
          expectSame(gmp, bigInt, "\(start) + Σ \(operand) × \(factor)")
          expectSame(plain, bigInt, "the plain expression")
        }
        var eachGMP = start.gmp
        var eachBigInt = start.bigInt
        factors.withUnsafeBufferPointer { factorBuffer in
          operands.map(\.gmp).withUnsafeBufferPointer { eachGMP.addEachProduct($0, times: factorBuffer) }
          operands.map(\.bigInt).withUnsafeBufferPointer { eachBigInt.addEachProduct($0, times: factorBuffer) }
        }
        expectSame(eachGMP, eachBigInt, "addEachProduct")
        expectSame(eachGMP, bigInt, "addEachProduct vs one by one")
        #expect(keptGMP == start.gmp && keptBigInt == start.bigInt, "the shared start is unchanged")
      }
    }

    @Test("division with every rounding mode, exact division and gcd agree")
    func division() async {
      await propertyCheck(count: 300, input: Self.operands, Self.operands) { a, b in
        guard !b.gmp.isZero else { return }
        for mode in RoundingMode.allCases {
          expectSame(
            a.gmp.divided(by: b.gmp, rounding: mode), a.bigInt.divided(by: b.bigInt, rounding: mode),
            "\(a) / \(b), \(mode)")
        }
        expectSame((a.gmp * b.gmp).dividedExactly(by: b.gmp), (a.bigInt * b.bigInt).dividedExactly(by: b.bigInt), "\(a)·\(b) / \(b)")
        expectSame(OnGMP.gcd(a.gmp, b.gmp), OnBigInt.gcd(a.bigInt, b.bigInt), "gcd(\(a), \(b))")
      }
    }

    @Test("from Swift integers of every width, beyond Int64 included")
    func fromSwiftIntegers() async {
      await propertyCheck(count: 500, input: MoneyGen.int128Units) { x in
        expectSame(OnGMP(x), OnBigInt(x), "Int128 \(x)")
        expectSame(OnGMP(x.magnitude), OnBigInt(x.magnitude), "UInt128 \(x.magnitude)")
        #expect(OnBigInt(x).exactly(as: Int128.self) == x, "\(x) round-trips through BigInt")
      }
    }
  }

#endif
