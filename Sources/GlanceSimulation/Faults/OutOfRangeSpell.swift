public import GlanceKernel

/// A spell of a fault family, from `from` until `until`: the watch out of range of the phone, or
/// another process holding the App Group database's write lock (the store-locks fault family).
///
/// ## Laws
/// - In a loaded scenario, `from < until`.
public struct OutOfRangeSpell: Hashable, Sendable, Codable {
  public var from: Instant
  public var until: Instant

  public init(from: Instant, until: Instant) {
    self.from = from
    self.until = until
  }
}
