public import GlanceKernel

/// A step chart of displayed versus true values per surface over a window of time, with what
/// happened meanwhile, as a standalone SVG document.
///
/// Rendering is pure and byte-deterministic: every coordinate is computed with integer
/// arithmetic (no floating point), every number in the output is an integer, nothing depends on
/// the wall clock, and the output order depends only on the arrays given (never on a
/// `Dictionary` or `Set`).
///
/// ## Layout, top to bottom
/// 800 px wide; the height grows with what there is to show.
/// - The title (14 px) and the subtitle (11 px).
/// - Up to three rows of mark labels, each label centred on its line, placed in the
///   first row where it overlaps no other text; a label that fits in no row is left out (its
///   line stays).
/// - The plot, x 110…780, 200 px tall: shaded bands, light grid lines
///   (day boundaries), dashed mark lines, then the series.
/// - The time axis in the ``clock``'s local time: ticks at whole local hours (`HH:MM`) for
///   windows of a few days, with the day (`Tue 10 Mar`) under the first tick of each day; at
///   local day starts (`10 Mar`) for longer windows, with the year under the first tick of
///   each year; the step is the smallest (1, 2, 3, 6, 12 hours; 1, 2, 3, 7, 14 days; 1, 3, 6, 12
///   months) whose labels do not overlap. Then the caption: the zones, `local time`.
/// - One row per lane (``ChartLane``), named at its left.
/// - The legend: each series' line and name, then the grid lines' and bands' meaning.
///
/// No two texts overlap, and every text lies inside the document (checked by a test that
/// measures the rendered texts itself, on every chart of the shipped scenarios).
///
/// ## Scales
/// - x: `plotLeft + (time − from) × plotWidth / (until − from)`, rounded half up, computed in
///   128-bit intermediate precision so that no instant range overflows. Points and marks
///   outside `from…until` are clipped. When `from == until` the window is one instant: every
///   time maps to `plotLeft`, and a series whose value at that instant is known draws a
///   zero-width path there (no trap, nothing divides by zero).
/// - y: linear from `min(0, smallest value)` to `max(1, largest value)`, over the values
///   visible in the window, widened outward to whole multiples of a nice step (1, 2 or 5 × 10^k,
///   at least the format's smallest step) chosen as the smallest that needs at most 5
///   intervals, so at most 6 ticks, written as ``values`` says (money by the kernel).
///   Values are clamped to ±`valueLimit` first so that the integer arithmetic cannot overflow.
///   Pixel rows are rounded half up.
///
/// ## Series
/// Drawn and listed in the legend in this order, ties kept in array order:
/// 1. `truth`: solid black, 5 px, drawn first so that the thinner surface lines on top of it
///    stay visible where a surface agrees with the truth;
/// 2. `app`: #0072B2 (blue), 2 px, dashes `9 3`;
/// 3. `widget`: #D55E00 (vermillion), 2 px, dashes `5 3`;
/// 4. `watch`: #009E73 (bluish green), 2 px, dashes `2 2`;
/// 5. any other name: #CC79A7, #E69F00, #56B4E9 in turn, 2 px, dashes `6 2 2 2`.
///
/// The colours are from the Okabe–Ito colour-blind-safe palette. Each series with at least one
/// non-`nil` value inside the window is one `<path>` of horizontal and vertical segments (a
/// `nil` value or the time before the first point is a gap; changes that fall in one pixel
/// column are drawn as one vertical stroke, so a path has at most a few commands per column);
/// a series with nothing to draw is listed in the legend with `(no data)` and has no `<path>`.
/// Titles, names and labels are XML-escaped, and characters XML 1.0 forbids become U+FFFD.
public struct SVGChart: Hashable, Sendable {
  public let title: String
  /// A line under the title (what is plotted, over which days); none when empty.
  public let subtitle: String
  public let from: Instant
  public let until: Instant
  public let series: [ChartSeries]
  public let marks: [ChartMark]
  /// How times are written.
  public let clock: ChartClock
  /// How values are written.
  public let values: ChartValueFormat
  /// Shaded spans in the plot.
  public let bands: [ChartBand]
  /// Strips under the plot.
  public let lanes: [ChartLane]
  /// Light vertical lines without labels (day boundaries); `gridLabel` names them in the legend.
  public let gridLines: [Instant]
  public let gridLabel: String

  /// - Precondition: `from <= until`.
  public init(
    title: String, subtitle: String = "", from: Instant, until: Instant, series: [ChartSeries], marks: [ChartMark],
    clock: ChartClock = .utc, values: ChartValueFormat = .count, bands: [ChartBand] = [], lanes: [ChartLane] = [],
    gridLines: [Instant] = [], gridLabel: String = "day boundary"
  ) {
    precondition(from <= until, "SVGChart window \(from) is after \(until)")
    self.title = title
    self.subtitle = subtitle
    self.from = from
    self.until = until
    self.series = series
    self.marks = marks
    self.clock = clock
    self.values = values
    self.bands = bands
    self.lanes = lanes
    self.gridLines = gridLines
    self.gridLabel = gridLabel
  }

  /// The document's width and plot columns in pixels. Test hooks as well as layout.
  package static let width: Int64 = 800
  package static let plotLeft: Int64 = 110
  package static let plotRight: Int64 = 780
  package static let plotHeight: Int64 = 200
  /// At most this many rows of mark labels above the plot.
  package static let markRowsMax = 3
  /// Values beyond ±10^15 are drawn at ±10^15.
  package static let valueLimit: Int64 = 1_000_000_000_000_000

  /// The complete SVG document, ending with a newline.
  public func render() -> String {
    var layout = ChartLayout(chart: self)
    return layout.render()
  }
}

// MARK: - Series order and style

extension SVGChart {
  struct Style: Hashable {
    let stroke: String
    let strokeWidth: Int
    let dashes: String?

    /// ` stroke="…" stroke-width="…"` and the dash array when there is one.
    var attributes: String {
      " stroke=\"\(stroke)\" stroke-width=\"\(strokeWidth)\""
        + (dashes.map { " stroke-dasharray=\"\($0)\"" } ?? "")
    }
  }

  struct StyledSeries {
    let series: ChartSeries
    let style: Style
  }

  static let knownStyles: [(name: String, style: Style)] = [
    ("truth", Style(stroke: "#000000", strokeWidth: 5, dashes: nil)),
    ("app", Style(stroke: "#0072B2", strokeWidth: 2, dashes: "9 3")),
    ("widget", Style(stroke: "#D55E00", strokeWidth: 2, dashes: "5 3")),
    ("watch", Style(stroke: "#009E73", strokeWidth: 2, dashes: "2 2")),
  ]
  static let otherColours = ["#CC79A7", "#E69F00", "#56B4E9"]

  /// The series in drawing order (known names first, in the documented order; ties and other
  /// names in array order), each with its style.
  func orderedSeries() -> [StyledSeries] {
    let known = Self.knownStyles
    let ranked = series.enumerated().map { index, series in
      (
        rank: known.firstIndex { $0.name == series.name } ?? known.count, index: index,
        series: series
      )
    }
    let sorted = ranked.sorted { ($0.rank, $0.index) < ($1.rank, $1.index) }
    var othersSoFar = 0
    return sorted.map { entry in
      if entry.rank < known.count {
        return StyledSeries(series: entry.series, style: known[entry.rank].style)
      }
      let colour = Self.otherColours[othersSoFar % Self.otherColours.count]
      othersSoFar += 1
      return StyledSeries(
        series: entry.series, style: Style(stroke: colour, strokeWidth: 2, dashes: "6 2 2 2"))
    }
  }
}

// MARK: - Clipping the step function

extension SVGChart {
  /// A horizontal piece of a series inside the window, with its value already clamped.
  struct Segment: Hashable {
    let start: Instant
    let end: Instant
    let value: Int64
  }

  /// The visible pieces of a series, grouped into runs without gaps, in time order.
  ///
  /// Point `i` holds on `[time_i, time_{i+1})` (the last point on `[time_last, ∞)`); a piece is
  /// visible when that interval meets the closed window `[from, until]`.
  func visibleRuns(of series: ChartSeries) -> [[Segment]] {
    // In time order, ties in their given order (a series is usually given in order already).
    let inOrder = zip(series.points, series.points.dropFirst()).allSatisfy {
      $0.time.millisecondsSince1970 <= $1.time.millisecondsSince1970
    }
    let points =
      inOrder
      ? series.points
      : series.points.enumerated()
        .sorted {
          ($0.element.time.millisecondsSince1970, $0.offset)
            < ($1.element.time.millisecondsSince1970, $1.offset)
        }
        .map(\.element)
    // Every segment in one array, each run ending where `runEnds` says: a run's own array is
    // made once, at its size, instead of growing segment by segment.
    var segments: [Segment] = []
    segments.reserveCapacity(points.count)
    var runEnds: [Int] = []
    func endRun() {
      if segments.count > (runEnds.last ?? 0) { runEnds.append(segments.count) }
    }
    for (index, point) in points.enumerated() {
      let next = index + 1 < points.count ? points[index + 1].time : nil
      // Replaced by a later point at the same time. (Compared as integers: `Instant`'s `==`
      // comes from `Strideable` and traps when the distance overflows.)
      if let next, next.millisecondsSince1970 == point.time.millisecondsSince1970 { continue }
      guard point.time <= until, next.map({ $0 > from }) ?? true else { continue }
      guard let value = point.value else {
        endRun()
        continue
      }
      let clamped = min(max(Int64(value), -Self.valueLimit), Self.valueLimit)
      segments.append(
        Segment(start: max(point.time, from), end: min(next ?? until, until), value: clamped))
    }
    endRun()
    let runs = runEnds.indices.map { run in Array(segments[(run == 0 ? 0 : runEnds[run - 1])..<runEnds[run]]) }
    assert(runs.allSatisfy { !$0.isEmpty }, "an empty run in \(series.name)")
    return runs
  }

  /// `M x y H x V y H x …` for each run: horizontal then vertical segments, a new subpath after
  /// each gap. Changes that fall in the pixel column the pen is in only move it vertically
  /// there (at most to the column's lowest row, its highest, then the last value's), and a gap
  /// that ends in the column where it began is no gap at this scale: the path costs a few
  /// commands per column however many changes and gaps the series has.
  /// Returned as its ASCII bytes, for ``MarkupFragment`` to copy.
  func pathData(_ runs: [[Segment]], _ scale: YScale) -> [UInt8] {
    // Built as ASCII bytes: a long series makes thousands of commands.
    var data: [UInt8] = []
    func put(_ command: Unicode.Scalar, _ value: Int64) {
      data.append(UInt8(ascii: command))
      data.appendDecimal(value)
    }
    // The pen's position, and the rows the values since it last moved across took in its column.
    var pen: (x: Int64, y: Int64)? = nil
    var column: (low: Int64, high: Int64, last: Int64)? = nil
    func flush() {
      guard let at = pen, let visited = column else { return }
      var y = at.y
      if visited.low < y { put("V", visited.low); y = visited.low }
      if visited.high > y { put("V", visited.high); y = visited.high }
      if visited.last != y { put("V", visited.last) }
      pen = (at.x, visited.last)
      column = nil
    }
    // The column of the last segment's end: in a run it is usually the next one's start.
    var previousEnd: (instant: Instant, x: Int64)? = nil
    for run in runs {
      for (index, segment) in run.enumerated() {
        let y = scale.y(segment.value)
        let start: Int64
        if let previousEnd, previousEnd.instant.millisecondsSince1970 == segment.start.millisecondsSince1970 {
          start = previousEnd.x
        } else {
          start = x(segment.start)
        }
        let end = x(segment.end)
        previousEnd = (segment.end, end)
        if let at = pen, index > 0 || at.x == start {
          // In the pen's column (the run goes on, or a gap closed within the column).
          if let visited = column {
            column = (min(visited.low, y), max(visited.high, y), y)
          } else if y != at.y {
            column = (y, y, y)
          }
          if end != start {
            flush()
            put("H", end)
            pen = (end, pen?.y ?? y)
          }
        } else {
          flush()
          put("M", start)
          put(" ", y)
          put("H", end)
          pen = (end, y)
        }
      }
    }
    flush()
    return data
  }
}

// MARK: - Scales

extension SVGChart {
  /// The pixel column of `instant`, which must lie in `from…until`.
  ///
  /// `plotLeft + round_half_up((instant − from) × plotWidth / (until − from))`, with the
  /// product and quotient in 128 bits (`multipliedFullWidth`, `dividingFullWidth`), so it
  /// cannot overflow. `from == until` maps to `plotLeft`.
  func x(_ instant: Instant) -> Int64 {
    precondition(from <= instant, "\(instant) is before the chart's start \(from)")
    precondition(instant <= until, "\(instant) is after the chart's end \(until)")
    let span = UInt64(bitPattern: until.millisecondsSince1970 &- from.millisecondsSince1970)
    guard span > 0 else { return Self.plotLeft }
    let offset = UInt64(bitPattern: instant.millisecondsSince1970 &- from.millisecondsSince1970)
    let plotWidth = UInt64(Self.plotRight - Self.plotLeft)
    // offset <= span, so the quotient is at most plotWidth and the high word is below span.
    let (quotient, remainder) = span.dividingFullWidth(offset.multipliedFullWidth(by: plotWidth))
    let rounded = remainder >= span - remainder ? quotient + 1 : quotient
    assert(rounded <= plotWidth, "x offset \(rounded) beyond the plot width \(plotWidth)")
    return Self.plotLeft + Int64(rounded)
  }

  /// Whether `instant` lies in the window.
  func contains(_ instant: Instant) -> Bool { from <= instant && instant <= until }

  /// The y axis: ticks `bottom, bottom + step, …, top`, at most 6 of them, drawn between
  /// `plotTop` and `plotTop + plotHeight`.
  struct YScale: Hashable {
    let bottom: Int64
    let top: Int64
    let step: Int64
    /// The plot's top row.
    var plotTop: Int64 = 40

    /// The scale for these (already clamped) values, with steps of at least `minimumStep`.
    init(values: [Int64], minimumStep: Int64 = 1) {
      let low = min(0, values.min() ?? 0)
      let largest = max(0, values.max() ?? 0)
      // low <= 0 <= largest, so they are equal only when both are 0.
      let high = largest == low ? low + 1 : largest
      var power: Int64 = 1
      for _ in 0...16 {
        for mantissa: Int64 in [1, 2, 5] {
          let step = mantissa * power
          guard step >= minimumStep else { continue }
          let bottom = SVGChart.floorDivision(low, step)
          let top = SVGChart.ceilingDivision(high, step)
          if top - bottom <= 5 {
            self.bottom = bottom * step
            self.top = top * step
            self.step = step
            precondition(self.bottom < self.top, "empty y scale \(self.bottom)…\(self.top)")
            return
          }
        }
        power *= 10
      }
      preconditionFailure("no tick step for \(low)…\(high); values must be clamped")
    }

    var ticks: [Int64] {
      (0...(top - bottom) / step).map { bottom + $0 * step }
    }

    /// The pixel row of `value`: `plotBottom − round_half_up((value − bottom) × plotHeight /
    /// (top − bottom))`.
    func y(_ value: Int64) -> Int64 {
      let plotHeight = SVGChart.plotHeight
      let range = top - bottom
      let offset = (2 * (value - bottom) * plotHeight + range) / (2 * range)
      assert(0 <= offset && offset <= plotHeight, "y offset \(offset) outside the plot")
      return plotTop + plotHeight - offset
    }
  }

  static func floorDivision(_ a: Int64, _ b: Int64) -> Int64 {
    precondition(b > 0, "floorDivision by \(b)")
    return a / b - (a % b < 0 ? 1 : 0)
  }

  static func ceilingDivision(_ a: Int64, _ b: Int64) -> Int64 {
    precondition(b > 0, "ceilingDivision by \(b)")
    return a / b + (a % b > 0 ? 1 : 0)
  }

  /// The UTC time of day as `HH:MM`, the same digits as in `Instant.description`, computed
  /// directly so that it holds for every instant.
  static func clockText(_ instant: Instant) -> String {
    ChartClock.utc.clockText(instant)
  }

  /// `text` safe as XML character data or attribute value (the same escaping as the HTML report).
  static func escaped(_ text: String) -> String {
    MarkupText.escaped(text)
  }
}
