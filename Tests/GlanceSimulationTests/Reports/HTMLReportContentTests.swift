import Foundation
import GlanceKernel
import Testing

@testable import GlanceSimulation

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// A report made by hand, whose every text tries to break out of HTML: a scenario named with
/// markup, a violation whose values and trace hold quotes, `<`, `>` and `&`, a staleness row and a
/// shrunk file. Every figure the tests expect was worked out by hand from these values.
enum HostileReport {
  static let scenarioName = "Tom & Jerry's <b>\"day\"</b>"
  static let summary = "Summary with <script>alert('x')</script> & more"
  static let reference = "my \"odd\" <scenario>.yaml"
  static let chart =
    "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"10\" height=\"10\"><title>t &amp; u</title></svg>\n"

  static func make() throws -> Report {
    var scenario = try SimulationFixtures.scenario("default")
    scenario.name = scenarioName
    scenario.summary = summary
    let request = SimulationRequest(scenario: scenario, days: 3, seed: 7, strategies: [.converged, .mirrorsmokerLegacy])
    let violation = Violation(
      invariant: .convergence, time: Instant(millisecondsSince1970: 1_773_124_200_000), surface: .widget,
      field: "count", expected: "0 (.perfect)", found: "<18> & \"more\"",
      detail: "widget.count: expected 0, found 18; it's <odd>",
      trace: ["2026-03-10T06:00:00.000Z action #1 widgetTap <x>", "2026-03-10T06:30:00.000Z quiescence check & 'y'"],
      datedAtAction: false, occurrences: 3, surfaces: [.widget, .watch])
    let converged = StrategyResult(
      strategy: "converged", domain: .tally, expectedToConverge: true, violations: [violation], stalenessBeyondBound: 0,
      checks: [.noLostWrite: 5, .convergence: 12], faults: [.appKill: 2, .replyTimeout: 1],
      coverage: FaultCoverage([CoverageCell(.app, .process, .appKills, .awayFromBoundary)]),
      staleness: [StalenessFigures(surface: .widget, intervals: [1_000, 2_500, 70_000])],
      events: 100, acceptedActions: 10, reloadRequests: 20, chargedReloads: 7, deniedReloads: 0,
      chart: chart, overview: nil)
    let legacy = StrategyResult(
      strategy: "mirrorsmoker-legacy", domain: .tally, expectedToConverge: false, violations: [], stalenessBeyondBound: 0,
      checks: [.noLostWrite: 4, .noDoubleCount: 4, .convergence: 8, .rollover: 3, .refreshBudget: 4], faults: [:],
      coverage: FaultCoverage(),
      staleness: [], events: 50, acceptedActions: 9, reloadRequests: 4,
      chargedReloads: 3, deniedReloads: 1, chart: nil, overview: nil)
    let outcome = SimulationOutcome(
      request: request, start: Instant(millisecondsSince1970: 1_773_097_200_000),
      end: Instant(millisecondsSince1970: 1_773_356_400_000), actionsPlanned: 42, results: [converged, legacy],
      store: StoreBackend.memory.name)
    let shrunk = ShrinkResult(
      scenario: scenario, request: SimulationRequest(scenario: scenario, days: 2, seed: 7, strategies: [.converged]),
      strategy: "converged", domain: .tally, invariant: .convergence, violation: violation, eventCount: 4,
      originalEventCount: 1060, originalScenario: "default", originalDays: 3, runs: 10, isMinimal: true)
    return Report(outcome: outcome, scenarioReference: reference, shrunk: [shrunk])
  }
}

/// The elements and ids of a page parsed as XML (`report.html` is well-formed XML too).
final class PageOutline: NSObject, XMLParserDelegate {
  var elements: [String] = []
  var ids: [String] = []
  var links: [String] = []
  var failure: String? = nil

  static func parse(_ page: String) -> PageOutline {
    let outline = PageOutline()
    let parser = XMLParser(data: Data(page.utf8))
    parser.delegate = outline
    if !parser.parse() { outline.failure = parser.parserError.map { "\($0)" } ?? "unknown parse error" }
    return outline
  }

  func parser(
    _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
    qualifiedName: String?, attributes: [String: String] = [:]
  ) {
    elements.append(elementName)
    if let id = attributes["id"] { ids.append(id) }
    if elementName == "a", let href = attributes["href"] { links.append(href) }
  }
}

@Suite("Report.html: the sections, the escaping, self-contained")
struct HTMLReportContentTests {
  @Test("every text of the outcome is escaped: no markup of its own reaches the page")
  func escapesEveryText() throws {
    let html = try HostileReport.make().html
    #expect(!html.contains("<script"))
    #expect(!html.contains("<b>"))
    #expect(!html.contains("<18>"))
    #expect(!html.contains("<odd>"))
    #expect(
      html.contains(
        "<title>Glance convergence report: Tom &amp; Jerry&#39;s &lt;b&gt;&quot;day&quot;&lt;/b&gt;, seed 7, 3 days</title>"))
    #expect(html.contains("Summary with &lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt; &amp; more"))
    #expect(
      html.contains(
        "<p>First at 2026-03-10T06:30:00.000Z on the widget: expected 0 (.perfect), found &lt;18&gt; &amp; &quot;more&quot;. widget.count: expected 0, found 18; it&#39;s &lt;odd&gt;.</p>"
      ))
    #expect(
      html.contains(
        "<pre class=\"trace\">2026-03-10T06:00:00.000Z action #1 widgetTap &lt;x&gt;\n2026-03-10T06:30:00.000Z quiescence check &amp; &#39;y&#39;</pre>"
      ))
    #expect(
      html.contains(
        "<code>simulate --days 3 --seed 7 --scenario my &quot;odd&quot; &lt;scenario&gt;.yaml --strategy converged --trace</code>"))
  }

  @Test("the page is well-formed, its ids are unique and every fragment link has its target")
  func wellFormedWithUniqueIds() throws {
    let outline = PageOutline.parse(try HostileReport.make().html)
    #expect(outline.failure == nil)
    #expect(Set(outline.ids).count == outline.ids.count, "duplicate ids: \(outline.ids)")
    for link in outline.links where link.hasPrefix("#") {
      #expect(outline.ids.contains(String(link.dropFirst())), "\(link) has no target")
    }
    #expect(!outline.elements.contains("script"))
  }

  @Test("the sections come in order, each with its heading")
  func sectionsInOrder() throws {
    let html = try HostileReport.make().html
    let openings = [
      "<section id=\"verdicts\">\n<h2>Verdicts</h2>", "<section id=\"invariants\">\n<h2>The invariants</h2>",
      "<section id=\"checks\">\n<h2>Checks and faults</h2>", "<section id=\"staleness\">\n<h2>Staleness</h2>",
      "<section id=\"charts\">\n<h2>Charts</h2>", "<section id=\"activity\">\n<h2>Activity</h2>",
      "<section id=\"violations\">\n<h2>Violations</h2>",
    ]
    let positions = openings.map { html.range(of: $0)?.lowerBound }
    #expect(positions.allSatisfy { $0 != nil }, "missing: \(zip(openings, positions).filter { $0.1 == nil }.map(\.0))")
    let found = positions.compactMap { $0 }
    #expect(found == found.sorted())
  }

  @Test("the header names the scenario, seed, days, zone and strategies, and the run's verdict")
  func header() throws {
    let html = try HostileReport.make().html
    #expect(html.contains("<tr><th scope=\"row\">scenario</th><td>my &quot;odd&quot; &lt;scenario&gt;.yaml</td></tr>"))
    #expect(html.contains("<tr><th scope=\"row\">seed</th><td>7</td></tr>"))
    #expect(
      html.contains(
        "<tr><th scope=\"row\">days</th><td>3: 10 Mar 2026 00:00 to 13 Mar 2026 00:00, Europe/Zurich (2026-03-09T23:00:00.000Z to 2026-03-12T23:00:00.000Z)</td></tr>"
      ))
    #expect(html.contains("<tr><th scope=\"row\">zone</th><td>Europe/Zurich</td></tr>"))
    #expect(html.contains("<tr><th scope=\"row\">strategies</th><td>converged, mirrorsmoker-legacy</td></tr>"))
    #expect(html.contains("<tr><th scope=\"row\">actions planned</th><td>42</td></tr>"))
    #expect(html.contains("Verdict: <span class=\"fail\">FAIL</span>: converged expected to converge and broke an invariant."))
  }

  @Test("a verdict row per strategy and domain, a column per invariant; a FAIL links to its violation")
  func verdicts() throws {
    let html = try HostileReport.make().html
    #expect(
      html.contains(
        "<thead><tr><th scope=\"col\">strategy</th><th scope=\"col\">domain</th><th scope=\"col\">expected</th>"
          + "<th scope=\"col\">no-lost-write</th><th scope=\"col\">no-double-count</th><th scope=\"col\">convergence</th>"
          + "<th scope=\"col\">rollover</th><th scope=\"col\">staleness</th><th scope=\"col\">refresh-budget</th>"
          + "<th scope=\"col\">no-data-loss</th></tr></thead>"))
    // Checked and never broken is pass; broken is FAIL ×n; never checked is n/a.
    let pass = "<td class=\"verdict pass\">pass</td>"
    let notApplicable = "<td class=\"verdict na\">n/a</td>"
    #expect(
      html.contains(
        "<tr><th scope=\"row\">converged</th><td>tally</td><td>to converge</td>" + pass + notApplicable
          + "<td class=\"verdict fail\"><a href=\"#violation-converged-tally-convergence\">FAIL ×3</a></td>"
          + String(repeating: notApplicable, count: 4) + "</tr>"))
    #expect(
      html.contains(
        "<tr><th scope=\"row\">mirrorsmoker-legacy</th><td>tally</td><td>legacy</td>"
          + String(repeating: pass, count: 4) + notApplicable + pass + notApplicable + "</tr>"))
    #expect(html.contains("<span class=\"na\">n/a</span> (never checked"))
    #expect(html.contains("<article id=\"violation-converged-tally-convergence\">"))
  }

  @Test("each invariant has its explanation")
  func invariantExplanations() throws {
    let html = try HostileReport.make().html
    for name in ["no-lost-write", "no-double-count", "convergence", "rollover", "staleness", "refresh-budget", "no-data-loss"] {
      let term = "<dt id=\"invariant-\(name)\"><code>\(name)</code></dt>\n<dd>"
      let range = try #require(html.range(of: term), "no explanation of \(name)")
      let explanation = html[range.upperBound...].prefix { $0 != "<" }
      #expect(explanation.count > 80, "\(name): \(explanation)")
    }
  }

  @Test("checks, faults, staleness and activity as worked out by hand")
  func figures() throws {
    let html = try HostileReport.make().html
    func numbers(_ values: [Int]) -> String { values.map { "<td class=\"number\">\($0)</td>" }.joined() }
    // Checks in invariant order: no-lost-write 5, convergence 12, the rest 0.
    #expect(html.contains("<tr><th scope=\"row\">converged</th><td>tally</td>" + numbers([5, 0, 12, 0, 0, 0, 0]) + "</tr>"))
    // Faults in kind order: app-kill 2, reply-timeout (the eighth kind) 1.
    let faults = numbers([2, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0])
    #expect(html.contains("<tr><th scope=\"row\">converged</th><td>tally</td>" + faults + "</tr>"))
    // Intervals 1.0 s, 2.5 s, 70.0 s: p50 is rank ⌈1.5⌉ = 2, p99 rank ⌈2.97⌉ = 3.
    #expect(
      html.contains(
        "<tr><th scope=\"row\">converged</th><td>tally</td><td>widget</td><td class=\"number\">3</td>"
          + "<td class=\"number\">2.5</td><td class=\"number\">70.0</td><td class=\"number\">70.0</td></tr>"))
    #expect(html.contains("<tr><th scope=\"row\">mirrorsmoker-legacy</th><td>tally</td>" + numbers([50, 9, 4, 3, 1]) + "</tr>"))
  }

  @Test("a violation has its heading, surfaces, trace, replay command and shrunk file")
  func violation() throws {
    let html = try HostileReport.make().html
    #expect(html.contains("<h3>converged, tally: convergence (3 ×)</h3>"))
    #expect(html.contains("<p class=\"seen\">Seen on: widget, watch.</p>"))
    #expect(
      html.contains(
        "Shrunk to 4 events (from 1060) over 2 days, still breaking convergence: <a href=\"shrunk/converged-tally-convergence.yaml\">"))
  }

  @Test("charts are inlined as SVG, without their XML declaration")
  func charts() throws {
    let html = try HostileReport.make().html
    #expect(
      html.contains(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"10\" height=\"10\"><title>t &amp; u</title></svg>\n<figcaption>"))
    #expect(!html.contains("<?xml"))
    #expect(html.components(separatedBy: "<figure ").count - 1 == 1)
  }

  @Test("self-contained: no script, no style sheet, image, font or frame to fetch")
  func selfContained() throws {
    let html = try HostileReport.make().html
    for forbidden in ["<script", "<link", "<img", "<iframe", "<object", "<embed", " src=", "url(", "@import", "https:"] {
      #expect(!html.contains(forbidden), "report.html contains \(forbidden)")
    }
    // The only http: is the SVG namespace, a name that is never fetched.
    #expect(html.replacingOccurrences(of: "xmlns=\"http://www.w3.org/2000/svg\"", with: "").contains("http:") == false)
  }

  @Test("a real run's page: the same bytes twice, well-formed with its charts, unique ids, written beside report.md")
  func realRun() throws {
    let first = Report(outcome: try SimulationFixtures.outcome("default", days: 2, seed: 42), scenarioReference: "default")
    let second = Report(outcome: try SimulationFixtures.outcome("default", days: 2, seed: 42), scenarioReference: "default")
    #expect(first.html == second.html)
    // Every chart is inlined in one document: their ids (if any) must not collide with each
    // other's or the page's.
    let outline = PageOutline.parse(first.html)
    #expect(outline.failure == nil)
    #expect(Set(outline.ids).count == outline.ids.count, "duplicate ids: \(outline.ids)")
    for link in outline.links where link.hasPrefix("#") {
      #expect(outline.ids.contains(String(link.dropFirst())), "\(link) has no target")
    }
    #expect(outline.elements.filter { $0 == "figure" }.count == first.charts.count)
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("glance-html-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: folder) }
    let written = try first.write(into: folder.path)
    let page = try String(contentsOfFile: (written as NSString).appendingPathComponent("report.html"), encoding: .utf8)
    #expect(page == first.html)
    #expect(FileManager.default.fileExists(atPath: (written as NSString).appendingPathComponent("report.md")))
  }

  @Test(
    "a verdict cell's class",
    arguments: [
      (Verdict.pass, "pass"), (.fail(occurrences: 1), "fail"), (.fail(occurrences: 622), "fail"), (.notApplicable, "na"),
    ])
  func verdictClasses(verdict: Verdict, expected: String) {
    #expect(Report.verdictClass(verdict) == expected)
  }

  @Test("an SVG keeps everything from its root element on")
  func inlineSVG() {
    #expect(Report.inlineSVG("<?xml version=\"1.0\"?>\n<!DOCTYPE svg>\n<svg a=\"1\"><g/></svg>\n\n") == "<svg a=\"1\"><g/></svg>")
    #expect(Report.inlineSVG("<svg/>") == "<svg/>")
  }
}
