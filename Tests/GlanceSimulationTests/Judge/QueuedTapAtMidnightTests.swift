import GlanceKernel
@testable import GlanceSimulation
import Testing

/// The miss of issue 34: a widget still showing yesterday's count after midnight went unreported
/// when a watch tap was queued for the phone at midnight and the widget had had a charged reload
/// in the pacing spacing before: the judge granted the "learned of a change in the background"
/// excuse although nothing was delivered. A paced reload excuses only a delivery that happened,
/// and never another day's figures past the rollover bound.
@Suite("A queued tap at midnight excuses nothing")
struct QueuedTapAtMidnightTests {
  /// The converged tally with a widget that plans no midnight entry: one entry, reloaded in an
  /// hour (the legacy providers' shape), so yesterday's count stays on screen after midnight.
  struct NoMidnightEntry: Mutant {
    static let name = "mutant-no-midnight-entry"
    var inner: ConvergedTally
    func timeline(of widget: WidgetID, world: World) -> WidgetTimeline {
      let planned = inner.timeline(of: widget, world: world)
      guard let first = planned.entries.first else { return planned }
      return .single(first.display, now: world.now, reloadAfter: Instant.millisecondsPerHour)
    }
  }

  /// An evening in Zurich (UTC+1 on 10 March 2026), worked out so that at midnight a watch tap is
  /// queued and the widget's last charged reload is less than a pacing spacing (2 × 24 h / 70 ≈
  /// 41 min) old:
  /// - 20:00 the app is opened for two minutes, 20:00:30 a tap in the app (the widget shows 1);
  /// - 23:30 a watch tap, delivered in the background: the widget's paced, charged reload shows 2;
  /// - 23:50 to 00:40 the watch is out of range; 23:58 a watch tap, queued for the phone;
  /// - midnight: the widget, with no entry for it, still shows 2 (then 3 once its hourly reload
  ///   comes); the truth of the new day is 0.
  static func evening() throws -> Scenario {
    var scenario = try ScenarioLoader.builtIn(named: "default")
    scenario.domains = [.tally]
    let at = { (text: String) throws -> Instant in try #require(InstantText.parse(text)) }
    scenario.script = Script(
      actions: [
        ScriptedAction(at: try at("2026-03-10T19:00:00.000Z"), kind: .appOpen(minutes: 2, fromWidget: false)),
        ScriptedAction(at: try at("2026-03-10T19:00:30.000Z"), kind: .appTap),
        ScriptedAction(at: try at("2026-03-10T22:30:00.000Z"), kind: .watchTap),
        ScriptedAction(at: try at("2026-03-10T22:58:00.000Z"), kind: .watchTap),
      ],
      outOfRange: [OutOfRangeSpell(from: try at("2026-03-10T22:50:00.000Z"), until: try at("2026-03-10T23:40:00.000Z"))])
    return scenario
  }

  @Test("yesterday's count on the widget after midnight is a rollover, on every seed")
  func queuedTapExcusesNothing() throws {
    let scenario = try Self.evening()
    for seed in UInt64(1)...10 {
      let result = try Simulation.run(design: NoMidnightEntry.self, scenario: scenario, days: 2, seed: seed)
      let rollover = try #require(result.violation(.rollover), "seed \(seed): \(result.violations.map(\.invariant))")
      #expect(rollover.surface == .widget, "seed \(seed)")
      #expect(rollover.detail.contains("another day's figures"), "seed \(seed): \(rollover.detail)")
    }
  }

  @Test("the converged widget, with its midnight entry, passes the same evening")
  func convergedPasses() throws {
    let scenario = try Self.evening()
    for seed in UInt64(1)...10 {
      let result = try Simulation.run(design: ConvergedTally.self, scenario: scenario, days: 2, seed: seed)
      #expect(result.converged, "seed \(seed): \(result.violations.map(\.detail))")
    }
  }
}
