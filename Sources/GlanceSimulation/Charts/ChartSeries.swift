/// One line of an ``SVGChart``: the true value or what one surface displays over time.
public struct ChartSeries: Hashable, Sendable {
  /// `truth`, `app`, `widget` or `watch`; any other name is drawn too (see ``SVGChart``).
  public let name: String
  /// Step-function points. The value of a point holds from its time until the next point's
  /// time (the last one until the end of the chart); nothing shows before the first point.
  /// The points need not be sorted: they are ordered by time, and of several points at the
  /// same time the last one in this array wins.
  public let points: [ChartPoint]

  public init(name: String, points: [ChartPoint]) {
    self.name = name
    self.points = points
  }
}
