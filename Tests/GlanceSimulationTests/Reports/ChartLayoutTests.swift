import Foundation
import GlanceKernel
import Testing

@testable import GlanceSimulation

/// The charts as a reader sees them: no text over another, every text on the page, times in
/// the device's local time, money written by the kernel, the year widget off the money axis.
/// The texts are measured here from the rendered SVG (not from the renderer's own layout).
@Suite("Chart layout")
struct ChartLayoutTests {
  /// A text of a rendered chart, and the box it covers: `0.6 em` a character, the font size
  /// tall above its baseline and a quarter below.
  struct MeasuredText {
    let text: String
    let left: Double
    let right: Double
    let top: Double
    let bottom: Double

    func overlaps(_ other: MeasuredText) -> Bool {
      left < other.right && other.left < right && top < other.bottom && other.top < bottom
    }
  }

  /// Every text of `svg` with its box, and the document's size.
  static func measure(_ svg: String) throws -> (texts: [MeasuredText], width: Double, height: Double) {
    let parsed = XMLCollector.parse(svg)
    #expect(parsed.failure == nil, "\(parsed.failure ?? "")")
    let root = try #require(parsed.elements.first)
    let width = try #require(Double(root.attribute("width") ?? ""))
    let height = try #require(Double(root.attribute("height") ?? ""))
    let defaultSize = Double(root.attribute("font-size") ?? "11") ?? 11
    let texts = try parsed.named("text").map { element -> MeasuredText in
      let x = try #require(Double(element.attribute("x") ?? ""))
      let y = try #require(Double(element.attribute("y") ?? ""))
      let size = Double(element.attribute("font-size") ?? "") ?? defaultSize
      let textWidth = Double(element.text.count) * size * 0.6
      let left: Double
      switch element.attribute("text-anchor") ?? "start" {
      case "middle": left = x - textWidth / 2
      case "end": left = x - textWidth
      default: left = x
      }
      return MeasuredText(text: element.text, left: left, right: left + textWidth, top: y - size, bottom: y + size / 4)
    }
    return (texts, width, height)
  }

  /// The problems of one chart: texts that overlap, texts off the page.
  static func problems(_ svg: String) throws -> [String] {
    let (texts, width, height) = try measure(svg)
    var problems: [String] = []
    for (index, text) in texts.enumerated() {
      if text.left < 0 || text.right > width || text.top < 0 || text.bottom > height {
        problems.append("\"\(text.text)\" leaves the page")
      }
      for other in texts[(index + 1)...] where text.overlaps(other) {
        problems.append("\"\(text.text)\" overlaps \"\(other.text)\"")
      }
    }
    return problems
  }

  @Test(
    "no text of any chart of the shipped scenarios overlaps another or leaves the page",
    arguments: [
      "default", "no-midnight", "store-move", "store-move-widget-first", "travel", "year-end",
    ])
  func shippedChartsAreLegible(_ scenario: String) throws {
    let outcome = try SimulationFixtures.outcome(scenario, days: scenario == "travel" ? 7 : 30)
    let charts = Report(outcome: outcome, scenarioReference: scenario).charts
    #expect(charts.count >= outcome.results.count, "an overview for every strategy and domain")
    for chart in charts {
      let problems = try Self.problems(chart.svg)
      #expect(problems.isEmpty, "\(scenario) \(chart.name): \(problems.prefix(5))")
      // Converged keeps every bound: its lanes hold no vermillion span, only the legend's swatch.
      if chart.name.hasPrefix("converged-"), chart.name.hasSuffix("-overview.svg") {
        let vermillion = XMLCollector.parse(chart.svg).named("rect").filter { $0.attribute("fill") == "#D55E00" }
        #expect(vermillion.count == 1, "\(scenario) \(chart.name): \(vermillion.count) vermillion rectangles")
      }
    }
  }

  @Test("the measuring finds overlaps: two labels at one instant, drawn by hand over each other")
  func measuringCatchesOverlaps() throws {
    let svg = """
      <svg xmlns="http://www.w3.org/2000/svg" width="800" height="100" font-size="11">
      <text x="400" y="50" text-anchor="middle">widget diverges</text>
      <text x="410" y="52" text-anchor="middle">day boundary</text>
      <text x="790" y="90" text-anchor="start">off the page</text>
      </svg>
      """
    let problems = try Self.problems(svg)
    #expect(problems.contains("\"widget diverges\" overlaps \"day boundary\""))
    #expect(problems.contains("\"off the page\" leaves the page"))
  }

  static let zurich = try! ZoneCalendar(identifier: "Europe/Zurich")
  /// 2026-03-10T23:00:00Z: midnight on 11 March in Zurich (UTC+1).
  static let midnight = Instant(millisecondsSince1970: 1_773_183_600_000)

  @Test("two marks at one instant: the second label goes a row up, and both are drawn")
  func marksTakeRows() throws {
    let chart = SVGChart(
      title: "t", from: Self.midnight.advanced(by: -3_600_000), until: Self.midnight.advanced(by: 3_600_000),
      series: [ChartSeries(name: "truth", points: [ChartPoint(time: Self.midnight, value: 1)])],
      marks: [ChartMark(time: Self.midnight, label: "widget diverges"), ChartMark(time: Self.midnight, label: "rollover")],
      clock: ChartClock(legs: [ChartClock.Leg(from: nil, calendar: Self.zurich)]))
    let svg = chart.render()
    let problems = try Self.problems(svg)
    #expect(problems.isEmpty, "\(problems)")
    let texts = try Self.measure(svg).texts
    let diverges = try #require(texts.first { $0.text == "widget diverges" })
    let rollover = try #require(texts.first { $0.text == "rollover" })
    #expect(diverges.top != rollover.top)
  }

  @Test("the time axis is local time: midnight in Zurich is 00:00 on Wed 11 Mar, and the zone is named")
  func localTimeAxis() throws {
    let chart = SVGChart(
      title: "t", from: Self.midnight.advanced(by: -3 * 3_600_000), until: Self.midnight.advanced(by: 3 * 3_600_000),
      series: [], marks: [], clock: ChartClock(legs: [ChartClock.Leg(from: nil, calendar: Self.zurich)]))
    let texts = try Self.measure(chart.render()).texts.map(\.text)
    // Six hours: hourly ticks 21:00 … 03:00 local (21:00, at the plot's corner, gives way to
    // the y axis); UTC would say 20:00 … 02:00.
    for label in ["22:00", "23:00", "00:00", "01:00", "02:00", "03:00"] { #expect(texts.contains(label), "\(texts)") }
    #expect(!texts.contains("20:00"))
    #expect(texts.contains("Wed 11 Mar") && texts.contains("Tue 10 Mar"), "\(texts)")
    #expect(texts.contains("Europe/Zurich local time"))
  }

  @Test("thirty days are labelled by date, every few days, with the year")
  func datesOverAMonth() throws {
    let chart = SVGChart(
      title: "t", from: Self.midnight, until: Self.midnight.advanced(by: 30 * 86_400_000), series: [], marks: [],
      clock: ChartClock(legs: [ChartClock.Leg(from: nil, calendar: Self.zurich)]))
    let texts = try Self.measure(chart.render()).texts.map(\.text)
    #expect(texts.contains("2026"))
    let dates = texts.filter { $0.hasSuffix(" Mar") || $0.hasSuffix(" Apr") }
    #expect((5...14).contains(dates.count), "\(dates)")
    #expect(!texts.contains { $0.contains(":") }, "no clock times over a month: \(texts)")
  }

  @Test("money is written by the kernel on its own axis; the year widget is no line on it")
  func budgetAxes() throws {
    var scenario = try SimulationFixtures.scenario("year-end")
    scenario.domains = [.budget]
    let outcome = try Simulation.run(SimulationRequest(scenario: scenario, days: 20, seed: 42, strategies: [.converged, .pulpeWidget]))
    let charts = Report(outcome: outcome, scenarioReference: "year-end").charts
    let overview = try #require(charts.first { $0.name == "pulpe-widget-budget-overview.svg" })
    let texts = try Self.measure(overview.svg).texts.map(\.text)
    #expect(texts.contains { $0.hasSuffix(" CHF") }, "\(texts)")
    #expect(!texts.contains { $0.contains("000000") }, "no raw Rappen: \(texts)")
    // The year widget is a lane of disagreements, not a line: the legend names truth, app, widget.
    #expect(texts.contains("year-widget") && !texts.contains("year-widget (no data)"))
    let paths = XMLCollector.parse(overview.svg).named("path")
    #expect(paths.count <= 3, "truth, app and widget at most")
    // Converged passes: its overview has no violation mark.
    let converged = try #require(charts.first { $0.name == "converged-budget-overview.svg" })
    let convergedTexts = try Self.measure(converged.svg).texts.map(\.text)
    #expect(!convergedTexts.contains { Invariant(rawValue: $0) != nil })
  }
}
