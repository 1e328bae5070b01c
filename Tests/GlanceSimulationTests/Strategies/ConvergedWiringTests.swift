import Foundation
import GlanceKernel
@testable import GlanceSimulation
import GlanceSync
import Testing

/// The converged strategy is GlanceSync wired to the simulated platform, and nothing else: its
/// files make no decision of their own (what to record, what to send, when to reload, how to
/// plan a timeline), so the verdicts about it are verdicts about the code an app ships.
@Suite("Converged wiring")
struct ConvergedWiringTests {
  /// What only a design's logic would write: events, the kernel's replication, pacing,
  /// timeline planning and budget math, and the world's channels and reloads called directly.
  static let decisions: [(pattern: String, why: String)] = [
    (#"\bEvent\("#, "makes an event"),
    (#"\bReplica\b"#, "handles a replica itself"),
    (#"\bReloadPacer\b|\bReloadCoordinator\b"#, "paces reloads itself"),
    (#"\bTimelinePlanner\b|\bWidgetProjection\b|\bTimelineProjection\b"#, "plans a timeline itself"),
    (#"\bRolloverChain\b|\bBudgetMetrics\b|\bTallySummary\("#, "computes figures itself"),
    (
      #"world\.(requestReload|transferUserInfo|updateApplicationContext|sendMessage|scheduleWake|schedule\()"#,
      "talks to the platform past the engine's ports"
    ),
    (#"\.record\(|\.receive\("#, "writes a store itself"),
  ]

  @Test("the converged strategies only wire GlanceSync's engines to the simulated platform")
  func noConvergedLogic() throws {
    let folder = SimulationFixtures.root.appendingPathComponent("Sources/GlanceSimulation/Strategies")
    let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasPrefix("Converged") }.sorted()
    #expect(files == ["ConvergedBudget.swift", "ConvergedSteps.swift", "ConvergedTally.swift"])
    let rules = try Self.decisions.map { (try Regex($0.pattern).wordBoundaryKind(.simple), $0.why) }
    for file in files {
      let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
      #expect(text.contains("import GlanceSync"), "\(file) wires GlanceSync")
      for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
        let code = String(line.split(separator: "//", maxSplits: 1, omittingEmptySubsequences: false).first ?? "")
        for (regex, why) in rules where code.contains(regex) {
          Issue.record("\(file):\(number + 1) \(why): \(line)")
        }
      }
    }
  }

  @Test("the rule has teeth: a line of design logic is caught")
  func ruleCatchesLogic() throws {
    let rules = try Self.decisions.map { try Regex($0.pattern).wordBoundaryKind(.simple) }
    for line in [
      "phone.record(Event(id: id, kind: .add, instant: now, origin: .app))", "world.requestReload(context: .background)",
      "var pacer = try ReloadPacer(refreshBudget: 70)", "try TimelinePlanner.plan(projection, now: now, horizon: end)",
    ] {
      #expect(rules.contains { line.contains($0) }, "\(line)")
    }
  }

  @Test(
    "the judge gives a widget at least the engine's zone check to learn of a flight, for every budget",
    arguments: Array(RefreshBudget.limitRange))
  func zoneCatchUpCoversTheZoneCheck(limit: Int) throws {
    var scenario = try SimulationFixtures.scenario("travel")
    scenario.refreshBudget = limit
    let calendar = try ZoneCalendar(identifier: scenario.zone)
    let start = try #require(calendar.dayInterval(of: scenario.start)).start
    let itinerary = try Itinerary(scenario: scenario, calendar: calendar, start: start)
    let inputs = RunInputs(
      scenario: scenario, itinerary: itinerary, start: start, end: start.advanced(by: Instant.millisecondsPerDay), seed: 1,
      actions: [], faults: FaultPlan(), store: .memory)
    let run = DomainRun<ConvergedTally>(inputs: inputs)
    #expect(run.zoneCatchUpMilliseconds >= WidgetTimelines.zoneCheckMilliseconds(refreshBudget: limit))
    #expect(run.zoneCatchUpMilliseconds >= Instant.millisecondsPerHour)
  }
}
