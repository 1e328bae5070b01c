/// What a ``StateHasher`` made of a play's state: 128 bits, the same in every process.
struct StateFingerprint: Hashable, Sendable {
  let low: UInt64
  let high: UInt64

  init(low: UInt64, high: UInt64) {
    self.low = low
    self.high = high
  }
}

extension StateFingerprint: StateFingerprinted {
  /// Feeds both halves: a part of a state fingerprinted once and kept (a store's events between
  /// two writes) is fed as its fingerprint.
  func fingerprint(into hasher: inout StateHasher) {
    hasher.combine(low)
    hasher.combine(high)
  }
}
