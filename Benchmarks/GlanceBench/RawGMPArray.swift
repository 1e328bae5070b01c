#if GLANCE_GMP
  import CGMP

  /// The floor: an array of GMP integers used directly, the way a C programmer would.
  struct RawGMPArray {
    let integers: UnsafeMutablePointer<__mpz_struct>
    let count: Int

    init(_ values: [Int128]) {
      count = values.count
      integers = .allocate(capacity: values.count)
      for (index, value) in values.enumerated() {
        let pointer = integers + index
        __gmpz_init(pointer)
        var words = Array(value.magnitude.words)
        __gmpz_import(pointer, words.count, -1, MemoryLayout<UInt>.stride, 0, 0, &words)
        if value < 0 { __gmpz_neg(pointer, pointer) }
      }
    }

    func free() {
      for index in 0..<count { __gmpz_clear(integers + index) }
      integers.deallocate()
    }

    func sum() -> String {
      let total = UnsafeMutablePointer<__mpz_struct>.allocate(capacity: 1)
      __gmpz_init(total)
      for index in 0..<count { __gmpz_add(total, total, integers + index) }
      defer {
        __gmpz_clear(total)
        total.deallocate()
      }
      return Self.text(total)
    }

    func sumOfProducts(_ quantities: [Int]) -> String {
      let total = UnsafeMutablePointer<__mpz_struct>.allocate(capacity: 2)
      let scratch = total + 1
      __gmpz_init(total)
      __gmpz_init(scratch)
      for index in 0..<count {
        __gmpz_mul_si(scratch, integers + index, quantities[index])
        __gmpz_add(total, total, scratch)
      }
      defer {
        __gmpz_clear(total)
        __gmpz_clear(scratch)
        total.deallocate()
      }
      return Self.text(total)
    }

    /// Σ integers[i] × quantities[i] with GMP's fused multiply-add into one accumulator.
    func sumOfProductsFused(_ quantities: [Int]) -> String {
      let total = UnsafeMutablePointer<__mpz_struct>.allocate(capacity: 1)
      __gmpz_init(total)
      for index in 0..<count {
        let quantity = quantities[index]
        if quantity >= 0 {
          __gmpz_addmul_ui(total, integers + index, UInt(quantity))
        } else {
          __gmpz_submul_ui(total, integers + index, quantity.magnitude)
        }
      }
      defer {
        __gmpz_clear(total)
        total.deallocate()
      }
      return Self.text(total)
    }

    static func text(_ integer: UnsafePointer<__mpz_struct>) -> String {
      var buffer = [CChar](repeating: 0, count: __gmpz_sizeinbase(integer, 10) + 2)
      __gmpz_get_str(&buffer, 10, integer)
      return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
  }
#endif
