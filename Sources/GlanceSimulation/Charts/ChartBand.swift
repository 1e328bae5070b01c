public import GlanceKernel

/// A span shaded in a chart's plot, such as a spell of the watch out of range; the legend
/// names it once with `label`.
public struct ChartBand: Hashable, Sendable {
  public let from: Instant
  public let until: Instant
  public let label: String

  public init(from: Instant, until: Instant, label: String) {
    self.from = from
    self.until = until
    self.label = label
  }
}
