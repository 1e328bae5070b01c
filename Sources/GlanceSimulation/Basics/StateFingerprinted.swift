/// A value that feeds a ``StateHasher`` what it holds, for a fingerprint of a simulated play's
/// state.
///
/// ## Laws
/// - Equal values feed the same words.
/// - A value feeds a self-delimiting sequence (a collection its count first), so that two values
///   fed one after the other cannot be mistaken for two others.
protocol StateFingerprinted {
  /// Feeds `hasher` what this value holds.
  func fingerprint(into hasher: inout StateHasher)
}

extension Int: StateFingerprinted {
  func fingerprint(into hasher: inout StateHasher) { hasher.combine(self) }
}

extension Int64: StateFingerprinted {
  func fingerprint(into hasher: inout StateHasher) { hasher.combine(self) }
}

extension UInt64: StateFingerprinted {
  func fingerprint(into hasher: inout StateHasher) { hasher.combine(self) }
}

extension Bool: StateFingerprinted {
  func fingerprint(into hasher: inout StateHasher) { hasher.combine(self) }
}

extension String: StateFingerprinted {
  func fingerprint(into hasher: inout StateHasher) { hasher.combine(bytes: utf8) }
}

extension Optional: StateFingerprinted where Wrapped: StateFingerprinted {
  /// Whether the value is there, then it if it is.
  func fingerprint(into hasher: inout StateHasher) {
    guard let self else {
      hasher.combine(0 as UInt64)
      return
    }
    hasher.combine(1 as UInt64)
    self.fingerprint(into: &hasher)
  }
}

extension Array: StateFingerprinted where Element: StateFingerprinted {
  /// The count, then every element in order.
  func fingerprint(into hasher: inout StateHasher) {
    hasher.combine(count)
    for index in indices { self[index].fingerprint(into: &hasher) }
  }
}

extension Never: StateFingerprinted {
  func fingerprint(into hasher: inout StateHasher) {}
}
