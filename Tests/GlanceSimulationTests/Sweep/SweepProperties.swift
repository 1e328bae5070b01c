import Foundation
import GlanceKernel
import PropertyBased
import Testing

@testable import GlanceSimulation

/// The sweep's laws in the library: shards partition the range, lines do not depend on jobs, the
/// report does not depend on the lines' order, and verdicts do not depend on the detail kept.
@Suite("Sweep")
struct SweepProperties {
  @Test("the shards of a range hold every seed exactly once, in stripes")
  func shardsPartitionTheRange() async {
    await propertyCheck(count: 300, input: Gen.uint64(in: 0...1_000), Gen.int(in: 0...60), Gen.int(in: 1...9)) { first, width, count in
      let range = first...(first + UInt64(width))
      let shards = (1...count).map { index in try? SweepShard(index: index, count: count) }
      let seeds = shards.compactMap { $0?.seeds(of: range) }
      #expect(shards.allSatisfy { $0 != nil })
      #expect(seeds.flatMap { $0 }.sorted() == Array(range))
      for (offset, stripe) in seeds.enumerated() {
        #expect(stripe.allSatisfy { ($0 - first) % UInt64(count) == UInt64(offset) })
      }
    }
  }

  @Test("a range ending at UInt64.max stops there")
  func rangeAtTheTop() throws {
    let shard = try SweepShard(index: 2, count: 3)
    #expect(Array(shard.seeds(of: (UInt64.max - 5)...UInt64.max)) == [UInt64.max - 4, UInt64.max - 1])
    #expect(try SweepShard(index: 7, count: 9).seeds(of: 10...12).isEmpty, "a shard past the range's end holds none")
  }

  @Test("a shard's seeds are computed, not listed: 99 999 999 seeds cost nothing until run")
  func seedsAreLazy() throws {
    let whole = SweepShard.whole.seeds(of: 1...99_999_999)
    #expect(whole.count == 99_999_999)
    #expect(whole[0] == 1 && whole[99_999_998] == 99_999_999)
    let third = try SweepShard(index: 3, count: 4).seeds(of: try SeedRange.parse("1...99999999"))
    #expect(third.count == 25_000_000 && third.first == 3 && third.last == 99_999_999)
    #expect(Array(third.prefix(3)) == [3, 7, 11])
  }

  @Test("a range of more than 100 000 000 seeds is refused for its size, not its syntax")
  func tooManySeeds() {
    #expect(throws: SweepError.tooManySeeds(first: 0, last: .max, limit: SeedRange.countMax)) {
      try SeedRange.parse("0...18446744073709551615")
    }
    let error = SweepError.tooManySeeds(first: 0, last: .max, limit: SeedRange.countMax)
    #expect(error.description == #"seeds "0...18446744073709551615": 18446744073709551616 seeds; a sweep spans at most 100000000"#)
    #expect(SweepError.seedCount(1, 100_000_000) == "100000000")
  }

  @Test(
    "--seeds and --shard texts",
    arguments: [
      ("1...10000", 1...10_000 as ClosedRange<UInt64>?), ("42", 42...42), ("0...0", 0...0), ("5...4", nil), ("1..10", nil),
      ("", nil), ("1...", nil), ("...3", nil), ("+1...3", nil), ("0...100000000", nil), ("1...100000000", 1...100_000_000),
    ])
  func seedRanges(_ text: String, _ expected: ClosedRange<UInt64>?) {
    let parsed: ClosedRange<UInt64>? = try? SeedRange.parse(text)
    #expect(parsed == expected)
    if let expected { #expect(SeedRange.text(expected) == (text.contains("...") ? text : "\(text)...\(text)")) }
  }

  @Test(
    "shards are K/N with 1 ≤ K ≤ N",
    arguments: [
      ("1/1", true), ("4/4", true), ("2/4", true), ("0/4", false), ("5/4", false), ("1/0", false), ("a/2", false), ("1/2/3", false),
      (" 1/2", false),
    ])
  func shardTexts(_ text: String, _ valid: Bool) {
    #expect(((try? SweepShard(parsing: text)) != nil) == valid)
  }

  static func scenario() throws -> Scenario { try SimulationFixtures.scenario("default") }

  @Test("a shard's lines are the whole sweep's lines of its seeds")
  func shardLinesAreTheWholeSweepsLines() throws {
    let whole = SweepRequest(scenario: try Self.scenario(), scenarioReference: "default", days: 2, seeds: 10...17)
    let lines = try Sweep.run(whole)
    #expect(lines.count == 8 * StrategyName.allCases.count)
    #expect(lines.map(\.seed) == lines.map(\.seed).sorted())
    var shard = whole
    shard.shard = try SweepShard(index: 2, count: 3)
    #expect(try Sweep.run(shard) == lines.filter { [11, 14, 17].contains($0.seed) })
  }

  @Test("verdicts, counts and staleness are the same at either detail; only traces and charts differ")
  func detailKeepsVerdicts() throws {
    for seed: UInt64 in [1, 42] {
      let request = SimulationRequest(scenario: try Self.scenario(), days: 5, seed: seed)
      let full = try Simulation.run(request)
      let verdicts = try Simulation.run(request, detail: .verdicts)
      #expect(full.results.count == verdicts.results.count)
      for (a, b) in zip(full.results, verdicts.results) {
        #expect(a.violations.map(\.invariant) == b.violations.map(\.invariant))
        #expect(a.violations.map(\.occurrences) == b.violations.map(\.occurrences))
        #expect(a.violations.map(\.time) == b.violations.map(\.time))
        #expect(a.staleness == b.staleness)
        let countsA: [Int] = [a.events, a.acceptedActions, a.reloadRequests, a.chargedReloads, a.deniedReloads]
        let countsB: [Int] = [b.events, b.acceptedActions, b.reloadRequests, b.chargedReloads, b.deniedReloads]
        #expect(countsA == countsB)
        #expect(b.chart == nil)
        #expect(b.violations.allSatisfy { $0.trace.isEmpty }, "no trace at verdicts detail")
      }
      #expect(
        full.results.contains { $0.violations.contains { !$0.trace.isEmpty } }, "the full detail keeps traces")
      #expect(full.results.contains { $0.chart != nil }, "the full detail draws charts")
    }
  }

  static func line(
    _ seed: UInt64, _ strategy: String, _ broken: [(String, String, Int)], stale: Int64 = 0, expected: Bool = false,
    coverage: [CoverageCell] = []
  ) -> SweepLine {
    SweepLine(
      seed: seed, strategy: strategy, expectedToConverge: expected, converged: broken.isEmpty,
      violations: broken.map { SweepLine.Broken(domain: $0.0, invariant: $0.1, occurrences: $0.2) },
      staleness: [SweepLine.Stale(domain: "tally", surface: "widget", maxMilliseconds: stale)], coverage: FaultCoverage(coverage))
  }

  /// Three cells of the fault space, in the order of cells.
  static let kill = CoverageCell(.app, .process, .appKills, .beforeBoundary)
  static let late = CoverageCell(.widget, .reload, .lateReloads, .afterBoundary)
  static let lost = CoverageCell(.watch, .sendMessage, .replyTimeout, .awayFromBoundary)

  @Test("a hand-worked report: shares floored, first seeds, worst staleness at its lowest seed")
  func handWorkedReport() throws {
    var manifest = SweepManifest(
      SweepRequest(
        scenario: try Self.scenario(), scenarioReference: "default", days: 3, seeds: 1...3, strategies: [.mirrorsmokerLegacy, .converged]),
      lines: 6)
    manifest.tzdata = "test"
    let lines = [
      Self.line(3, "mirrorsmoker-legacy", [("tally", "rollover", 2)], stale: 9_000, coverage: [Self.lost, Self.kill]),
      Self.line(1, "converged", [], stale: 500, expected: true, coverage: [Self.late]),
      Self.line(1, "mirrorsmoker-legacy", [("tally", "convergence", 4), ("tally", "rollover", 1)], stale: 9_000),
      Self.line(2, "converged", [("tally", "staleness", 1)], stale: 700, expected: true, coverage: [Self.late, Self.kill]),
      Self.line(2, "mirrorsmoker-legacy", [], stale: 100),
      Self.line(3, "converged", [], stale: 700, expected: true),
    ]
    let report = SweepReport(manifest: manifest, lines: lines)
    #expect(report.strategies.map(\.convergedBasisPoints) == [6_666, 3_333])
    #expect(report.strategies.map(\.firstFailingSeed) == [2, 1])
    #expect(report.failsExpectation)
    let rollover = try #require(report.violations.first { $0.invariant == "rollover" })
    #expect(rollover.seeds == 2 && rollover.occurrences == 3 && rollover.firstSeeds == [1, 3])
    #expect(report.violations.map(\.invariant) == ["staleness", "convergence", "rollover"])
    #expect(report.staleness.map(\.seed) == [2, 1])
    #expect(report.staleness.map(\.maxMilliseconds) == [700, 9_000])
    #expect(report.markdown.contains("| converged | to converge | 3 | 2 | 66.66 % | 2 |"), "\(report.markdown)")
    #expect(report.markdown.contains("Replay: `simulate --days 3 --seed 2 --scenario default --strategy converged --trace`"))
    // The coverage is the union of every line's cells, per strategy and over all of them.
    #expect(report.coverage.cells == [Self.kill, Self.late, Self.lost])
    #expect(report.coverageByStrategy.map(\.cellsReached) == [2, 2])
    #expect(report.markdown.contains("Reached over every seed and strategy: 3 of \(FaultCoverage.possibleCells.count) possible cells."))
    #expect(report.markdown.contains("| app | process | app kills | reached | never | never |"), "\(report.markdown)")
    #expect(report.markdown.contains("app/process/app kills: after-boundary, away-from-boundary"))
    #expect(!report.markdown.contains("watch/sendMessage/lost replies: away-from-boundary"))
    // Order of the lines does not matter.
    let shuffled = SweepReport(manifest: manifest, lines: lines.reversed())
    #expect(shuffled.markdown == report.markdown)
    #expect(try shuffled.json() == report.json())
  }

  @Test("a line round-trips through its JSON text")
  func lineRoundTrip() throws {
    let line = Self.line(7, "converged", [("steps", "rollover", 3)], stale: 42, coverage: [Self.lost, Self.kill])
    let text = line.jsonLine()
    #expect(!text.contains("\n"))
    #expect(text.contains(#""coverage":["app/process/app kills/before-boundary","watch/sendMessage/lost replies/away-from-boundary"]"#))
    #expect(try JSONDecoder().decode(SweepLine.self, from: Data(text.utf8)) == line)
  }
}
