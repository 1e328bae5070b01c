import Foundation
import GlanceKernel
import PropertyBased
import Testing

@testable import GlanceSimulation

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// The elements of a parsed document: name, attributes (sorted by name) and character data.
final class XMLCollector: NSObject, XMLParserDelegate {
  struct Element {
    let name: String
    let attributes: [(name: String, value: String)]
    var text: String
  }

  var elements: [Element] = []
  private var open: [Int] = []
  var failure: String? = nil

  /// The elements of `document` in document order, or `nil` (with `failure`) when it is not
  /// well-formed.
  static func parse(_ document: String) -> XMLCollector {
    let collector = XMLCollector()
    let parser = XMLParser(data: Data(document.utf8))
    parser.delegate = collector
    if !parser.parse() {
      collector.failure = parser.parserError.map { "\($0)" } ?? "unknown parse error"
    }
    return collector
  }

  func parser(
    _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
    qualifiedName: String?, attributes: [String: String] = [:]
  ) {
    let sorted = attributes.sorted { $0.key < $1.key }.map { (name: $0.key, value: $0.value) }
    elements.append(Element(name: elementName, attributes: sorted, text: ""))
    open.append(elements.count - 1)
  }

  func parser(
    _ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?,
    qualifiedName: String?
  ) {
    _ = open.popLast()
  }

  func parser(_ parser: XMLParser, foundCharacters string: String) {
    if let index = open.last { elements[index].text += string }
  }

  func named(_ name: String) -> [Element] { elements.filter { $0.name == name } }
}

extension XMLCollector.Element {
  func attribute(_ name: String) -> String? {
    attributes.first { $0.name == name }?.value
  }
}

/// One command of path data: `M x y`, `H x` or `V y`.
struct PathCommand: Equatable {
  let letter: Character
  let numbers: [Int64]

  static func parse(_ data: String) -> [PathCommand] {
    var commands: [PathCommand] = []
    var letter: Character? = nil
    var text = ""
    func flush() {
      guard let letter else { return }
      commands.append(
        PathCommand(letter: letter, numbers: text.split(separator: " ").compactMap { Int64($0) }))
    }
    for character in data {
      if character.isLetter {
        flush()
        letter = character
        text = ""
      } else {
        text.append(character)
      }
    }
    flush()
    return commands
  }
}

@Suite("SVGChart")
struct SVGChartTests {
  static func at(_ milliseconds: Int64) -> Instant { Instant(millisecondsSince1970: milliseconds) }

  static let day = Instant(secondsSince1970: 1_711_843_200)  // 2024-03-31T00:00:00Z

  static var sample: SVGChart {
    let hour = Instant.millisecondsPerHour
    return SVGChart(
      title: "tally, seed 42", from: day.advanced(by: -2 * hour), until: day.advanced(by: 2 * hour),
      series: [
        ChartSeries(
          name: "widget",
          points: [
            ChartPoint(time: day.advanced(by: -3 * hour), value: 1),
            ChartPoint(time: day.advanced(by: hour / 2), value: nil),
            ChartPoint(time: day.advanced(by: hour), value: 4),
          ]),
        ChartSeries(name: "watch", points: []),
        ChartSeries(
          name: "truth",
          points: [
            ChartPoint(time: day.advanced(by: -2 * hour), value: 1),
            ChartPoint(time: day, value: 4),
          ]),
        ChartSeries(name: "app", points: [ChartPoint(time: day.advanced(by: hour), value: 3)]),
      ],
      marks: [
        ChartMark(time: day, label: "00:00"),
        ChartMark(time: day.advanced(by: hour), label: "violation"),
      ])
  }

  @Test("equality compares instants as integers and never traps")
  func equality() {
    let early = Instant(millisecondsSince1970: .min)
    let late = Instant(millisecondsSince1970: .max)
    #expect(ChartPoint(time: early, value: 1) != ChartPoint(time: late, value: 1))
    #expect(ChartPoint(time: late, value: 1) == ChartPoint(time: late, value: 1))
    #expect(ChartMark(time: early, label: "a") != ChartMark(time: late, label: "a"))
    let wide = SVGChart(title: "t", from: early, until: late, series: [], marks: [])
    let narrow = SVGChart(title: "t", from: late, until: late, series: [], marks: [])
    #expect(wide != narrow)
    #expect(wide == SVGChart(title: "t", from: early, until: late, series: [], marks: []))
    #expect(Self.sample == Self.sample)
  }

  @Test("the same input gives the same bytes")
  func deterministic() {
    let first = Self.sample.render()
    let second = Self.sample.render()
    #expect(first == second)
    #expect(Array(first.utf8) == Array(second.utf8))
  }

  @Test("the document is well-formed SVG with one path per series that has something to draw")
  func wellFormed() throws {
    let document = Self.sample.render()
    let parsed = XMLCollector.parse(document)
    #expect(parsed.failure == nil)
    let root = try #require(parsed.elements.first)
    #expect(root.name == "svg")
    #expect(root.attribute("xmlns") == "http://www.w3.org/2000/svg")
    #expect(root.attribute("width") == "800")
    // Title 34 + one row of mark labels 13 + 6: the plot from 53 to 253; two axis rows and the
    // caption (295); no lanes (303 + 14); one legend row: 317 + 18 + 8.
    #expect(root.attribute("height") == "343")
    // truth, app, widget draw; watch has no points.
    let paths = parsed.named("path")
    #expect(paths.count == 3)
    #expect(paths.map { $0.attribute("stroke") } == ["#000000", "#0072B2", "#D55E00"])
    let texts = parsed.named("text").map(\.text)
    for name in ["truth", "app", "widget"] { #expect(texts.contains(name)) }
    #expect(texts.contains("watch (no data)"))
    #expect(texts.contains("violation"))
    // The x axis: UTC hours (22:00, at the plot's corner, gives way to the y axis's 0), the
    // day under the first tick of each, the clock named.
    for clock in ["23:00", "00:00", "01:00", "02:00", "Sat 30 Mar", "Sun 31 Mar", "UTC"] { #expect(texts.contains(clock)) }
    #expect(!texts.contains("22:00"))
  }

  @Test("the step paths: horizontal then vertical, clipped to the window, gaps for nil")
  func stepPaths() throws {
    let parsed = XMLCollector.parse(Self.sample.render())
    let data = parsed.named("path").compactMap { $0.attribute("d") }
    // Window 4 h over 670 px: 1 h = 167.5 px, 00:00 at 445, 00:30 at 529 (418.75 up), 01:00 at
    // 613 (502.5 up). Values 0…4 over 200 px from row 53: 1 → 203, 3 → 103, 4 → 53.
    #expect(data[0] == "M110 203H445V53H780")  // truth: 1 from the start, 4 from 00:00
    #expect(data[1] == "M613 103H780")  // app: 3 from 01:00
    // widget: 1 held into the window from before it, a gap from 00:30, 4 from 01:00.
    #expect(data[2] == "M110 203H529M613 53H780")
    let ticks = parsed.named("text").filter { $0.attribute("text-anchor") == "end" && $0.text != "UTC" }.map(\.text)
    #expect(ticks == ["0", "1", "2", "3", "4"])
  }

  @Test("text is XML-escaped and reads back unchanged")
  func escaping() throws {
    let title = "<Test & \"x\">'"
    let chart = SVGChart(
      title: title, from: Self.at(0), until: Self.at(1000),
      series: [ChartSeries(name: "a<b", points: [ChartPoint(time: Self.at(0), value: 1)])],
      marks: [ChartMark(time: Self.at(500), label: "&\u{0}")])
    let document = chart.render()
    #expect(document.contains("&lt;Test &amp; &quot;x&quot;&gt;&#39;"))
    #expect(!document.contains(title))
    let parsed = XMLCollector.parse(document)
    #expect(parsed.failure == nil)
    #expect(parsed.named("title").map(\.text) == [title])
    let texts = parsed.named("text").map(\.text)
    #expect(texts.contains(title))
    #expect(texts.contains("a<b"))
    #expect(texts.contains("&\u{FFFD}"))
  }

  @Test("every number attribute is an integer")
  func integersOnly() {
    let parsed = XMLCollector.parse(Self.sample.render())
    let numeric: Set<String> = [
      "x", "y", "x1", "y1", "x2", "y2", "width", "height", "viewBox", "stroke-width",
      "stroke-dasharray", "font-size", "d",
    ]
    var checked = 0
    for element in parsed.elements {
      for attribute in element.attributes where numeric.contains(attribute.name) {
        checked += 1
        #expect(!attribute.value.contains("."), "\(element.name) \(attribute.name)")
        #expect(!attribute.value.contains("e"), "\(element.name) \(attribute.name)")
      }
    }
    #expect(checked > 50)
  }

  @Test("a one-instant window draws each known value at the left edge, without trapping")
  func oneInstantWindow() {
    let chart = SVGChart(
      title: "instant", from: Self.at(1000), until: Self.at(1000),
      series: [
        ChartSeries(name: "truth", points: [ChartPoint(time: Self.at(0), value: 2)]),
        ChartSeries(name: "app", points: [ChartPoint(time: Self.at(1000), value: 1)]),
        ChartSeries(name: "widget", points: [ChartPoint(time: Self.at(1001), value: 1)]),
        ChartSeries(
          name: "watch",
          points: [
            ChartPoint(time: Self.at(0), value: 1), ChartPoint(time: Self.at(1000), value: nil),
          ]
        ),
      ],
      marks: [ChartMark(time: Self.at(1000), label: "now")])
    let parsed = XMLCollector.parse(chart.render())
    #expect(parsed.failure == nil)
    // One row of mark labels: the plot from row 53; values 0…2 over 200 px.
    #expect(parsed.named("path").compactMap { $0.attribute("d") } == ["M110 53H110", "M110 153H110"])
    let texts = parsed.named("text").map(\.text)
    #expect(texts.contains("widget (no data)"))
    #expect(texts.contains("watch (no data)"))
  }

  @Test("points at the same time: the last one wins; order of input points does not matter")
  func samePointTimes() {
    func chart(_ points: [ChartPoint]) -> String {
      SVGChart(
        title: "t", from: Self.at(0), until: Self.at(100),
        series: [ChartSeries(name: "app", points: points)], marks: []
      ).render()
    }
    let sorted = chart([
      ChartPoint(time: Self.at(0), value: 1), ChartPoint(time: Self.at(50), value: nil),
      ChartPoint(time: Self.at(50), value: 2),
    ])
    let shuffled = chart([
      ChartPoint(time: Self.at(50), value: nil), ChartPoint(time: Self.at(50), value: 2),
      ChartPoint(time: Self.at(0), value: 1),
    ])
    #expect(sorted == shuffled)
    let data = XMLCollector.parse(sorted).named("path").compactMap { $0.attribute("d") }
    // No marks: the plot from row 40; 1 → 140, 2 → 40; 50 ms of 100 at 445.
    #expect(data == ["M110 140H445V40H780"])
  }

  @Test("a rectangle's bytes are those of the String interpolation they replace, at the bounds")
  func rectangleBytes() {
    let values: [Int64] = [0, 1, -1, 10, 799, -800, Int64.max, Int64.min]
    for (index, x) in values.enumerated() {
      let (y, width) = (values[(index + 1) % values.count], values[(index + 2) % values.count])
      let height = values[(index + 5) % values.count]
      let fill = ["#D55E00", "", "#E8E8E8"][index % 3]
      var bytes: [UInt8] = Array("<".utf8)
      SVGRectRow(y: y, height: height, fill: fill).append(x: x, width: width, to: &bytes)
      let string = "<<rect x=\"\(x)\" y=\"\(y)\" width=\"\(width)\" height=\"\(height)\" fill=\"\(fill)\"/>\n"
      #expect(bytes == Array(string.utf8))
    }
  }

  @Test("a lane's ticks and spans draw the same in any order")
  func laneOrder() {
    func chart(_ ticks: [Int64], _ spans: [(Int64, Int64)]) -> String {
      SVGChart(
        title: "t", from: Self.at(0), until: Self.at(1_000), series: [], marks: [],
        lanes: [
          ChartLane(name: "kills", kind: .events, ticks: ticks.map(Self.at)),
          ChartLane(name: "app", kind: .disagreement, spans: spans.map { Self.at($0.0)..<Self.at($0.1) }),
        ]
      ).render()
    }
    let ticks: [Int64] = [0, 3, 3, 250, 251, 600, 1_000]
    let spans: [(Int64, Int64)] = [(0, 10), (5, 20), (300, 301), (900, 1_000)]
    let inOrder = chart(ticks, spans)
    #expect(chart(ticks.reversed(), spans.reversed()) == inOrder)
    #expect(chart([600, 0, 1_000, 3, 251, 3, 250], [spans[2], spans[0], spans[3], spans[1]]) == inOrder)
    // The background, five tick columns (the two at 3 ms share one, 250 and 251 another), three
    // merged spans, the legend's swatch.
    #expect(XMLCollector.parse(inOrder).named("rect").count == 1 + 5 + 3 + 1)
  }

  @Test("y ticks use nice steps, at most 6 of them, and include negative values")
  func ticks() {
    #expect(SVGChart.YScale(values: []).ticks == [0, 1])
    #expect(SVGChart.YScale(values: [0]).ticks == [0, 1])
    #expect(SVGChart.YScale(values: [7]).ticks == [0, 2, 4, 6, 8])
    #expect(SVGChart.YScale(values: [100]).ticks == [0, 20, 40, 60, 80, 100])
    #expect(SVGChart.YScale(values: [101]).ticks == [0, 50, 100, 150])
    #expect(SVGChart.YScale(values: [-3, 4]).ticks == [-4, -2, 0, 2, 4])
    let limit = SVGChart.valueLimit
    #expect(SVGChart.YScale(values: [-limit, limit]).ticks.count <= 6)
  }

  @Test("the clock text matches Instant.description and holds for every instant")
  func clockText() {
    for milliseconds: Int64 in [0, -1, 59_999, 86_399_999, 1_711_846_860_000, -62_135_596_800_001] {
      let instant = Self.at(milliseconds)
      let description = instant.description
      let time = description[
        description.index(after: description.lastIndex(of: "T") ?? description.startIndex)...]
      #expect(SVGChart.clockText(instant) == String(time.prefix(5)))
    }
    #expect(SVGChart.clockText(Self.at(Int64.min)).count == 5)
    #expect(SVGChart.clockText(Self.at(Int64.max)).count == 5)
  }

  // MARK: Properties

  /// A window: anywhere in `Int64`, a single instant, or a short one of realistic size.
  static var windows: Generator<ClosedRange<Int64>, some SendableSequenceType> {
    zip(Gen.int(in: 0...2), Gen.int64(), Gen.int64(), Gen.int64(in: 0...(7 * 86_400_000))).map {
      kind, first, second, width in
      switch kind {
      case 0: return min(first, second)...max(first, second)
      case 1: return first...first
      default:
        let start = first / 1_000_000
        return start...(start + width)
      }
    }
  }

  /// A raw point: where it falls (mapped onto the window in the test) and its value.
  static var rawPoints: Generator<[RawPoint], some SendableSequenceType> {
    zip(Gen.uint64(), Gen.int(in: -20...2000).optional()).map { RawPoint(position: $0, value: $1) }
      .array(of: 0...12)
  }

  struct RawPoint: Sendable {
    let position: UInt64
    let value: Int?

    /// Mostly inside the window; one in four anywhere in `Int64`.
    func time(in window: ClosedRange<Int64>) -> Instant {
      if position % 4 == 0 { return Instant(millisecondsSince1970: Int64(bitPattern: position)) }
      let span = UInt64(bitPattern: window.upperBound &- window.lowerBound)
      let offset = span == UInt64.max ? position : position % (span + 1)
      return Instant(millisecondsSince1970: window.lowerBound &+ Int64(bitPattern: offset))
    }
  }

  @Test("for any input the document is well-formed and every line stays in the plot area")
  func staysInPlotArea() async {
    await propertyCheck(
      count: 300, input: Self.windows, Self.rawPoints, Self.rawPoints, Self.rawPoints,
      Self.rawPoints
    ) { window, truth, app, widget, watch in
      let raw = [("truth", truth), ("app", app), ("widget", widget), ("watch", watch)]
      let series = raw.map { name, points in
        ChartSeries(
          name: name, points: points.map { ChartPoint(time: $0.time(in: window), value: $0.value) })
      }
      let marks = app.map { ChartMark(time: $0.time(in: window), label: "m") }
      let chart = SVGChart(
        title: "random", from: Instant(millisecondsSince1970: window.lowerBound),
        until: Instant(millisecondsSince1970: window.upperBound), series: series, marks: marks)
      let document = chart.render()
      #expect(document == chart.render())
      let parsed = XMLCollector.parse(document)
      #expect(parsed.failure == nil)
      let drawing = series.filter { !chart.visibleRuns(of: $0).isEmpty }.count
      #expect(parsed.named("path").count == drawing)
      let xs = SVGChart.plotLeft...SVGChart.plotRight
      // The plot's rows: those of the y axis (the black vertical line at the plot's left).
      let axis = parsed.named("line").first {
        $0.attribute("stroke") == "#000000" && $0.attribute("x1") == "\(SVGChart.plotLeft)" && $0.attribute("x2") == "\(SVGChart.plotLeft)"
      }
      let ys = (Int64(axis?.attribute("y1") ?? "") ?? 0)...(Int64(axis?.attribute("y2") ?? "") ?? 0)
      #expect(ys.count == Int(SVGChart.plotHeight) + 1)
      for path in parsed.named("path") {
        for command in PathCommand.parse(path.attribute("d") ?? "") {
          switch command.letter {
          case "M":
            #expect(command.numbers.count == 2)
            #expect(command.numbers.first.map(xs.contains) == true)
            #expect(command.numbers.last.map(ys.contains) == true)
          case "H": #expect(command.numbers.allSatisfy(xs.contains))
          case "V": #expect(command.numbers.allSatisfy(ys.contains))
          default: Issue.record("unexpected path command \(command.letter)")
          }
        }
      }
      let markLines = parsed.named("line").filter { $0.attribute("stroke") == "#888888" }
      for line in markLines {
        #expect(Int64(line.attribute("x1") ?? "").map(xs.contains) == true)
        #expect(line.attribute("x1") == line.attribute("x2"))
      }
      // The y axis's labels: right-aligned 6 px left of the plot.
      let ticks = parsed.named("text").filter { $0.attribute("text-anchor") == "end" && $0.attribute("x") == "\(SVGChart.plotLeft - 6)" }
      #expect((2...6).contains(ticks.count))
    }
  }
}
