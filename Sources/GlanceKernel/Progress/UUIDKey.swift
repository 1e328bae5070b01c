import Foundation

/// The total order Glance uses for UUID-backed identifiers (``Identifier``: ``StepID``, ``TaskID``,
/// ``EventID``): lexicographic on the 16 bytes, in the order `UUID.uuid` lists them (the order
/// of the canonical text, `00…` before `FF…`).
///
/// One explicit rule, so that sorted output never depends on Foundation's own ordering (which
/// not every platform version provides) or on hashing. The bytes are kept as two big-endian
/// 64-bit halves, computed once when an identifier is made, so that comparing, hashing and
/// testing equality cost two integer operations (replicas sort and merge by id constantly).
@usableFromInline
struct UUIDKey: Hashable, Comparable, Sendable {
  /// Bytes 0–7, big-endian (byte 0 is the most significant).
  @usableFromInline let high: UInt64
  /// Bytes 8–15, big-endian.
  @usableFromInline let low: UInt64

  /// The key of `uuid`.
  init(_ uuid: UUID) {
    let b = uuid.uuid
    high =
      UInt64(b.0) << 56 | UInt64(b.1) << 48 | UInt64(b.2) << 40 | UInt64(b.3) << 32
      | UInt64(b.4) << 24 | UInt64(b.5) << 16 | UInt64(b.6) << 8 | UInt64(b.7)
    low =
      UInt64(b.8) << 56 | UInt64(b.9) << 48 | UInt64(b.10) << 40 | UInt64(b.11) << 32
      | UInt64(b.12) << 24 | UInt64(b.13) << 16 | UInt64(b.14) << 8 | UInt64(b.15)
  }

  /// The key of the UUID whose bytes 0–7 are `high` and 8–15 are `low`, both big-endian.
  init(high: UInt64, low: UInt64) {
    self.high = high
    self.low = low
  }

  /// The UUID whose bytes these are: `UUIDKey(u).uuid == u`.
  var uuid: UUID {
    let (h, l) = (high, low)
    return UUID(
      uuid: (
        UInt8(truncatingIfNeeded: h >> 56), UInt8(truncatingIfNeeded: h >> 48), UInt8(truncatingIfNeeded: h >> 40),
        UInt8(truncatingIfNeeded: h >> 32), UInt8(truncatingIfNeeded: h >> 24), UInt8(truncatingIfNeeded: h >> 16),
        UInt8(truncatingIfNeeded: h >> 8), UInt8(truncatingIfNeeded: h), UInt8(truncatingIfNeeded: l >> 56),
        UInt8(truncatingIfNeeded: l >> 48), UInt8(truncatingIfNeeded: l >> 40), UInt8(truncatingIfNeeded: l >> 32),
        UInt8(truncatingIfNeeded: l >> 24), UInt8(truncatingIfNeeded: l >> 16), UInt8(truncatingIfNeeded: l >> 8),
        UInt8(truncatingIfNeeded: l)
      ))
  }

  /// Lexicographic on the bytes: by the high half, then the low half.
  @inlinable
  static func < (lhs: UUIDKey, rhs: UUIDKey) -> Bool {
    lhs.high != rhs.high ? lhs.high < rhs.high : lhs.low < rhs.low
  }

  /// Byte-wise equality: both halves equal.
  @inlinable
  static func == (lhs: UUIDKey, rhs: UUIDKey) -> Bool {
    lhs.high == rhs.high && lhs.low == rhs.low
  }

  /// One word into the hasher, the halves folded (equal keys fold equal, so `==` implies equal
  /// hashes): every version 4 and 7 UUID carries at least 62 random bits in its low half, which
  /// the fold keeps, so keys stay spread; and a dictionary lookup by identifier feeds the
  /// hasher once instead of twice (the simulator's stores and truths look ids up constantly).
  @inlinable
  func hash(into hasher: inout Hasher) {
    hasher.combine(high ^ low.byteSwapped)
  }
}
