public import Foundation
import GlanceKernel

/// Glance's version, as report headers and `simulate --version` print it: the first release of
/// CHANGELOG.md, which the README and the docs name too (`ReleaseVersionTests` checks all four).
public enum GlanceVersion {
  public static let string = "0.5.0"
}

/// The reports of one outcome: `report.md` for people and `report.json` for tools. Their bytes
/// depend only on the binary, the request and the scenario text: no wall time, host name, path or
/// address, and every figure is an integer.
public struct Report: Sendable {
  public let outcome: SimulationOutcome
  /// Where the scenario came from, as the replay command names it (`default` or a path).
  public let scenarioReference: String
  /// Failures shrunk to small scenarios (``Shrinker``): each is written to
  /// `shrunk/<strategy>-<domain>-<invariant>.yaml` beside the report, which links it from its
  /// violation.
  public var shrunk: [ShrinkResult]

  public init(outcome: SimulationOutcome, scenarioReference: String, shrunk: [ShrinkResult] = []) {
    self.outcome = outcome
    self.scenarioReference = scenarioReference
    self.shrunk = shrunk
  }

  /// The file a shrunk failure is written to, relative to the report's folder.
  public static func shrunkFile(_ result: ShrinkResult) -> String {
    "shrunk/\(result.strategy)-\(result.domain.rawValue)-\(result.invariant.rawValue).yaml"
  }

  /// The shrunk scenario of `invariant` broken by `strategy` in `domain`, if there is one.
  func shrunk(_ strategy: String, _ domain: Domain, _ invariant: Invariant) -> ShrinkResult? {
    shrunk.first { $0.strategy == strategy && $0.domain == domain && $0.invariant == invariant }
  }

  /// The command that replays a shrunk failure from the folder `folder` the report is in (the
  /// file holds its seed and days).
  public static func shrunkReplayCommand(_ result: ShrinkResult, folder: String) -> String {
    "simulate --scenario \((folder as NSString).appendingPathComponent(shrunkFile(result))) --strategy \(result.strategy) --trace"
  }

  /// `<scenario>-seed<seed>-days<days>`, and `-<store>` for a store other than memory (so a run on
  /// SQLite never overwrites the in-memory report it is compared with).
  public var directoryName: String {
    "\(outcome.request.scenario.name)-seed\(outcome.request.seed)-days\(outcome.request.days)"
      + (durableStore.map { "-\($0)" } ?? "")
  }

  /// The store backend's name when it is not memory (a SQLite run's reports say so).
  var durableStore: String? { outcome.store == StoreBackend.memory.name ? nil : outcome.store }

  var request: SimulationRequest { outcome.request }

  public func replayCommand(strategy: String?) -> String {
    var command = "simulate --days \(request.days) --seed \(request.seed) --scenario \(scenarioReference)"
    if let durableStore { command += " --store \(durableStore)" }
    if let strategy { command += " --strategy \(strategy) --trace" }
    return command
  }

  // MARK: Markdown

  public var markdown: String { markdown(days: daysText, sections: sections) }

  /// `report.md` with `days` as its days (``daysText``, which loads a zone) and `sections`
  /// (``sections``): ``write(into:)`` makes both once for both pages.
  func markdown(days: String, sections: [ReportSection]) -> String {
    (headerSection(days: days) + sections.flatMap { $0.lines(for: .markdown) }).joined(separator: "\n") + "\n"
  }

  /// The run's days in local time, then in UTC: `30: 10 Mar 2026 00:00 to 9 Apr 2026 00:00,
  /// Europe/Zurich (2026-03-09T23:00:00.000Z to 2026-04-08T22:00:00.000Z)`; after travel the
  /// end is in the last zone, which is named too.
  var daysText: String {
    let scenario = request.scenario
    let endZone = scenario.travel.last?.zone ?? scenario.zone
    // A zone's calendar costs milliseconds to load: the start's serves the end when the zone is the same.
    let startCalendar = try? ZoneCalendar(identifier: scenario.zone)
    let endCalendar = endZone == scenario.zone ? startCalendar : try? ZoneCalendar(identifier: endZone)
    func local(_ instant: Instant, _ calendar: ZoneCalendar?) -> String {
      guard let calendar else { return instant.description }
      let clock = ChartClock(legs: [ChartClock.Leg(from: nil, calendar: calendar)])
      return "\(clock.dateText(instant, withYear: true)) \(clock.clockText(instant))"
    }
    let zones = endZone == scenario.zone ? scenario.zone : "\(scenario.zone), then \(endZone)"
    let (start, end) = (local(outcome.start, startCalendar), local(outcome.end, endCalendar))
    return "\(request.days): \(start) to \(end), \(zones) (\(outcome.start) to \(outcome.end))"
  }

  private func headerSection(days: String) -> [String] {
    let scenario = request.scenario
    var lines = ["# Glance convergence report: \(scenario.name), seed \(request.seed), \(request.days) days", ""]
    if !scenario.summary.isEmpty { lines += [scenario.summary, ""] }
    let simulated = scenario.domains.filter(Simulation.simulatedDomains.contains)
    let pending = scenario.domains.filter { !Simulation.simulatedDomains.contains($0) }
    var rows = [
      ["scenario", "`\(scenarioReference)`"],
      [
        "domains",
        simulated.map(\.rawValue).joined(separator: ", ")
          + (pending.isEmpty ? "" : " (also named, not simulated yet: \(pending.map(\.rawValue).joined(separator: ", ")))"),
      ],
    ]
    if !scenario.travel.isEmpty {
      let changes = scenario.travel.map { "day \($0.day) at \($0.hour):00 to \($0.zone)" }
      rows.append(["travel", changes.joined(separator: "; ")])
    }
    rows += [
      ["seed", "\(request.seed)"],
      ["days", days],
      ["strategies", request.strategies.map(\.rawValue).joined(separator: ", ")],
    ]
    if let durableStore {
      rows.append(["store", "\(durableStore): the converged tally's phone and watch stores, a new database per store and per run"])
    }
    rows += [
      ["actions planned", "\(outcome.actionsPlanned)"],
      ["tzdata", TimeZone.timeZoneDataVersion],
      ["glance", GlanceVersion.string],
    ]
    return lines + ["| | |", "|---|---|"] + rows.map { "| \($0[0]) | \($0[1]) |" } + [""]
  }

  /// Milliseconds as seconds with one decimal, by integer arithmetic.
  static func seconds(_ milliseconds: Int64) -> String {
    let tenths = (milliseconds + 50) / 100
    return "\(tenths / 10).\(tenths % 10)"
  }

  // MARK: JSON

  public func json() throws -> Foundation.Data {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .prettyPrinted]
    return try encoder.encode(JSONReport(self))
  }

  /// Writes `report.md`, `report.json` and `report.html` into `directory/<directoryName>/` and returns that path.
  public func write(into directory: String) throws -> String {
    let folder = (directory as NSString).appendingPathComponent(directoryName)
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    func file(_ name: String) -> URL { URL(fileURLWithPath: (folder as NSString).appendingPathComponent(name)) }
    let (days, sections) = (daysText, sections)
    try Data(markdown(days: days, sections: sections).utf8).write(to: file("report.md"))
    try json().write(to: file("report.json"))
    try Data(html(days: days, sections: sections).utf8).write(to: file("report.html"))
    for (name, svg) in charts {
      try Data(svg.utf8).write(to: file(name))
    }
    if !shrunk.isEmpty {
      try FileManager.default.createDirectory(at: file("shrunk"), withIntermediateDirectories: true)
    }
    for result in shrunk {
      let yaml = result.yaml(replay: Self.shrunkReplayCommand(result, folder: folder))
      try Data(yaml.utf8).write(to: file(Self.shrunkFile(result)))
    }
    return folder
  }

  /// The chart files, for each strategy and domain: `<strategy>-<domain>-overview.svg`, the
  /// whole run; `<strategy>-<domain>-divergence.svg`, its longest divergence, when a surface
  /// ever disagreed.
  public var charts: [(name: String, svg: String)] {
    outcome.results.flatMap { result -> [(name: String, svg: String)] in
      [result.overview.map { (Self.overviewFile(result), $0) }, result.chart.map { (Self.divergenceFile(result), $0) }].compactMap { $0 }
    }
  }

  static func overviewFile(_ result: StrategyResult) -> String { "\(result.strategy)-\(result.domain.rawValue)-overview.svg" }
  static func divergenceFile(_ result: StrategyResult) -> String { "\(result.strategy)-\(result.domain.rawValue)-divergence.svg" }
}

/// The JSON shape: every figure, integers only.
private struct JSONReport: Encodable {
  struct Header: Encodable {
    let scenario: String
    let scenarioReference: String
    let seed: UInt64
    let days: Int
    let zone: String
    let start: Int64
    let end: Int64
    let domains: [String]
    let strategies: [String]
    let actionsPlanned: Int
    /// The store backend, absent for memory.
    let store: String?
    let tzdata: String
    let glance: String
  }
  struct ViolationEntry: Encodable {
    let invariant: String
    let firstAtMilliseconds: Int64
    let firstAt: String
    let surface: String?
    let field: String?
    let expected: String
    let found: String
    let occurrences: Int
    let surfaces: [String]
    let detail: String
    let replay: String
    /// The shrunk scenario, when the failure was shrunk.
    let shrunk: Shrunk?
  }
  struct Shrunk: Encodable {
    let file: String
    let events: Int
    let originalEvents: Int
    let days: Int
  }
  struct StalenessEntry: Encodable {
    let surface: String
    let intervals: Int
    let p50Milliseconds: Int64
    let p99Milliseconds: Int64
    let maxMilliseconds: Int64
  }
  struct StrategyEntry: Encodable {
    let strategy: String
    let domain: String
    let expectedToConverge: Bool
    let verdicts: [String: String]
    let checks: [String: Int]
    let faults: [String: Int]
    /// The cells of the fault space its faults reached, by name, in order.
    let coverage: [String]
    let violations: [ViolationEntry]
    let staleness: [StalenessEntry]
    let events: Int
    let acceptedActions: Int
    let reloadRequests: Int
    let chargedReloads: Int
    let deniedReloads: Int
  }
  let header: Header
  let strategies: [StrategyEntry]
  /// The cells reached over every strategy, and those never reached.
  let coverage: FaultCoverage.JSONSummary

  init(_ report: Report) {
    let outcome = report.outcome
    let request = outcome.request
    header = Header(
      scenario: request.scenario.name, scenarioReference: report.scenarioReference, seed: request.seed,
      days: request.days, zone: request.scenario.zone, start: outcome.start.millisecondsSince1970,
      end: outcome.end.millisecondsSince1970, domains: request.scenario.domains.map(\.rawValue),
      strategies: request.strategies.map(\.rawValue), actionsPlanned: outcome.actionsPlanned,
      store: report.durableStore, tzdata: TimeZone.timeZoneDataVersion, glance: GlanceVersion.string)
    coverage = FaultCoverage.JSONSummary(outcome.coverage)
    strategies = outcome.results.map { result in
      var verdicts: [String: String] = [:]
      for invariant in Invariant.allCases {
        verdicts[invariant.rawValue] = result.verdict(invariant).name
      }
      return StrategyEntry(
        strategy: result.strategy, domain: result.domain.rawValue, expectedToConverge: result.expectedToConverge, verdicts: verdicts,
        checks: Dictionary(uniqueKeysWithValues: Invariant.allCases.map { ($0.rawValue, result.checks[$0] ?? 0) }),
        faults: Dictionary(uniqueKeysWithValues: FaultKind.allCases.map { ($0.rawValue, result.faults[$0] ?? 0) }),
        coverage: result.coverage.cells.map(\.description),
        violations: result.violations.map {
          ViolationEntry(
            invariant: $0.invariant.rawValue, firstAtMilliseconds: $0.time.millisecondsSince1970,
            firstAt: $0.time.description, surface: $0.surface?.rawValue, field: $0.field, expected: $0.expected, found: $0.found,
            occurrences: $0.occurrences, surfaces: $0.surfaces.map(\.rawValue), detail: $0.detail,
            replay: report.replayCommand(strategy: result.strategy),
            shrunk: report.shrunk(result.strategy, result.domain, $0.invariant).map {
              Shrunk(file: Report.shrunkFile($0), events: $0.eventCount, originalEvents: $0.originalEventCount, days: $0.request.days)
            })
        },
        staleness: result.staleness.map {
          StalenessEntry(
            surface: $0.surface.rawValue, intervals: $0.count, p50Milliseconds: $0.percentile(50),
            p99Milliseconds: $0.percentile(99), maxMilliseconds: $0.maximum)
        },
        events: result.events, acceptedActions: result.acceptedActions, reloadRequests: result.reloadRequests,
        chargedReloads: result.chargedReloads, deniedReloads: result.deniedReloads)
    }
  }
}
