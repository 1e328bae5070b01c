internal import CGMP

#if GLANCE_INTERNAL_CHECKS
  import Foundation
#endif

/// Owns exactly one GMP integer (`mpz_t`) on the heap.
///
/// Ownership follows one rule: `init` initialises the integer, `deinit` clears it and frees the
/// memory, and nothing else frees it. The `__mpz_struct` never lives in a Swift field or a copied
/// local, because a bitwise copy would share the limbs and free them twice.
///
/// A box is immutable once it is shared. Only the integer code in `BigInteger` mutates a box, and
/// only after `isKnownUniquelyReferenced` proved that no other value can see it. That discipline
/// is what makes `@unchecked Sendable` sound.
@usableFromInline
final class MPZBox: @unchecked Sendable {
  /// The integer. Lent to GMP calls; never escapes the box's lifetime.
  let pointer: UnsafeMutablePointer<__mpz_struct>

  /// A new box holding zero. The corresponding GMP function is `mpz_init`.
  init() {
    pointer = UnsafeMutablePointer<__mpz_struct>.allocate(capacity: 1)
    __gmpz_init(pointer)
    MPZBox.didAllocate()
  }

  /// A new box holding a copy of `source`. The corresponding GMP function is `mpz_init_set`.
  init(copying source: UnsafePointer<__mpz_struct>) {
    pointer = UnsafeMutablePointer<__mpz_struct>.allocate(capacity: 1)
    __gmpz_init_set(pointer, source)
    MPZBox.didAllocate()
  }

  deinit {
    __gmpz_clear(pointer)
    pointer.deallocate()
    MPZBox.didDeallocate()
  }

  /// The sign of the integer: -1, 0 or +1. The corresponding GMP macro is `mpz_sgn`.
  var signum: Int { Int(cgmp_mpz_sgn(pointer)) }

  /// The integer as an `Int64` when it fits, otherwise `nil`.
  /// The corresponding GMP functions are `mpz_fits_slong_p` and `mpz_get_si`.
  var int64Value: Int64? {
    guard __gmpz_fits_slong_p(pointer) != 0 else { return nil }
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

#if GLANCE_INTERNAL_CHECKS
  /// Counters over the kernel's GMP use. A test hook: it exists only in builds with
  /// `GLANCE_INTERNAL_CHECKS` (debug builds), so that tests can prove that no box leaks.
  package enum GMPDiagnostics {
    /// The number of GMP integers alive in this process.
    package static var liveBoxCount: Int { MPZBox.liveCount }
  }
#endif
