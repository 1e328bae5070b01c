/// A deterministic hash of a simulated play's state, for counting the distinct states an
/// exploration reaches (DocC: Exploring small worlds, Counting states).
///
/// Unlike Swift's `Hasher`, it is the same in every process (no per-process seed: a count of
/// states never depends on the run), and it mixes a word in a few instructions: two lanes, each
/// a 64 × 64 → 128-bit multiply folded back to 64 bits (the mix of wyhash), where `Hasher` runs
/// SipHash for every value it is fed.
///
/// ## Laws
/// - The same words fed in the same order give the same fingerprint, in every process.
/// - Feeding is not commutative: `a` then `b` differs from `b` then `a` (unless by collision).
/// - It is not a cryptographic hash: two different states collide with a probability close to
///   that of two random 128-bit values, for the states a simulator makes (no adversary).
struct StateHasher {
  private var first: UInt64 = 0x243F_6A88_85A3_08D3
  private var second: UInt64 = 0x1319_8A2E_0370_7344

  init() {}

  /// Feeds one word.
  @inline(__always)
  mutating func combine(_ word: UInt64) {
    let one = (first ^ word).multipliedFullWidth(by: 0x9E37_79B9_7F4A_7C15)
    let two = (second ^ word ^ 0xA409_3822_299F_31D0).multipliedFullWidth(by: 0xC2B2_AE3D_27D4_EB4F)
    (first, second) = (one.high ^ one.low, two.high ^ two.low ^ first)
  }

  @inline(__always)
  mutating func combine(_ value: Int) { combine(UInt64(bitPattern: Int64(value))) }

  @inline(__always)
  mutating func combine(_ value: Int64) { combine(UInt64(bitPattern: value)) }

  @inline(__always)
  mutating func combine(_ value: Bool) { combine(value ? 1 as UInt64 : 2) }

  /// Feeds `bytes`: their count, then eight bytes to a word (little-endian, the last word padded
  /// with zeros), read eight at a time from contiguous storage.
  mutating func combine(bytes: some Collection<UInt8>) {
    if bytes.withContiguousStorageIfAvailable({ combine(raw: UnsafeRawBufferPointer($0)) }) != nil { return }
    Array(bytes).withUnsafeBytes { combine(raw: $0) }
  }

  /// Feeds `raw`'s count, then its words.
  private mutating func combine(raw: UnsafeRawBufferPointer) {
    combine(raw.count)
    var offset = 0
    while offset + 8 <= raw.count {
      combine(UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self)))
      offset += 8
    }
    guard offset < raw.count else { return }
    var word: UInt64 = 0
    for index in offset..<raw.count { word |= UInt64(raw[index]) << (8 * UInt64(index - offset)) }
    combine(word)
  }

  /// Feeds `value`, which feeds itself.
  @inline(__always)
  mutating func combine(_ value: some StateFingerprinted) { value.fingerprint(into: &self) }

  /// Feeds `value`'s Swift hash (`hashValue`): for a value too rich to be fed field by field
  /// (a display, a design's message), fed once. Swift seeds that hash per process, so such a
  /// value is the one place where a run could differ from another: only if two different values
  /// of one plan share their 64-bit hash.
  mutating func combine(hashOf value: some Hashable) { combine(value.hashValue) }

  /// The fingerprint of what was fed.
  func finalize() -> StateFingerprint {
    let one = (first ^ 0x8C2D_4B0E_5F3A_9176).multipliedFullWidth(by: second | 1)
    return StateFingerprint(low: one.low ^ first, high: one.high ^ second)
  }
}
