public import GlanceKernel

/// One point of a step function: `value` holds from `time` until the next point's time.
public struct ChartPoint: Hashable, Sendable {
  public let time: Instant
  /// The count the surface shows from `time` on; `nil` means it shows nothing (a gap).
  public let value: Int?

  public init(time: Instant, value: Int?) {
    self.time = time
    self.value = value
  }
}

/// One line of an ``SVGChart``: the true count or what one surface displays over time.
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

/// A labelled vertical line, such as a day boundary (`00:00`) or the time of a violation.
public struct ChartMark: Hashable, Sendable {
  public let time: Instant
  public let label: String

  public init(time: Instant, label: String) {
    self.time = time
    self.label = label
  }
}

/// A step chart of displayed versus true counts per surface, as a standalone SVG document.
///
/// Rendering is pure and byte-deterministic: every coordinate is computed with integer
/// arithmetic (no floating point), every number in the output is an integer, nothing depends on
/// the wall clock, and the output order depends only on the arrays given (never on a
/// `Dictionary` or `Set`).
///
/// ## Layout
/// 800 × 320 px. The plot area spans x `plotLeft`…`plotRight` and y `plotTop`…
/// `plotBottom`; the title is above it, y-axis tick labels left of it, x-axis labels
/// (`HH:MM`, UTC) below it at both ends and at each mark, and the legend below those.
///
/// ## Scales
/// - x: `plotLeft + (time − from) × plotWidth / (until − from)`, rounded half up, computed in
///   128-bit intermediate precision so that no instant range overflows. Points and marks
///   outside `from…until` are clipped. When `from == until` the window is one instant: every
///   time maps to `plotLeft`, and a series whose value at that instant is known draws a
///   zero-width path there (no trap, nothing divides by zero).
/// - y: linear from `min(0, smallest value)` to `max(1, largest value)`, over the values
///   visible in the window, widened outward to whole multiples of a nice step (1, 2 or 5 × 10^k)
///   chosen as the smallest that needs at most 5 intervals, so at most 6 integer ticks.
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
/// `nil` value or the time before the first point is a gap); a series with nothing to draw is
/// listed in the legend with `(no data)` and has no `<path>`. Titles, names and labels are
/// XML-escaped, and characters XML 1.0 forbids become U+FFFD. The legend is laid out for up to
/// 10 series (two rows of 5).
public struct SVGChart: Hashable, Sendable {
  public let title: String
  public let from: Instant
  public let until: Instant
  public let series: [ChartSeries]
  public let marks: [ChartMark]

  /// - Precondition: `from <= until`.
  public init(
    title: String, from: Instant, until: Instant, series: [ChartSeries], marks: [ChartMark]
  ) {
    precondition(from <= until, "SVGChart window \(from) is after \(until)")
    self.title = title
    self.from = from
    self.until = until
    self.series = series
    self.marks = marks
  }

  /// The document's size and plot area in pixels. Test hooks as well as layout.
  package static let width: Int64 = 800
  package static let height: Int64 = 320
  package static let plotLeft: Int64 = 60
  package static let plotRight: Int64 = 780
  package static let plotTop: Int64 = 40
  package static let plotBottom: Int64 = 250
  /// Values beyond ±10^15 are drawn at ±10^15.
  package static let valueLimit: Int64 = 1_000_000_000_000_000

  /// The complete SVG document, ending with a newline.
  public func render() -> String {
    let ordered = orderedSeries()
    let runs = ordered.map { visibleRuns(of: $0.series) }
    let scale = YScale(values: runs.flatMap { $0.flatMap { $0.map(\.value) } })
    var lines: [String] = [
      "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(Self.width)\" height=\"\(Self.height)\""
        + " viewBox=\"0 0 \(Self.width) \(Self.height)\" font-family=\"sans-serif\""
        + " font-size=\"11\">",
      "<title>\(Self.escaped(title))</title>",
      "<rect width=\"\(Self.width)\" height=\"\(Self.height)\" fill=\"#FFFFFF\"/>",
      "<text x=\"\(Self.width / 2)\" y=\"24\" text-anchor=\"middle\" font-size=\"14\">"
        + "\(Self.escaped(title))</text>",
    ]
    lines += yAxis(scale)
    lines += markLines()
    for (entry, seriesRuns) in zip(ordered, runs) where !seriesRuns.isEmpty {
      lines.append(
        "<path d=\"\(pathData(seriesRuns, scale))\" fill=\"none\"\(entry.style.attributes)/>")
    }
    lines += xLabels()
    lines += legend(ordered, drawn: runs.map { !$0.isEmpty })
    lines.append("</svg>")
    return lines.joined(separator: "\n") + "\n"
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
    let points = series.points.enumerated()
      .sorted {
        ($0.element.time.millisecondsSince1970, $0.offset)
          < ($1.element.time.millisecondsSince1970, $1.offset)
      }
      .map(\.element)
    var runs: [[Segment]] = []
    var current: [Segment] = []
    for (index, point) in points.enumerated() {
      let next = index + 1 < points.count ? points[index + 1].time : nil
      // Replaced by a later point at the same time. (Compared as integers: `Instant`'s `==`
      // comes from `Strideable` and traps when the distance overflows.)
      if let next, next.millisecondsSince1970 == point.time.millisecondsSince1970 { continue }
      guard point.time <= until, next.map({ $0 > from }) ?? true else { continue }
      guard let value = point.value else {
        if !current.isEmpty { runs.append(current) }
        current = []
        continue
      }
      let clamped = min(max(Int64(value), -Self.valueLimit), Self.valueLimit)
      current.append(
        Segment(start: max(point.time, from), end: min(next ?? until, until), value: clamped))
    }
    if !current.isEmpty { runs.append(current) }
    assert(runs.allSatisfy { !$0.isEmpty }, "an empty run in \(series.name)")
    return runs
  }

  /// `M x y H x V y H x …` for each run: horizontal then vertical segments, a new subpath after
  /// each gap.
  func pathData(_ runs: [[Segment]], _ scale: YScale) -> String {
    var data = ""
    for run in runs {
      var previousY: Int64? = nil
      for segment in run {
        let y = scale.y(segment.value)
        if let previousY {
          if y != previousY { data += "V\(y)" }
        } else {
          data += "M\(x(segment.start)) \(y)"
        }
        data += "H\(x(segment.end))"
        previousY = y
      }
    }
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

  /// The y axis: integer ticks `bottom, bottom + step, …, top`, at most 6 of them.
  struct YScale: Hashable {
    let bottom: Int64
    let top: Int64
    let step: Int64

    /// The scale for these (already clamped) values.
    init(values: [Int64]) {
      let low = min(0, values.min() ?? 0)
      let largest = max(0, values.max() ?? 0)
      // low <= 0 <= largest, so they are equal only when both are 0.
      let high = largest == low ? low + 1 : largest
      var power: Int64 = 1
      for _ in 0...16 {
        for mantissa: Int64 in [1, 2, 5] {
          let step = mantissa * power
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
      let plotHeight = SVGChart.plotBottom - SVGChart.plotTop
      let range = top - bottom
      let offset = (2 * (value - bottom) * plotHeight + range) / (2 * range)
      assert(0 <= offset && offset <= plotHeight, "y offset \(offset) outside the plot")
      return SVGChart.plotBottom - offset
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
}

// MARK: - Axes, marks and legend

extension SVGChart {
  func yAxis(_ scale: YScale) -> [String] {
    var lines: [String] = []
    for tick in scale.ticks {
      let y = scale.y(tick)
      lines.append(
        "<line x1=\"\(Self.plotLeft)\" y1=\"\(y)\" x2=\"\(Self.plotRight)\" y2=\"\(y)\""
          + " stroke=\"#DDDDDD\" stroke-width=\"1\"/>")
      lines.append(
        "<text x=\"\(Self.plotLeft - 6)\" y=\"\(y + 4)\" text-anchor=\"end\">\(tick)</text>")
    }
    lines.append(
      "<line x1=\"\(Self.plotLeft)\" y1=\"\(Self.plotTop)\" x2=\"\(Self.plotLeft)\""
        + " y2=\"\(Self.plotBottom)\" stroke=\"#000000\" stroke-width=\"1\"/>")
    lines.append(
      "<line x1=\"\(Self.plotLeft)\" y1=\"\(Self.plotBottom)\" x2=\"\(Self.plotRight)\""
        + " y2=\"\(Self.plotBottom)\" stroke=\"#000000\" stroke-width=\"1\"/>")
    return lines
  }

  /// The marks inside the window, in array order.
  var visibleMarks: [ChartMark] {
    marks.filter { from <= $0.time && $0.time <= until }
  }

  func markLines() -> [String] {
    visibleMarks.flatMap { mark -> [String] in
      let x = x(mark.time)
      return [
        "<line x1=\"\(x)\" y1=\"\(Self.plotTop)\" x2=\"\(x)\" y2=\"\(Self.plotBottom)\""
          + " stroke=\"#888888\" stroke-width=\"1\" stroke-dasharray=\"3 3\"/>",
        "<text x=\"\(x)\" y=\"\(Self.plotTop - 4)\" text-anchor=\"middle\" font-size=\"10\">"
          + "\(Self.escaped(mark.label))</text>",
      ]
    }
  }

  /// `HH:MM` below both ends of the x axis and below each visible mark.
  func xLabels() -> [String] {
    ([from, until] + visibleMarks.map(\.time)).map { time in
      "<text x=\"\(x(time))\" y=\"\(Self.plotBottom + 16)\" text-anchor=\"middle\">"
        + "\(Self.clockText(time))</text>"
    }
  }

  /// One entry per series, 5 per row, in drawing order.
  func legend(_ ordered: [StyledSeries], drawn: [Bool]) -> [String] {
    zip(ordered, drawn).enumerated().flatMap { index, entry -> [String] in
      let x = Self.plotLeft + Int64(index % 5) * 140
      let y = Self.plotBottom + 38 + Int64(index / 5) * 18
      let name = Self.escaped(entry.0.series.name) + (entry.1 ? "" : " (no data)")
      return [
        "<line x1=\"\(x)\" y1=\"\(y - 4)\" x2=\"\(x + 24)\" y2=\"\(y - 4)\""
          + "\(entry.0.style.attributes)/>",
        "<text x=\"\(x + 30)\" y=\"\(y)\">\(name)</text>",
      ]
    }
  }

  /// The UTC time of day as `HH:MM`, the same digits as in `Instant.description`, computed
  /// directly so that it holds for every instant.
  static func clockText(_ instant: Instant) -> String {
    let remainder = instant.millisecondsSince1970 % Instant.millisecondsPerDay
    let millisecondsOfDay = remainder < 0 ? remainder + Instant.millisecondsPerDay : remainder
    let minutes = millisecondsOfDay / Instant.millisecondsPerMinute
    func two(_ value: Int64) -> String { value < 10 ? "0\(value)" : "\(value)" }
    return "\(two(minutes / 60)):\(two(minutes % 60))"
  }

  /// `text` safe as XML character data or attribute value: `& < > " '` become entities, and
  /// characters XML 1.0 forbids (C0 controls other than tab, LF, CR; U+FFFE, U+FFFF) become
  /// U+FFFD.
  static func escaped(_ text: String) -> String {
    var result = ""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "&": result += "&amp;"
      case "<": result += "&lt;"
      case ">": result += "&gt;"
      case "\"": result += "&quot;"
      case "'": result += "&apos;"
      case "\t", "\n", "\r": result.unicodeScalars.append(scalar)
      default:
        let forbidden = scalar.value < 0x20 || scalar.value == 0xFFFE || scalar.value == 0xFFFF
        result.unicodeScalars.append(forbidden ? "\u{FFFD}" : scalar)
      }
    }
    return result
  }
}
