import GlanceKernel

/// Lays an ``SVGChart`` out top to bottom and writes its SVG, keeping every text clear of the
/// others: each text's box is estimated (``TextBox``) and an optional text that would overlap
/// one already placed is left out.
struct ChartLayout {
  let chart: SVGChart
  /// The texts placed so far.
  private var boxes: [TextBox] = []
  /// The document so far: UTF-8, each line ended by a newline.
  private var document: [UInt8] = []

  init(chart: SVGChart) {
    self.chart = chart
  }

  // MARK: Geometry

  static let titleY: Int64 = 22
  static let subtitleY: Int64 = 38
  static let markRowHeight: Int64 = 13
  static let axisRowHeight: Int64 = 14
  static let laneHeight: Int64 = 16
  static let legendRowHeight: Int64 = 18

  /// An estimate of a text's extent: `0.62 em` a character (wider than the average sans-serif
  /// glyph, narrower than `W`), the font size tall, its baseline at `y`.
  struct TextBox: Hashable {
    let left: Int64
    let right: Int64
    let top: Int64
    let bottom: Int64

    enum Anchor: String { case start, middle, end }

    init(text: String, x: Int64, y: Int64, size: Int64, anchor: Anchor) {
      let width = (Int64(text.count) * size * 62 + 99) / 100
      switch anchor {
      case .start: (left, right) = (x, x + width)
      case .middle: (left, right) = (x - width / 2, x + (width + 1) / 2)
      case .end: (left, right) = (x - width, x)
      }
      top = y - size
      bottom = y + size / 4
    }

    /// Whether the boxes share a point, with `gap` pixels of margin.
    func meets(_ other: TextBox, gap: Int64 = 2) -> Bool {
      left < other.right + gap && other.left < right + gap && top < other.bottom && other.top < bottom
    }
  }

  /// Writes `text` unless it would overlap a text already placed or leave the document (when
  /// `required`, it is written anyway). Returns whether it was written.
  @discardableResult
  private mutating func text(
    _ text: String, x: Int64, y: Int64, size: Int64 = 11, anchor: TextBox.Anchor = .middle, required: Bool = false,
    attributes: String = ""
  ) -> Bool {
    let box = TextBox(text: text, x: x, y: y, size: size, anchor: anchor)
    let fits = box.left >= 0 && box.right <= SVGChart.width && !boxes.contains { $0.meets(box) }
    guard fits || required else { return false }
    boxes.append(box)
    line(
      "<text x=\"\(x)\" y=\"\(y)\" text-anchor=\"\(anchor.rawValue)\" font-size=\"\(size)\"\(attributes)>\(escaped: text)</text>")
    return true
  }

  /// Appends `fragment` and a newline to the document.
  private mutating func line(_ fragment: MarkupFragment) {
    document.append(contentsOf: fragment.bytes)
    document.append(UInt8(ascii: "\n"))
  }

  /// Appends `<rect x="…" y="…" width="…" height="…" fill="…"/>` and a newline to the document.
  private mutating func rect(x: Int64, y: Int64, width: Int64, height: Int64, fill: String) {
    SVGRectRow(y: y, height: height, fill: fill).append(x: x, width: width, to: &document)
  }

  // MARK: Rendering

  mutating func render() -> String {
    let ordered = chart.orderedSeries()
    let runs = ordered.map { chart.visibleRuns(of: $0.series) }
    // The title and subtitle, then the mark labels' rows, measured before the plot is placed.
    let title = chart.title
    let markRows = markLabelRows()
    let rowsUsed = Int64(markRows.map(\.row).max().map { $0 + 1 } ?? 0)
    let plotTop = (chart.subtitle.isEmpty ? 34 : 50) + rowsUsed * Self.markRowHeight + 6
    let plotBottom = plotTop + SVGChart.plotHeight
    var scale = SVGChart.YScale(values: runs.flatMap { $0.flatMap { $0.map(\.value) } }, minimumStep: chart.values.minimumStep)
    scale.plotTop = plotTop
    let axisTop = plotBottom
    let captionY = axisTop + 2 * Self.axisRowHeight + 14
    let lanesTop = captionY + 8
    let legendTop = lanesTop + Int64(chart.lanes.count) * Self.laneHeight + 14
    let legendEntries = legendItems(ordered, drawn: runs.map { !$0.isEmpty })
    let legendRows = legendLayout(legendEntries)
    let height = legendTop + Int64(legendRows.rows) * Self.legendRowHeight + 8

    document = []
    line(
      """
      <svg xmlns="http://www.w3.org/2000/svg" width="\(SVGChart.width)" height="\(height)" \
      viewBox="0 0 \(SVGChart.width) \(height)" font-family="sans-serif" font-size="11">
      """)
    line("<title>\(escaped: title)</title>")
    line("<rect width=\"\(SVGChart.width)\" height=\"\(height)\" fill=\"#FFFFFF\"/>")
    text(title, x: SVGChart.width / 2, y: Self.titleY, size: 14, required: true)
    if !chart.subtitle.isEmpty { text(chart.subtitle, x: SVGChart.width / 2, y: Self.subtitleY, size: 11, required: true) }

    // Bands, grid lines, the y axis, mark lines, then the series.
    for band in chart.bands {
      if let (left, width) = spanColumns(band.from..<band.until) {
        rect(x: left, y: plotTop, width: width, height: SVGChart.plotHeight, fill: "#E8E8E8")
      }
    }
    for instant in chart.gridLines where chart.contains(instant) {
      let x = chart.x(instant)
      line(
        "<line x1=\"\(x)\" y1=\"\(plotTop)\" x2=\"\(x)\" y2=\"\(plotBottom)\" stroke=\"#CCCCCC\" stroke-width=\"1\" stroke-dasharray=\"1 2\"/>"
      )
    }
    for tick in scale.ticks {
      let y = scale.y(tick)
      line(
        "<line x1=\"\(SVGChart.plotLeft)\" y1=\"\(y)\" x2=\"\(SVGChart.plotRight)\" y2=\"\(y)\" stroke=\"#EEEEEE\" stroke-width=\"1\"/>")
      text(chart.values.text(tick), x: SVGChart.plotLeft - 6, y: y + 4, anchor: .end, required: true)
    }
    line(
      "<line x1=\"\(SVGChart.plotLeft)\" y1=\"\(plotTop)\" x2=\"\(SVGChart.plotLeft)\" y2=\"\(plotBottom)\" stroke=\"#000000\" stroke-width=\"1\"/>"
    )
    line(
      "<line x1=\"\(SVGChart.plotLeft)\" y1=\"\(plotBottom)\" x2=\"\(SVGChart.plotRight)\" y2=\"\(plotBottom)\" stroke=\"#000000\" stroke-width=\"1\"/>"
    )
    for placed in markRows {
      let x = chart.x(placed.mark.time)
      line(
        "<line x1=\"\(x)\" y1=\"\(plotTop)\" x2=\"\(x)\" y2=\"\(plotBottom)\" stroke=\"#888888\" stroke-width=\"1\" stroke-dasharray=\"3 3\"/>"
      )
    }
    for (entry, seriesRuns) in zip(ordered, runs) where !seriesRuns.isEmpty {
      line("<path d=\"\(chart.pathData(seriesRuns, scale))\" fill=\"none\"\(entry.style.attributes)/>")
    }
    // Mark labels, row by row from the plot upwards.
    for placed in markRows where placed.row >= 0 {
      let y = plotTop - 5 - Int64(placed.row) * Self.markRowHeight
      text(placed.mark.label, x: chart.x(placed.mark.time), y: y, size: 10, anchor: placed.anchor, required: true)
    }
    timeAxis(top: axisTop, plotTop: plotTop)
    text(chart.clock.caption, x: SVGChart.plotRight, y: captionY, size: 10, anchor: .end, attributes: " fill=\"#555555\"")
    drawLanes(top: lanesTop)
    drawLegend(legendEntries, layout: legendRows, top: legendTop)
    line("</svg>")
    return String(decoding: document, as: UTF8.self)
  }

  // MARK: Mark labels

  /// Each visible mark with the row of its label (0 just above the plot, -1 when no row has
  /// room for it) and the label's anchor: centred on its line, or starting (ending) there near
  /// the plot's left (right) edge, so that it stays over the plot. Greedy in time order: the
  /// first row where the label clears the others.
  private func markLabelRows() -> [(mark: ChartMark, row: Int, anchor: TextBox.Anchor)] {
    let visible = chart.marks.filter { chart.contains($0.time) }
      .enumerated().sorted { ($0.element.time, $0.offset) < ($1.element.time, $1.offset) }.map(\.element)
    var rows: [[TextBox]] = Array(repeating: [], count: SVGChart.markRowsMax)
    return visible.map { mark in
      let x = chart.x(mark.time)
      var anchor = TextBox.Anchor.middle
      let centred = TextBox(text: mark.label, x: x, y: 0, size: 10, anchor: .middle)
      if centred.left < SVGChart.plotLeft { anchor = .start }
      if centred.right > SVGChart.plotRight { anchor = .end }
      for row in 0..<SVGChart.markRowsMax {
        let box = TextBox(text: mark.label, x: x, y: 100 - Int64(row) * Self.markRowHeight, size: 10, anchor: anchor)
        guard box.left >= SVGChart.plotLeft - 4, box.right <= SVGChart.width, !rows[row].contains(where: { $0.meets(box, gap: 6) })
        else { continue }
        rows[row].append(box)
        return (mark, row, anchor)
      }
      return (mark, -1, anchor)
    }
  }

  // MARK: Time axis

  /// A tick step: a number of local hours, days or months.
  enum Step: Hashable {
    case hours(Int64)
    case days(Int64)
    case months(Int)
    case years(Int64)

    /// About how long it is, to count how many ticks a window holds (saturating).
    var milliseconds: UInt64 {
      let (count, unit): (Int64, Int64)
      switch self {
      case .hours(let hours): (count, unit) = (hours, Instant.millisecondsPerHour)
      case .days(let days): (count, unit) = (days, Instant.millisecondsPerDay)
      case .months(let months): (count, unit) = (Int64(months), 30 * Instant.millisecondsPerDay)
      case .years(let years): (count, unit) = (years, 365 * Instant.millisecondsPerDay)
      }
      let (product, overflow) = UInt64(count).multipliedReportingOverflow(by: UInt64(unit))
      return overflow ? UInt64.max : product
    }

    static let all: [Step] =
      [
        .hours(1), .hours(2), .hours(3), .hours(6), .hours(12), .days(1), .days(2), .days(3), .days(7), .days(14), .months(1),
        .months(3), .months(6),
      ]
      + (0...8).flatMap { power -> [Step] in
        let scale = (0..<power).reduce(Int64(1)) { value, _ in value * 10 }
        return [.years(scale), .years(2 * scale), .years(5 * scale)]
      }
  }

  /// The smallest step whose labels (about 44 px apart at least) fit the plot's width.
  func step() -> Step {
    let span = UInt64(bitPattern: chart.until.millisecondsSince1970 &- chart.from.millisecondsSince1970)
    let width = UInt64(SVGChart.plotRight - SVGChart.plotLeft)
    for step in Step.all {
      let ticks = span / step.milliseconds + 1
      if ticks <= width / 52 { return step }
    }
    return .years(500_000_000)
  }

  /// The ticks of `step` in the window, in time order: the first instant of each local hour or
  /// day that is a multiple of the step (days counted from 1970-01-01, weeks from a Monday,
  /// months from January).
  func ticks(_ step: Step) -> [Instant] {
    guard chart.from < chart.until else { return [chart.from] }
    var ticks: [Instant] = []
    switch step {
    case .hours(let hours):
      // Every quarter hour of UTC is a candidate: local whole hours fall on one in every zone
      // (offsets are whole quarter hours), so this finds each, DST days included.
      let quarter = 15 * Instant.millisecondsPerMinute
      let (first, overflow) = SVGChart.ceilingDivision(chart.from.millisecondsSince1970, quarter).multipliedReportingOverflow(by: quarter)
      guard !overflow else { return [] }
      var candidate = first
      var last: Int64? = nil
      while candidate <= chart.until.millisecondsSince1970 {
        let instant = Instant(millisecondsSince1970: candidate)
        let local = chart.clock.localMilliseconds(instant)
        let ofDay = local - SVGChart.floorDivision(local, Instant.millisecondsPerDay) * Instant.millisecondsPerDay
        let localHour = SVGChart.floorDivision(local, Instant.millisecondsPerHour)
        if ofDay % Instant.millisecondsPerHour == 0, (ofDay / Instant.millisecondsPerHour) % hours == 0, localHour != last {
          ticks.append(instant)
          last = localHour
        }
        let (next, past) = candidate.addingReportingOverflow(quarter)
        if past { break }
        candidate = next
      }
    case .years(let years):
      // Each 1 January of a year that is a multiple of the step.
      let first = chart.clock.date(chart.from).year
      let last = chart.clock.date(chart.until).year
      var year = first - (first % Int(years) + Int(years)) % Int(years)
      while year <= last {
        if let start = yearStart(year), chart.contains(start) { ticks.append(start) }
        year += Int(years)
      }
    case .days, .months:
      guard var start = dayStart(at: chart.from) else { return [] }
      if start < chart.from {
        guard let next = nextDayStart(after: chart.from) else { return [] }
        start = next
      }
      while start <= chart.until {
        let date = chart.clock.date(start)
        let keep: Bool
        switch step {
        case .days(let days) where days == 7 || days == 14:
          // Mondays (1970-01-05 was one), every week or every other.
          keep = ((date.dayNumber - 4) % days + days) % days == 0
        case .days(let days): keep = date.dayNumber % days == 0
        case .months(let months): keep = date.day == 1 && (date.month - 1) % months == 0
        case .hours, .years: keep = false
        }
        if keep { ticks.append(start) }
        guard let next = nextDayStart(after: start) else { break }
        start = next
      }
    }
    return ticks
  }

  /// The first instant of 1 January of `year` on the clock (in the zone in force then); `nil`
  /// when it cannot be placed (beyond the zone's supported years, or beyond `Instant`'s).
  private func yearStart(_ year: Int) -> Instant? {
    guard let date = try? CivilDate(year: year, month: 1, day: 1) else { return nil }
    let (utc, overflow) = date.dayNumber.multipliedReportingOverflow(by: Instant.millisecondsPerDay)
    guard !overflow else { return nil }
    guard let calendar = chart.clock.calendar(at: Instant(millisecondsSince1970: utc)) else {
      return Instant(millisecondsSince1970: utc)
    }
    guard (1...9999).contains(year) else { return nil }
    return calendar.dayInterval(of: date)?.start
  }

  /// The start of the local day holding `instant` (`nil` past `Instant`'s range).
  private func dayStart(at instant: Instant) -> Instant? {
    guard let calendar = chart.clock.calendar(at: instant) else {
      let (start, overflow) = SVGChart.floorDivision(instant.millisecondsSince1970, Instant.millisecondsPerDay)
        .multipliedReportingOverflow(by: Instant.millisecondsPerDay)
      return overflow ? nil : Instant(millisecondsSince1970: start)
    }
    return calendar.dayInterval(containing: instant).start
  }

  /// The next local day boundary after `instant` (`nil` past `Instant`'s range).
  private func nextDayStart(after instant: Instant) -> Instant? {
    guard let calendar = chart.clock.calendar(at: instant) else {
      let (start, overflow) = (SVGChart.floorDivision(instant.millisecondsSince1970, Instant.millisecondsPerDay) + 1)
        .multipliedReportingOverflow(by: Instant.millisecondsPerDay)
      return overflow ? nil : Instant(millisecondsSince1970: start)
    }
    return calendar.nextRollover(after: instant)
  }

  /// Tick marks and labels; under them, the day (for hourly steps) or the year (for daily and
  /// longer ones) where it changes.
  private mutating func timeAxis(top: Int64, plotTop: Int64) {
    let step = step()
    let ticks = ticks(step)
    let firstRow = top + Self.axisRowHeight
    let secondRow = firstRow + Self.axisRowHeight
    var previousContext: String? = nil
    for tick in ticks {
      let x = chart.x(tick)
      line("<line x1=\"\(x)\" y1=\"\(top)\" x2=\"\(x)\" y2=\"\(top + 4)\" stroke=\"#000000\" stroke-width=\"1\"/>")
      let label: String
      let context: String
      switch step {
      case .hours:
        label = chart.clock.clockText(tick)
        context = chart.clock.dayText(tick)
      case .days, .months:
        label = chart.clock.dateText(tick)
        context = "\(chart.clock.date(tick).year)"
      case .years:
        label = "\(chart.clock.date(tick).year)"
        context = ""
      }
      text(label, x: x, y: firstRow)
      if !context.isEmpty, context != previousContext, text(context, x: x, y: secondRow, anchor: .start) { previousContext = context }
    }
    if ticks.isEmpty || previousContext == nil {
      // No tick, or none had room for its context: say where the window starts.
      let context: String
      switch step {
      case .hours: context = chart.clock.dayText(chart.from)
      case .days, .months, .years: context = chart.clock.dateText(chart.from, withYear: true)
      }
      text(context, x: SVGChart.plotLeft, y: secondRow, anchor: .start)
    }
  }

  // MARK: Lanes

  private mutating func drawLanes(top: Int64) {
    for (index, lane) in chart.lanes.enumerated() {
      let y = top + Int64(index) * Self.laneHeight
      text(lane.name, x: SVGChart.plotLeft - 6, y: y + 10, size: 10, anchor: .end, required: true)
      line(
        "<line x1=\"\(SVGChart.plotLeft)\" y1=\"\(y + 7)\" x2=\"\(SVGChart.plotRight)\" y2=\"\(y + 7)\" stroke=\"#DDDDDD\" stroke-width=\"1\"/>"
      )
      for (spans, colour) in [(lane.minorSpans, ChartLane.minorColour), (lane.spans, lane.colour)] {
        let row = SVGRectRow(y: y + 2, height: 10, fill: colour)
        for (left, right) in mergedColumns(spans) {
          row.append(x: left, width: right - left, to: &document)
        }
      }
      // One tick per pixel column, however many events fall in it. (Ticks usually come in
      // order: sorted only when they do not.)
      let inOrder = zip(lane.ticks, lane.ticks.dropFirst()).allSatisfy { $0 <= $1 }
      let tickRow = SVGRectRow(y: y + 1, height: 12, fill: lane.colour)
      var lastColumn: Int64? = nil
      for tick in inOrder ? lane.ticks : lane.ticks.sorted() where chart.contains(tick) {
        let x = max(SVGChart.plotLeft, chart.x(tick) - 1)
        guard x != lastColumn else { continue }
        lastColumn = x
        tickRow.append(x: x, width: 2, to: &document)
      }
    }
  }

  /// The pixel columns `spans` cover, clipped to the window, each at least a pixel wide, with
  /// runs that touch or overlap merged: a lane costs at most one rectangle per column however
  /// many spans it has.
  private func mergedColumns(_ spans: [Range<Instant>]) -> [(left: Int64, right: Int64)] {
    var columns: [(left: Int64, right: Int64)] = []
    for span in spans.sorted(by: { $0.lowerBound < $1.lowerBound }) {
      let from = max(span.lowerBound, chart.from)
      let until = min(span.upperBound, chart.until)
      guard from < until else { continue }
      let left = chart.x(from)
      let right = max(left + 1, chart.x(until))
      if let last = columns.last, left <= last.right {
        columns[columns.count - 1].right = max(last.right, right)
      } else {
        columns.append((left, right))
      }
    }
    return columns
  }

  /// The left column and width of `span` clipped to the window, at least a pixel wide; `nil`
  /// when nothing of it is inside.
  private func spanColumns(_ span: Range<Instant>) -> (left: Int64, width: Int64)? {
    let from = max(span.lowerBound, chart.from)
    let until = min(span.upperBound, chart.until)
    guard from < until else { return nil }
    let left = chart.x(from)
    return (left, max(1, chart.x(until) - left))
  }

  // MARK: Legend

  /// A legend entry: a sample (line style or swatch) and its text.
  enum Sample {
    case line(SVGChart.Style)
    case swatch(String)
    case grid
  }

  private func legendItems(_ ordered: [SVGChart.StyledSeries], drawn: [Bool]) -> [(sample: Sample, text: String)] {
    var items: [(sample: Sample, text: String)] = zip(ordered, drawn).map { entry, drawn in
      (.line(entry.style), entry.series.name + (drawn ? "" : " (no data)"))
    }
    if chart.gridLines.contains(where: chart.contains) { items.append((.grid, chart.gridLabel)) }
    let disagreements = chart.lanes.filter { $0.kind == .disagreement }
    if disagreements.contains(where: { !$0.minorSpans.isEmpty }) {
      items.append((.swatch(ChartLane.minorColour), "differs, within its bound"))
    }
    if !disagreements.isEmpty { items.append((.swatch(ChartLane.strongColour), "differs for longer than its bound")) }
    var bandLabels: [String] = []
    for band in chart.bands where !bandLabels.contains(band.label) { bandLabels.append(band.label) }
    items += bandLabels.map { (.swatch("#E8E8E8"), $0) }
    return items
  }

  /// Each entry's row and left edge, flowing left to right.
  private func legendLayout(_ items: [(sample: Sample, text: String)]) -> (rows: Int, positions: [(row: Int, x: Int64)]) {
    var positions: [(row: Int, x: Int64)] = []
    var row = 0
    var x = SVGChart.plotLeft
    for item in items {
      let width = 30 + TextBox(text: item.text, x: 0, y: 0, size: 11, anchor: .start).right + 24
      if x + width > SVGChart.width, x > SVGChart.plotLeft {
        row += 1
        x = SVGChart.plotLeft
      }
      positions.append((row, x))
      x += width
    }
    return (items.isEmpty ? 0 : row + 1, positions)
  }

  private mutating func drawLegend(
    _ items: [(sample: Sample, text: String)], layout: (rows: Int, positions: [(row: Int, x: Int64)]), top: Int64
  ) {
    for (item, position) in zip(items, layout.positions) {
      let y = top + Int64(position.row) * Self.legendRowHeight
      let x = position.x
      switch item.sample {
      case .line(let style):
        line("<line x1=\"\(x)\" y1=\"\(y - 4)\" x2=\"\(x + 24)\" y2=\"\(y - 4)\"\(style.attributes)/>")
      case .swatch(let colour):
        rect(x: x, y: y - 10, width: 24, height: 10, fill: colour)
      case .grid:
        line(
          "<line x1=\"\(x + 12)\" y1=\"\(y - 12)\" x2=\"\(x + 12)\" y2=\"\(y + 2)\" stroke=\"#CCCCCC\" stroke-width=\"1\" stroke-dasharray=\"1 2\"/>"
        )
      }
      text(item.text, x: x + 30, y: y, anchor: .start, required: true)
    }
  }
}
