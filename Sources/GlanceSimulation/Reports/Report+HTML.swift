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
  public var html: String { html(days: daysText, sections: sections) }

  /// `report.html` with `days` as its days (``daysText``, which loads a zone) and `sections`
  /// (``sections``): ``write(into:)`` makes both once for both pages.
  func html(days: String, sections: [ReportSection]) -> String {
    let title = "Glance convergence report: \(request.scenario.name), seed \(request.seed), \(request.days) days"
    let body = htmlHeader(title: title, days: days, sections: sections) + sections.flatMap { $0.lines(for: .html) }
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

  private func htmlHeader(title: String, days: String, sections: [ReportSection]) -> [String] {
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
    let links = sections.filter { $0.pages.contains(.html) }.map { "<a href=\"#\($0.id)\">\(MarkupText.escaped($0.heading))</a>" }
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
}
