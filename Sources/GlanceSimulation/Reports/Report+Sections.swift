import GlanceKernel

extension Report {
  /// The report's sections, built once from the outcome: `report.md` and `report.html` both
  /// render them (``ReportSection``), each page showing the sections and blocks meant for it.
  var sections: [ReportSection] {
    [verdicts, invariants, checksAndFaults, coverage, staleness, chartFigures, activity, violations]
  }

  private var verdicts: ReportSection {
    let invariants = Invariant.allCases
    let rows = outcome.results.map { result -> [ReportCell] in
      let verdicts = invariants.map { invariant -> ReportCell in
        let verdict = result.verdict(invariant)
        let classes = ["verdict", Self.verdictClass(verdict)]
        guard case .fail = verdict else { return ReportCell(verdict.text, classes: classes) }
        return ReportCell([.anchor([.text(verdict.text)], to: "#" + Self.violationIdentifier(result, invariant))], classes: classes)
      }
      return [
        ReportCell(result.strategy), ReportCell(result.domain.rawValue), ReportCell(result.expectedToConverge ? "to converge" : "legacy"),
      ] + verdicts
    }
    let explanation =
      "Each cell is `pass`, `FAIL` with the number of occurrences, `late` with the number of disagreements of a legacy design that outlasted the staleness bound a converging design is held to (a figure, not a failure), or `n/a` when nothing was checked (no store move for no-data-loss). A strategy marked *expected to converge* must pass every invariant; the legacy designs are expected to fail where their apps did. The truth every check compares with is the domain's model, fed by the engine with every action the person performed; surfaces are compared whole (count, band, streak, average; done/total, activity, next step; period and remaining, year cells and highlight)."
    return ReportSection(
      id: "verdicts", heading: "Verdicts",
      [
        .only(.markdown, [.paragraph([.text(explanation)])]),
        .markup(["<p>\(verdictLegend)</p>"]),
        .table(ReportTable(["strategy", "domain", "expected"] + invariants.map(\.rawValue), leftColumns: 3 + invariants.count, rows)),
      ])
  }

  /// What a verdict's cell means, with the verdicts that occur styled as in the table.
  private var verdictLegend: String {
    let usesNotApplicable = outcome.results.contains { result in
      Invariant.allCases.contains { result.verdict($0) == .notApplicable }
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
    return legend
      + " A strategy expected to converge must pass every invariant; the legacy designs are expected to fail where their apps did."
  }

  private var invariants: ReportSection {
    // Kept as markup, as the page always wrote it (its apostrophe unescaped).
    let introduction = [
      "<p>Every check compares what a design shows and stores with the truth: the domain's model, fed with every action the person performed.</p>"
    ]
    var list = ["<dl class=\"invariants\">"]
    for invariant in Invariant.allCases {
      list.append("<dt id=\"invariant-\(invariant.rawValue)\"><code>\(MarkupText.escaped(invariant.rawValue))</code></dt>")
      list.append("<dd>\(MarkupText.escaped(invariant.explanation))</dd>")
    }
    return ReportSection(
      id: "invariants", heading: "The invariants", pages: [.html], [.markup(introduction + list + ["</dl>"])])
  }

  private var checksAndFaults: ReportSection {
    let invariants = Invariant.allCases
    let kinds = FaultKind.allCases
    let checkRows = outcome.results.map { result in
      [ReportCell(result.strategy), ReportCell(result.domain.rawValue)] + invariants.map { ReportCell("\(result.checks[$0] ?? 0)") }
    }
    let faultRows = outcome.results.map { result in
      [ReportCell(result.strategy), ReportCell(result.domain.rawValue)] + kinds.map { ReportCell("\(result.faults[$0] ?? 0)") }
    }
    return ReportSection(
      id: "checks", heading: "Checks and faults",
      [
        .paragraph([
          .text("How many checks of each invariant ran (each surface compared, each store audited, each reload request judged):")
        ]),
        .table(ReportTable(["strategy", "domain"] + invariants.map(\.rawValue), leftColumns: 2, checkRows)),
        .paragraph([.text("How many faults of each kind the world injected:")]),
        .table(ReportTable(["strategy", "domain"] + kinds.map(\.rawValue), leftColumns: 2, faultRows)),
      ])
  }

  /// The cells of the fault space the run's faults reached, over every strategy, and those never
  /// reached (``FaultCoverage``).
  private var coverage: ReportSection {
    let union = outcome.coverage
    let rows = outcome.results.map { result in
      [ReportCell(result.strategy), ReportCell(result.domain.rawValue), ReportCell("\(result.coverage.count)")]
    }
    let unreached = union.unreachedLines
    return ReportSection(
      id: "coverage", heading: "Fault coverage",
      [
        .paragraph([.text(union.summary(over: "this run's strategies"))]),
        .table(ReportTable(["strategy", "domain", "cells reached"], leftColumns: 2, rows)),
        .table(union.table),
        .paragraph([.text("Never reached (\(union.unreached.count) cells):" + (unreached.isEmpty ? " none." : ""))]),
      ] + (unreached.isEmpty ? [] : [.trace(unreached)]))
  }

  private var staleness: ReportSection {
    let rows = outcome.results.flatMap { result in
      result.staleness.map { figures in
        [
          result.strategy, result.domain.rawValue, figures.surface.rawValue, "\(figures.count)",
          Self.seconds(figures.percentile(50)), Self.seconds(figures.percentile(99)), Self.seconds(figures.maximum),
        ].map { ReportCell($0) }
      }
    }
    // report.md links the chart files; report.html shows them inline (``chartFigures``).
    var links: [ReportBlock] = []
    let overviews = outcome.results.filter { $0.overview != nil }.map(Self.overviewFile)
    if !overviews.isEmpty {
      links.append(
        .paragraph(
          [
            .text(
              "Each strategy's whole run, every surface against the truth in local time, with where each surface disagreed, the kills, the denied reloads and the first occurrence of each violation: "
            )
          ] + Self.fileLinks(overviews)))
    }
    let divergences = outcome.results.filter { $0.chart != nil }.map(Self.divergenceFile)
    if !divergences.isEmpty {
      links.append(
        .paragraph([.text("Each strategy's longest divergence, from where it began to where it ended: ")] + Self.fileLinks(divergences)))
    }
    return ReportSection(
      id: "staleness", heading: "Staleness",
      [
        .only(
          .markdown,
          [.paragraph([.text("Every interval during which a surface showed another count than the truth, in seconds (nearest rank).")])]),
        .only(
          .html,
          [.paragraph([.text("Every interval during which a surface showed another value than the truth, in seconds (nearest rank).")])]),
        .table(ReportTable(["strategy", "domain", "surface", "intervals", "p50", "p99", "max"], leftColumns: 3, rows)),
        .only(.markdown, links),
      ])
  }

  /// `[`a`](a), [`b`](b).`
  private static func fileLinks(_ files: [String]) -> [ReportInline] {
    var inlines: [ReportInline] = []
    for (index, file) in files.enumerated() {
      if index > 0 { inlines.append(.text(", ")) }
      inlines.append(.link([.code(file)], to: file))
    }
    return inlines + [.text(".")]
  }

  private var chartFigures: ReportSection {
    let charts = charts
    var blocks: [ReportBlock] = []
    if charts.isEmpty { blocks.append(.paragraph([.text("None: no surface disagreed with the truth.")])) }
    for (name, svg) in charts {
      blocks.append(
        .markup([
          "<figure id=\"chart-\(MarkupText.identifier(name))\">", Self.inlineSVG(svg),
          "<figcaption><code>\(MarkupText.escaped(name))</code></figcaption>", "</figure>",
        ]))
    }
    return ReportSection(id: "charts", heading: "Charts", pages: [.html], blocks)
  }

  private var activity: ReportSection {
    let rows = outcome.results.map { result in
      [
        result.strategy, result.domain.rawValue, "\(result.events)", "\(result.acceptedActions)",
        "\(result.reloadRequests)", "\(result.chargedReloads)", "\(result.deniedReloads)",
      ].map { ReportCell($0) }
    }
    return ReportSection(
      id: "activity", heading: "Activity",
      [
        .table(
          ReportTable(
            ["strategy", "domain", "events", "accepted actions", "reload requests", "charged", "denied"], leftColumns: 2, rows))
      ])
  }

  private var violations: ReportSection {
    let failing = outcome.results.filter { !$0.violations.isEmpty }
    var blocks: [ReportBlock] = failing.isEmpty ? [.lastParagraph([.text("None.")])] : []
    for result in failing {
      for violation in result.violations { blocks.append(article(violation, of: result)) }
    }
    return ReportSection(id: "violations", heading: "Violations", blocks)
  }

  /// A violation's first occurrence, the events before it, its replay and its shrunk scenario.
  private func article(_ violation: Violation, of result: StrategyResult) -> ReportBlock {
    var blocks: [ReportBlock] = []
    if violation.surfaces.count > 1 {
      blocks.append(.paragraph([.text("Seen on: \(violation.surfaces.map(\.rawValue).joined(separator: ", ")).")], class: "seen"))
    }
    let surface = violation.surface.map { " on the \($0.rawValue)" } ?? ""
    blocks += [
      .paragraph([
        .text("First at \(violation.time)\(surface): expected \(violation.expected), found \(violation.found). \(violation.detail).")
      ]),
      .trace(Array(violation.trace.suffix(12))),
      .paragraph([.text("Replay: "), .code(replayCommand(strategy: result.strategy))], class: "replay"),
    ]
    if let small = shrunk(result.strategy, result.domain, violation.invariant) {
      let file = Self.shrunkFile(small)
      let events = "\(small.eventCount) \(small.eventCount == 1 ? "event" : "events")"
      let days = "\(small.request.days) \(small.request.days == 1 ? "day" : "days")"
      blocks.append(
        .paragraph(
          [
            .text("Shrunk to \(events) (from \(small.originalEventCount)) over \(days), still breaking \(violation.invariant.rawValue): "),
            .link([.code(file)], to: file), .text(". It replays with "),
            .code("simulate --scenario <that file's path> --strategy \(result.strategy) --trace"),
            .text(" (the file holds its seed and days)."),
          ], class: "shrunk"))
    }
    return .article(
      id: Self.violationIdentifier(result, violation.invariant),
      heading: "\(result.strategy), \(result.domain.rawValue): \(violation.invariant.rawValue) (\(violation.occurrences) ×)",
      blocks: blocks)
  }
}
