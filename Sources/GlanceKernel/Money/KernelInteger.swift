/// The kernel's exact integer: `ExactInteger` on the big-integer library this build links.
///
/// GMP (`MPZBox`) when the `GMP` trait is enabled (the default) on Linux and macOS, where GMP is
/// the fastest library for huge values and a system package; attaswift/BigInt (`BigIntBox`) on
/// iOS, watchOS and tvOS, and wherever the trait is disabled. Values that fit in `Int64` stay
/// inline on either, and both give the same figures (`BackendDifferentialTests`).
#if GLANCE_GMP
  @usableFromInline
  typealias KernelIntegerBox = MPZBox
#else
  @usableFromInline
  typealias KernelIntegerBox = BigIntBox
#endif

/// The kernel's exact integer. Its out-of-line paths are compiled for `KernelIntegerBox` ahead of
/// time (`@_specialize(exported:)`), so that code inlined into another module calls specialised
/// code rather than generic code that looks the box's operations up at run time.
@usableFromInline
typealias BigInteger = ExactInteger<KernelIntegerBox>
