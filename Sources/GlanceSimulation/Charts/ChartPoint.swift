public import GlanceKernel

/// One point of a step function: `value` holds from `time` until the next point's time.
public struct ChartPoint: Hashable, Sendable {
  public let time: Instant
  /// The value the surface shows from `time` on; `nil` means it shows nothing (a gap).
  public let value: Int?

  public init(time: Instant, value: Int?) {
    self.time = time
    self.value = value
  }
}
