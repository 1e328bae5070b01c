import Foundation
import GlanceKernel

extension Report {
  /// `report.html`: the report as one self-contained page, for people. The header, the verdicts
  /// (each FAIL links to its violation), what each invariant means (``Invariant/explanation``),
  /// the checks and faults, the staleness, the charts inlined as SVG, the activity, and each
  /// violation with its trace and replay command.
  ///
  /// It loads nothing: no script, no external style sheet, font or image. Every text of the
  /// outcome is escaped, and the page is well-formed XML too (void elements closed with `/>`), so
  /// that tests can parse it. Its bytes depend only on what `report.md`'s do.
  public var html: String { html(days: daysText) }

  /// `report.html` with `days` as its days (``daysText``, which loads a zone: ``write(into:)``
  /// computes it once for both pages).
  func html(days: String) -> String {
    let title = "Glance convergence report: \(request.scenario.name), seed \(request.seed), \(request.days) days"
    let body =
      htmlHeader(title: title, days: days) + htmlVerdicts + htmlInvariants + htmlChecksAndFaults
      + htmlStaleness + htmlCharts + htmlActivity + htmlViolations
    let page =
      [
        "<!DOCTYPE html>",
        "<html lang=\"en\">",
        "<head>",
        "<meta charset=\"utf-8\"/>",
        "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\"/>",
        "<title>\(MarkupText.escaped(title))</title>",
        "<style>",
        ReportStylesheet.css,
        "</style>",
        "</head>",
        "<body>",
        "<main>",
      ] + body + ["</main>", "</body>", "</html>"]
    return page.joined(separator: "\n") + "\n"
  }

  /// The sections, as the navigation links them: fragment and heading.
  static let htmlSections: [(id: String, heading: String)] = [
    ("verdicts", "Verdicts"), ("invariants", "The invariants"), ("checks", "Checks and faults"),
    ("staleness", "Staleness"), ("charts", "Charts"), ("activity", "Activity"), ("violations", "Violations"),
  ]

  /// The opening of the section `id`: its element and its heading (from ``htmlSections``).
  static func htmlSectionOpening(_ id: String) -> [String] {
    guard let section = htmlSections.first(where: { $0.id == id }) else {
      preconditionFailure("no section \(id) in htmlSections")
    }
    return ["<section id=\"\(id)\">", "<h2>\(MarkupText.escaped(section.heading))</h2>"]
  }

  /// The class of a verdict's cell: `pass`, `fail`, `late` or `na`.
  static func verdictClass(_ verdict: Verdict) -> String {
    switch verdict {
    case .pass: "pass"
    case .fail: "fail"
    case .late: "late"
    case .notApplicable: "na"
    }
  }

  /// The fragment of the violation of `invariant` by `result`.
  static func violationIdentifier(_ result: StrategyResult, _ invariant: Invariant) -> String {
    "violation-" + MarkupText.identifier("\(result.strategy) \(result.domain.rawValue) \(invariant.rawValue)")
  }

  /// A table: a header row, then `rows`; the first `leftColumns` columns left-aligned, the first
  /// of them a row header, the rest right-aligned (numbers).
  static func htmlTable(_ header: [String], leftColumns: Int, _ rows: [[HTMLCell]]) -> [String] {
    precondition(leftColumns >= 1, "a table has a row header (leftColumns \(leftColumns))")
    precondition(rows.allSatisfy { $0.count == header.count }, "every row has \(header.count) cells")
    func attributes(_ column: Int, _ extra: [String]) -> String {
      let classes = (column < leftColumns ? [] : ["number"]) + extra
      return classes.isEmpty ? "" : " class=\"\(classes.joined(separator: " "))\""
    }
    let headerCells = header.enumerated().map { column, text in
      "<th scope=\"col\"\(attributes(column, []))>\(MarkupText.escaped(text))</th>"
    }
    var lines = [
      "<div class=\"wide\">", "<table>",
      "<thead><tr>" + headerCells.joined() + "</tr></thead>", "<tbody>",
    ]
    for row in rows {
      let cells = row.enumerated().map { column, cell in
        column == 0
          ? "<th scope=\"row\"\(attributes(column, cell.classes))>\(cell.html)</th>"
          : "<td\(attributes(column, cell.classes))>\(cell.html)</td>"
      }
      lines.append("<tr>" + cells.joined() + "</tr>")
    }
    return lines + ["</tbody>", "</table>", "</div>"]
  }

  private func htmlHeader(title: String, days: String) -> [String] {
    let scenario = request.scenario
    var lines = ["<header>", "<h1>\(MarkupText.escaped(title))</h1>"]
    if !scenario.summary.isEmpty { lines.append("<p class=\"summary\">\(MarkupText.escaped(scenario.summary))</p>") }
    let simulated = scenario.domains.filter(Simulation.simulatedDomains.contains)
    let pending = scenario.domains.filter { !Simulation.simulatedDomains.contains($0) }
    var facts: [(String, String)] = [
      ("scenario", scenarioReference),
      (
        "domains",
        simulated.map(\.rawValue).joined(separator: ", ")
          + (pending.isEmpty ? "" : " (also named, not simulated yet: \(pending.map(\.rawValue).joined(separator: ", ")))")
      ),
    ]
    if !scenario.travel.isEmpty {
      facts.append(("travel", scenario.travel.map { "day \($0.day) at \($0.hour):00 to \($0.zone)" }.joined(separator: "; ")))
    }
    facts += [
      ("seed", "\(request.seed)"),
      ("days", days),
      ("zone", scenario.zone),
      ("strategies", request.strategies.map(\.rawValue).joined(separator: ", ")),
    ]
    if let durableStore {
      facts.append(("store", "\(durableStore): the converged tally's phone and watch stores, a new database per store and per run"))
    }
    facts += [("actions planned", "\(outcome.actionsPlanned)"), ("tzdata", TimeZone.timeZoneDataVersion), ("glance", GlanceVersion.string)]
    lines.append("<table class=\"facts\"><tbody>")
    lines += facts.map { "<tr><th scope=\"row\">\(MarkupText.escaped($0.0))</th><td>\(MarkupText.escaped($0.1))</td></tr>" }
    lines += ["</tbody></table>", htmlOutcome]
    let links = Self.htmlSections.map { "<a href=\"#\($0.id)\">\(MarkupText.escaped($0.heading))</a>" }
    return lines + ["<nav>" + links.joined(separator: " ") + "</nav>", "</header>"]
  }

  /// The run's verdict, as `simulate` prints it.
  private var htmlOutcome: String {
    let failing = outcome.results.filter(\.failsExpectation).map(\.strategy)
    if failing.isEmpty {
      return "<p class=\"outcome\">Verdict: <span class=\"pass\">pass</span>: every strategy expected to converge kept every invariant.</p>"
    }
    let names = MarkupText.escaped(failing.joined(separator: ", "))
    return "<p class=\"outcome\">Verdict: <span class=\"fail\">FAIL</span>: \(names) expected to converge and broke an invariant.</p>"
  }

  private var htmlVerdicts: [String] {
    let invariants = Invariant.allCases
    let rows = outcome.results.map { result -> [HTMLCell] in
      // The verdict of report.md's table (``StrategyResult/verdict(_:)``), its text as it is there.
      let verdicts = invariants.map { invariant -> HTMLCell in
        let verdict = result.verdict(invariant)
        let classes = ["verdict", Self.verdictClass(verdict)]
        guard case .fail = verdict else { return HTMLCell(verdict.text, classes: classes) }
        let link = "<a href=\"#\(Self.violationIdentifier(result, invariant))\">\(MarkupText.escaped(verdict.text))</a>"
        return HTMLCell(html: link, classes: classes)
      }
      return [
        HTMLCell(result.strategy), HTMLCell(result.domain.rawValue),
        HTMLCell(result.expectedToConverge ? "to converge" : "legacy"),
      ] + verdicts
    }
    let usesNotApplicable = outcome.results.contains { result in
      invariants.contains { result.verdict($0) == .notApplicable }
    }
    let usesLate = outcome.results.contains { $0.stalenessBeyondBound > 0 }
    var legend =
      "A cell is <span class=\"pass\">pass</span> (the invariant held at every check), "
      + "<span class=\"fail\">FAIL ×n</span> (broken, seen by n checks; it links to the first occurrence)"
    if usesLate {
      legend +=
        ", <span class=\"late\">late ×n</span> (a legacy design's staleness: n disagreements outlasted the bound a converging design is held to; a figure, not a failure)"
    }
    legend +=
      usesNotApplicable
      ? ", or <span class=\"na\">n/a</span> (never checked: it does not apply to this domain, scenario or design)."
      : "."
    legend += " A strategy expected to converge must pass every invariant; the legacy designs are expected to fail where their apps did."
    return Self.htmlSectionOpening("verdicts") + ["<p>\(legend)</p>"]
      + Self.htmlTable(["strategy", "domain", "expected"] + invariants.map(\.rawValue), leftColumns: 3 + invariants.count, rows)
      + ["</section>"]
  }

  private var htmlInvariants: [String] {
    var lines =
      Self.htmlSectionOpening("invariants") + [
        "<p>Every check compares what a design shows and stores with the truth: the domain's model, fed with every action the person performed.</p>",
        "<dl class=\"invariants\">",
      ]
    for invariant in Invariant.allCases {
      lines.append("<dt id=\"invariant-\(invariant.rawValue)\"><code>\(MarkupText.escaped(invariant.rawValue))</code></dt>")
      lines.append("<dd>\(MarkupText.escaped(invariant.explanation))</dd>")
    }
    return lines + ["</dl>", "</section>"]
  }

  private var htmlChecksAndFaults: [String] {
    let invariants = Invariant.allCases
    let kinds = FaultKind.allCases
    let checkRows = outcome.results.map { result in
      [HTMLCell(result.strategy), HTMLCell(result.domain.rawValue)] + invariants.map { HTMLCell("\(result.checks[$0] ?? 0)") }
    }
    let faultRows = outcome.results.map { result in
      [HTMLCell(result.strategy), HTMLCell(result.domain.rawValue)] + kinds.map { HTMLCell("\(result.faults[$0] ?? 0)") }
    }
    return Self.htmlSectionOpening("checks") + [
      "<p>How many checks of each invariant ran (each surface compared, each store audited, each reload request judged):</p>"
    ]
      + Self.htmlTable(["strategy", "domain"] + invariants.map(\.rawValue), leftColumns: 2, checkRows)
      + ["<p>How many faults of each kind the world injected:</p>"]
      + Self.htmlTable(["strategy", "domain"] + kinds.map(\.rawValue), leftColumns: 2, faultRows)
      + ["</section>"]
  }

  private var htmlStaleness: [String] {
    let rows = outcome.results.flatMap { result in
      result.staleness.map { figures in
        [
          HTMLCell(result.strategy), HTMLCell(result.domain.rawValue), HTMLCell(figures.surface.rawValue),
          HTMLCell("\(figures.count)"), HTMLCell(Self.seconds(figures.percentile(50))),
          HTMLCell(Self.seconds(figures.percentile(99))), HTMLCell(Self.seconds(figures.maximum)),
        ]
      }
    }
    return Self.htmlSectionOpening("staleness") + [
      "<p>Every interval during which a surface showed another value than the truth, in seconds (nearest rank).</p>"
    ]
      + Self.htmlTable(["strategy", "domain", "surface", "intervals", "p50", "p99", "max"], leftColumns: 3, rows)
      + ["</section>"]
  }

  private var htmlCharts: [String] {
    var lines = Self.htmlSectionOpening("charts")
    let charts = charts
    if charts.isEmpty { lines.append("<p>None: no surface disagreed with the truth.</p>") }
    for (name, svg) in charts {
      lines += [
        "<figure id=\"chart-\(MarkupText.identifier(name))\">", Self.inlineSVG(svg),
        "<figcaption><code>\(MarkupText.escaped(name))</code></figcaption>", "</figure>",
      ]
    }
    return lines + ["</section>"]
  }

  /// `svg` ready to sit in an HTML body: an XML declaration or document type before the root
  /// element is dropped (HTML has no use for them); the rest is kept as it is, since the chart
  /// escapes its own text as XML, which HTML reads the same.
  static func inlineSVG(_ svg: String) -> String {
    // On the UTF-8 view: a chart is hundreds of kilobytes, and both ends are ASCII.
    let bytes = svg.utf8
    guard let root = bytes.firstRange(of: "<svg".utf8)?.lowerBound else { return MarkupText.escaped(svg) }
    var end = bytes.endIndex
    while end > root, bytes[bytes.index(before: end)] == UInt8(ascii: "\n") { end = bytes.index(before: end) }
    return String(svg[root..<end])
  }

  private var htmlActivity: [String] {
    let rows = outcome.results.map { result in
      [
        HTMLCell(result.strategy), HTMLCell(result.domain.rawValue), HTMLCell("\(result.events)"),
        HTMLCell("\(result.acceptedActions)"), HTMLCell("\(result.reloadRequests)"),
        HTMLCell("\(result.chargedReloads)"), HTMLCell("\(result.deniedReloads)"),
      ]
    }
    return Self.htmlSectionOpening("activity")
      + Self.htmlTable(["strategy", "domain", "events", "accepted actions", "reload requests", "charged", "denied"], leftColumns: 2, rows)
      + ["</section>"]
  }

  private var htmlViolations: [String] {
    var lines = Self.htmlSectionOpening("violations")
    let failing = outcome.results.filter { !$0.violations.isEmpty }
    if failing.isEmpty { lines.append("<p>None.</p>") }
    for result in failing {
      for violation in result.violations {
        lines += htmlViolation(violation, of: result)
      }
    }
    return lines + ["</section>"]
  }

  private func htmlViolation(_ violation: Violation, of result: StrategyResult) -> [String] {
    let heading = "\(result.strategy), \(result.domain.rawValue): \(violation.invariant.rawValue) (\(violation.occurrences) ×)"
    var lines = [
      "<article id=\"\(Self.violationIdentifier(result, violation.invariant))\">",
      "<h3>\(MarkupText.escaped(heading))</h3>",
    ]
    if violation.surfaces.count > 1 {
      lines.append("<p class=\"seen\">Seen on: \(MarkupText.escaped(violation.surfaces.map(\.rawValue).joined(separator: ", "))).</p>")
    }
    let surface = violation.surface.map { " on the \($0.rawValue)" } ?? ""
    // The sentence of report.md, word for word.
    let first = "First at \(violation.time)\(surface): expected \(violation.expected), found \(violation.found). \(violation.detail)."
    lines.append("<p>\(MarkupText.escaped(first))</p>")
    // As report.md: the last twelve events of the trace.
    lines.append("<pre class=\"trace\">\(MarkupText.escaped(violation.trace.suffix(12).joined(separator: "\n")))</pre>")
    lines.append("<p class=\"replay\">Replay: <code>\(MarkupText.escaped(replayCommand(strategy: result.strategy)))</code></p>")
    if let small = shrunk(result.strategy, result.domain, violation.invariant) {
      let file = Self.shrunkFile(small)
      let events = "\(small.eventCount) \(small.eventCount == 1 ? "event" : "events")"
      let days = "\(small.request.days) \(small.request.days == 1 ? "day" : "days")"
      lines.append(
        "<p class=\"shrunk\">Shrunk to \(events) (from \(small.originalEventCount)) over \(days), still breaking "
          + "\(MarkupText.escaped(violation.invariant.rawValue)): <a href=\"\(MarkupText.escaped(file))\"><code>\(MarkupText.escaped(file))</code></a>. "
          + "It replays with <code>\(MarkupText.escaped("simulate --scenario <that file's path> --strategy \(result.strategy) --trace"))</code> (the file holds its seed and days).</p>"
      )
    }
    return lines + ["</article>"]
  }
}
