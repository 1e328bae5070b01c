public import GlanceKernel

/// A labelled vertical line, such as a zone change or where a divergence begins.
public struct ChartMark: Hashable, Sendable {
  public let time: Instant
  public let label: String

  public init(time: Instant, label: String) {
    self.time = time
    self.label = label
  }
}
