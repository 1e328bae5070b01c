/// The `report.md` of an exploration's folder: its header (every field of the manifest), its
/// figures, its fault coverage and its counterexample, for a person.
///
/// ## Laws
/// - The text depends only on the manifest and the figures: the same exploration gives the same
///   bytes whether it ran whole or was merged from shards.
enum ExplorationReport {
  /// The report of `figures`, explored as `manifest` says.
  static func markdown(_ manifest: ExplorationManifest, figures: ExplorationFigures) -> String {
    var lines = ["# Exploration: \(figures.design) (\(manifest.domain)), \(manifest.moves) moves", ""]
    lines.append(manifest.summary)
    lines.append("")
    lines += table(
      ["field", "value"],
      [
        ("glance", manifest.glance), ("tzdata", manifest.tzdata),
        ("scenario", "\(manifest.scenario) (from \(manifest.scenarioReference), digest \(manifest.scenarioDigest))"),
        ("strategy", manifest.strategy), ("design", figures.design), ("domain", manifest.domain),
        ("moves", "\(manifest.moves)"), ("drawn faults", manifest.drawnFaults.map { "at most \($0)" } ?? "any"),
      ] + (manifest.sessions.map { [("sessions of the app", $0)] } ?? []) + [("shard", manifest.shard)] + manifest.options.fields)
    lines += ["", "## Figures", ""]
    lines += table(
      ["figure", "count"],
      [
        ("plans", "\(figures.plans)"), ("schedules", "\(figures.schedules)"), ("choice points", "\(figures.choicePoints)"),
        ("distinct states", figures.states.map { "\($0)" } ?? "not counted (the design is not resumable)"),
        ("plans with a violation", "\(figures.violatingPlans)"),
        ("complete", figures.complete ? "yes" : "no (a schedule limit stopped it)"),
      ])
    lines += ["", "## Fault coverage", ""]
    lines.append("\(figures.coverage.count) of \(FaultCoverage.possibleCells.count) possible cells of the fault space reached.")
    let unreached = figures.coverage.unreachedLines
    if !unreached.isEmpty {
      lines += ["", "Never reached:", ""] + unreached.map { "- \($0)" }
    }
    lines += ["", "## Counterexample", ""] + counterexample(figures)
    return lines.joined(separator: "\n") + "\n"
  }

  /// A two-column Markdown table of `rows` under `header`.
  private static func table(_ header: [String], _ rows: [(name: String, value: String)]) -> [String] {
    ["| \(header[0]) | \(header[1]) |", "|---|---|"] + rows.map { "| \($0.name) | \($0.value) |" }
  }

  /// The counterexample's section: what broke, the plan's script and every choice, or the
  /// sentence that none was found.
  private static func counterexample(_ figures: ExplorationFigures) -> [String] {
    guard let (plan, violation) = figures.counterexample else {
      return [figures.complete ? "None: every schedule kept every invariant." : "None in the schedules played."]
    }
    var lines = [
      "Violated in \(figures.violatingPlansPhrase); the first in the tree's order is plan \(plan), schedule \(violation.schedule) "
        + "(\(figures.schedulesUntilCounterexample ?? 0) schedules in). "
        + (figures.expectedToConverge
          ? "The design is expected to converge: this is a failure." : "The design is not expected to converge."),
      "",
    ]
    lines += violation.violations.map { "- \($0.invariant.rawValue) at \($0.time): \($0.detail)" }
    lines += ["", "The plan, as a scenario file's script:", "", "```yaml"] + ScenarioWriter.script(violation.script) + ["```"]
    lines += ["", "Choices, the plan's first:", "", "```"] + violation.choices.map(\.description) + ["```"]
    return lines
  }
}
