public import GlanceKernel

/// A spell during which the watch is out of range of the phone: from `from` until `until`.
///
/// ## Laws
/// - In a loaded scenario, `from < until`.
public struct OutOfRangeSpell: Hashable, Sendable {
  public var from: Instant
  public var until: Instant

  public init(from: Instant, until: Instant) {
    self.from = from
    self.until = until
  }
}
