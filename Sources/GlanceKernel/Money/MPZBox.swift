#if GLANCE_GMP
  internal import CGMP

  #if GLANCE_INTERNAL_CHECKS
    import Foundation
  #endif

  /// Owns exactly one GMP integer (`mpz_t`) on the heap: the kernel's `LargeIntegerBox` on Linux
  /// and macOS with the `GMP` trait (the default there).
  ///
  /// The integer is the box object's one tail element (allocated by `ManagedBufferPointer`; the
  /// class itself has no stored property), so a box is one allocation besides GMP's limbs, not two. Ownership follows one rule: `make` initialises the integer,
  /// `deinit` clears it (the object's memory goes with the object), and nothing else frees it. The
  /// `__mpz_struct` never lives in a Swift field or a copied local, because a bitwise copy would
  /// share the limbs and free them twice.
  ///
  /// A box is immutable once it is shared. Only the `formSum` and `formDifference` family
  /// mutate a box, and `ExactInteger` calls them only after
  /// `isKnownUniquelyReferenced` proved that no other value can see it. That discipline is what
  /// makes `@unchecked Sendable` sound.
  @usableFromInline
  final class MPZBox: @unchecked Sendable {
    /// How a box's memory is laid out: the object's header, no stored property, then the integer.
    private typealias Storage = ManagedBufferPointer<Void, __mpz_struct>

    /// The integer, in the box's own memory: valid while the box lives (callers keep it alive
    /// across each GMP call, see `withMPZ`). Lent to GMP calls only.
    var pointer: UnsafeMutablePointer<__mpz_struct> {
      Storage(unsafeBufferObject: self).withUnsafeMutablePointerToElements { $0 }
    }

    /// Never called: `ManagedBufferPointer` allocates every box, with its integer, and runs no
    /// initialiser. Private, so that no code can build a box without room for an integer.
    private init() {}

    /// A new box whose integer `initialize` initialises with one of GMP's `mpz_init` functions.
    private static func make(initializing initialize: (UnsafeMutablePointer<__mpz_struct>) -> Void) -> MPZBox {
      let storage = Storage(bufferClass: MPZBox.self, minimumCapacity: 1) { _, _ in }
      // The object was allocated as an instance of `bufferClass`.
      let box = unsafeDowncast(storage.buffer, to: MPZBox.self)
      initialize(box.pointer)
      MPZBox.didAllocate()
      return box
    }

    /// A new box holding zero. The corresponding GMP function is `mpz_init`.
    static func makeZero() -> MPZBox {
      make { __gmpz_init($0) }
    }

    /// A new box holding zero, with room for `limbs` limbs, so that a result of that size is
    /// written without reallocating. The corresponding GMP function is `mpz_init2`.
    static func make(capacityLimbs limbs: Int) -> MPZBox {
      precondition(limbs > 0, "a box needs room for at least one limb, got \(limbs)")
      return make { __gmpz_init2($0, mp_bitcnt_t(limbs) &* mp_bitcnt_t(mp_limb_t.bitWidth)) }
    }

    /// A new box holding a copy of `source`. The corresponding GMP function is `mpz_init_set`.
    static func make(copying source: UnsafePointer<__mpz_struct>) -> MPZBox {
      make { __gmpz_init_set($0, source) }
    }

    deinit {
      __gmpz_clear(pointer)
      MPZBox.didDeallocate()
    }

    /// The sign of the integer: -1, 0 or +1. The corresponding GMP macro is `mpz_sgn`.
    @usableFromInline
    var signum: Int { Int(cgmp_mpz_sgn(pointer)) }

    /// The integer as an `Int64` when it fits, otherwise `nil`.
    /// The corresponding GMP functions are `mpz_fits_slong_p` and `mpz_get_si`.
    @usableFromInline
    var int64Value: Int64? {
      // More than one 64-bit limb never fits: answered without a call into GMP.
      guard abs(pointer.pointee._mp_size) <= 1, __gmpz_fits_slong_p(pointer) != 0 else { return nil }
      return Int64(__gmpz_get_si(pointer))
    }

    // MARK: Live-box accounting (tests only)

    #if GLANCE_INTERNAL_CHECKS
      /// The live boxes, under a lock (not `Synchronization.Atomic`, which needs iOS 18 and
      /// watchOS 11: the checks build wherever the package does).
      private final class LiveCounter: @unchecked Sendable {
        private let lock = NSLock()
        private var count = 0

        /// Adds `delta` and returns the count before.
        func add(_ delta: Int) -> Int {
          lock.lock()
          defer { lock.unlock() }
          let before = count
          count += delta
          return before
        }
      }

      private static let liveCounter = LiveCounter()

      private static func didAllocate() {
        _ = liveCounter.add(1)
      }

      private static func didDeallocate() {
        let before = liveCounter.add(-1)
        precondition(before > 0, "MPZBox freed more boxes than it allocated (\(before) live before)")
      }

      static var liveCount: Int { liveCounter.add(0) }
    #else
      @inline(__always) private static func didAllocate() {}
      @inline(__always) private static func didDeallocate() {}
    #endif
  }

  // MARK: - LargeIntegerBox

  extension MPZBox: LargeIntegerBox {
    @usableFromInline
    static func make(magnitudeWords words: [UInt], negative: Bool) -> MPZBox {
      let box = makeZero()
      words.withUnsafeBufferPointer { buffer in
        // Least significant word first, native endianness, no nail bits.
        __gmpz_import(box.pointer, buffer.count, -1, MemoryLayout<UInt>.stride, 0, 0, buffer.baseAddress)
      }
      if negative { __gmpz_neg(box.pointer, box.pointer) }
      return box
    }

    /// The corresponding GMP function is `mpz_set_str`.
    @usableFromInline
    static func make(decimalDigits digits: [UInt8], negative: Bool) -> MPZBox {
      let box = makeZero()
      var text = [CChar]()
      text.reserveCapacity(digits.count + 2)
      if negative { text.append(CChar(UInt8(ascii: "-"))) }
      for digit in digits { text.append(CChar(digit)) }
      text.append(0)
      let status = __gmpz_set_str(box.pointer, text, 10)
      precondition(status == 0, "GMP rejected validated digits")
      return box
    }

    @usableFromInline
    func copy() -> MPZBox { MPZBox.make(copying: pointer) }

    /// The corresponding GMP fields are `_mp_d` and `_mp_size` (limbs are 64 bits on the
    /// platforms that build this backend).
    @usableFromInline
    var magnitudeLimbs: [UInt64] {
      let count = Int(abs(pointer.pointee._mp_size))
      guard count > 0, let limbs = pointer.pointee._mp_d else { return [] }
      return (0..<count).map { UInt64(limbs[$0]) }
    }

    /// The corresponding GMP functions are `mpz_sizeinbase` and `mpz_get_str`.
    @usableFromInline
    var magnitudeDigits: [UInt8] {
      // sizeinbase may overstate by one; +2 leaves room for a sign and the terminating NUL.
      var buffer = [CChar](repeating: 0, count: __gmpz_sizeinbase(pointer, 10) + 2)
      buffer.withUnsafeMutableBufferPointer { _ = __gmpz_get_str($0.baseAddress, 10, pointer) }
      let skip = buffer.first == CChar(UInt8(ascii: "-")) ? 1 : 0
      let end = buffer.firstIndex(of: 0) ?? buffer.count
      return buffer[skip..<end].map { UInt8(bitPattern: $0) }
    }

    @usableFromInline
    static func sum(_ lhs: ExactInteger<MPZBox>, _ rhs: ExactInteger<MPZBox>) -> MPZBox {
      binary(lhs, rhs, limbs: max(lhs.limbCount, rhs.limbCount) + 1) { __gmpz_add($0, $1, $2) }
    }

    @usableFromInline
    static func difference(_ lhs: ExactInteger<MPZBox>, _ rhs: ExactInteger<MPZBox>) -> MPZBox {
      binary(lhs, rhs, limbs: max(lhs.limbCount, rhs.limbCount) + 1) { __gmpz_sub($0, $1, $2) }
    }

    /// With an inline factor (an amount times a quantity), one `mpz_mul_si` reads the other
    /// operand in place. The corresponding GMP functions are `mpz_mul_si` and `mpz_mul`.
    @usableFromInline
    static func product(_ lhs: ExactInteger<MPZBox>, _ rhs: ExactInteger<MPZBox>) -> MPZBox {
      let result = MPZBox.make(capacityLimbs: lhs.limbCount + rhs.limbCount)
      if rhs.box == nil {
        lhs.withMPZ { __gmpz_mul_si(result.pointer, $0, Int(rhs.inlineValue)) }
      } else if lhs.box == nil {
        rhs.withMPZ { __gmpz_mul_si(result.pointer, $0, Int(lhs.inlineValue)) }
      } else {
        lhs.withMPZ { left in rhs.withMPZ { right in __gmpz_mul(result.pointer, left, right) } }
      }
      return result
    }

    @usableFromInline
    static func negation(_ operand: ExactInteger<MPZBox>) -> MPZBox {
      let result = MPZBox.make(capacityLimbs: operand.limbCount)
      operand.withMPZ { __gmpz_neg(result.pointer, $0) }
      return result
    }

    @usableFromInline
    static func gcd(_ lhs: ExactInteger<MPZBox>, _ rhs: ExactInteger<MPZBox>) -> MPZBox {
      binary(lhs, rhs, limbs: max(lhs.limbCount, rhs.limbCount)) { __gmpz_gcd($0, $1, $2) }
    }

    /// The corresponding GMP function is `mpz_tdiv_qr`.
    @usableFromInline
    static func truncatedDivision(
      _ dividend: ExactInteger<MPZBox>, by divisor: ExactInteger<MPZBox>
    ) -> (quotient: MPZBox, remainder: MPZBox) {
      let quotient = MPZBox.make(capacityLimbs: max(dividend.limbCount - divisor.limbCount + 1, 1))
      let remainder = MPZBox.make(capacityLimbs: divisor.limbCount)
      dividend.withMPZ { left in
        divisor.withMPZ { right in __gmpz_tdiv_qr(quotient.pointer, remainder.pointer, left, right) }
      }
      return (quotient, remainder)
    }

    @usableFromInline
    static func compare(_ lhs: ExactInteger<MPZBox>, _ rhs: ExactInteger<MPZBox>) -> Int {
      let order = lhs.withMPZ { left in rhs.withMPZ { right in __gmpz_cmp(left, right) } }
      return Int(order.signum())
    }

    @usableFromInline
    func formSum(with operand: ExactInteger<MPZBox>) {
      operand.withMPZ { __gmpz_add(pointer, pointer, $0) }
    }

    @usableFromInline
    func formDifference(with operand: ExactInteger<MPZBox>) {
      operand.withMPZ { __gmpz_sub(pointer, pointer, $0) }
    }

    /// Reads each operand in place: a boxed one's integer, an inline one's value as an unsigned
    /// `long`. The corresponding GMP functions are `mpz_add`, `mpz_add_ui` and `mpz_sub_ui`.
    @usableFromInline
    func formSum(withEach operands: UnsafeBufferPointer<ExactInteger<MPZBox>>) {
      for index in operands.indices {
        if let operand = operands[index].box?.pointer {
          __gmpz_add(pointer, pointer, operand)
        } else {
          let value = operands[index].inlineValue
          if value < 0 {
            __gmpz_sub_ui(pointer, pointer, UInt(value.magnitude))
          } else {
            __gmpz_add_ui(pointer, pointer, UInt(value))
          }
        }
      }
    }

    /// One fused multiply-add, the operand read in place (an inline one through a stack limb).
    /// The corresponding GMP functions are `mpz_addmul_ui` and `mpz_submul_ui` (GMP has no
    /// signed variant: a negative factor subtracts the product by its magnitude).
    @usableFromInline
    func formSum(with operand: ExactInteger<MPZBox>, times factor: Int64) {
      operand.withMPZ { addProduct($0, factor) }
    }

    @usableFromInline
    func formSum(withEach operands: UnsafeBufferPointer<ExactInteger<MPZBox>>, times factors: UnsafeBufferPointer<Int>) {
      precondition(operands.count == factors.count, "\(operands.count) operands for \(factors.count) factors")
      for index in operands.indices {
        let factor = Int64(factors[index])
        if let operand = operands[index].box?.pointer {
          addProduct(operand, factor)
        } else {
          operands[index].withMPZ { addProduct($0, factor) }
        }
      }
    }

    /// `self += operand × factor`. The corresponding GMP functions are `mpz_addmul_ui` and
    /// `mpz_submul_ui`.
    @inline(__always)
    private func addProduct(_ operand: UnsafePointer<__mpz_struct>, _ factor: Int64) {
      if factor >= 0 {
        __gmpz_addmul_ui(pointer, operand, UInt(factor))
      } else {
        __gmpz_submul_ui(pointer, operand, UInt(factor.magnitude))
      }
    }

    /// `operation(result, lhs, rhs)` into a fresh box with room for `limbs` limbs.
    private static func binary(
      _ lhs: ExactInteger<MPZBox>,
      _ rhs: ExactInteger<MPZBox>,
      limbs: Int,
      _ operation: (
        UnsafeMutablePointer<__mpz_struct>, UnsafePointer<__mpz_struct>, UnsafePointer<__mpz_struct>
      ) -> Void
    ) -> MPZBox {
      let result = MPZBox.make(capacityLimbs: limbs)
      lhs.withMPZ { left in rhs.withMPZ { right in operation(result.pointer, left, right) } }
      return result
    }
  }

  // MARK: - Lending GMP pointers

  extension ExactInteger where Box == MPZBox {
    /// The number of 64-bit limbs the magnitude takes (1 for any inline value, zero included), to
    /// size a result before GMP writes it.
    var limbCount: Int {
      guard let pointer = box?.pointer else { return 1 }
      return Int(pointer.pointee._mp_size.magnitude)
    }

    /// Lends a read-only GMP view of the value to `body`.
    ///
    /// An inline value is presented without allocating: its magnitude is one stack limb and GMP
    /// reads it through `mpz_roinit_n`. The pointer is valid only inside `body` and must never be
    /// written to or escape it.
    @inline(__always)
    func withMPZ<Result>(_ body: (UnsafePointer<__mpz_struct>) throws -> Result) rethrows -> Result {
      if let pointer = box?.pointer {
        // Reading the pointer through the optional borrows the box (no retain); keeping `self`
        // alive keeps the box, and so the pointer, valid until `body` returns.
        return try withExtendedLifetime(self) { try body(pointer) }
      } else {
        let value = inlineValue
        var limb = mp_limb_t(value.magnitude)
        let size: mp_size_t = value == 0 ? 0 : (value < 0 ? -1 : 1)
        return try withUnsafePointer(to: &limb) { limbPointer in
          var view = __mpz_struct()
          __gmpz_roinit_n(&view, limbPointer, size)
          return try withUnsafePointer(to: &view) { try body($0) }
        }
      }
    }
  }

  #if GLANCE_INTERNAL_CHECKS
    /// Counters over the kernel's GMP use. A test hook: it exists only in builds with
    /// `GLANCE_INTERNAL_CHECKS` (debug builds), so that tests can prove that no box leaks.
    package enum GMPDiagnostics {
      /// The number of GMP integers alive in this process.
      package static var liveBoxCount: Int { MPZBox.liveCount }
    }
  #endif
#endif
