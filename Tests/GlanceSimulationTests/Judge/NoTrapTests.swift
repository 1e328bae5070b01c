import GlanceKernel
@testable import GlanceSimulation
import GlanceSync
import Testing

/// No trap is reachable from a design (issue 34): whatever a design returns or does becomes a
/// violation named after what was wrong, or a typed error, never a process stop. Each design
/// below is the converged tally with one wrong thing a user's design may do.
@Suite("No trap reachable from a design")
struct NoTrapTests {
  /// Two days of the default scenario, the tally alone.
  static func run<Design: SyncDesign>(_ design: Design.Type) throws(SimulationError) -> StrategyResult {
    var scenario: Scenario
    do {
      scenario = try ScenarioLoader.builtIn(named: "default")
    } catch {
      preconditionFailure("the built-in default scenario loads: \(error)")
    }
    scenario.domains = [.tally]
    return try Simulation.run(design: design, scenario: scenario, days: 2, seed: 42)
  }

  /// A timeline planned from the start of the day plus 86,400 s, which is already past: its
  /// second entry is dated before its first.
  struct UnsortedTimeline: Mutant {
    static let name = "unsorted-timeline"
    var inner: ConvergedTally
    func timeline(of widget: WidgetID, world: World) -> WidgetTimeline {
      let planned = inner.timeline(of: widget, world: world)
      guard let first = planned.entries.first else { return planned }
      let stale = WidgetTimeline.Entry(date: world.today.start.advanced(by: -1), display: first.display)
      return WidgetTimeline(entries: [first, stale], policy: planned.policy)
    }
  }

  @Test("an unsorted timeline stops the run with a typed error naming the widget and the entries")
  func unsortedTimeline() {
    do {
      _ = try Self.run(UnsortedTimeline.self)
      Issue.record("the run finished")
    } catch {
      guard case .designFault(let strategy, let domain, _, .timelineOutOfOrder(let widget, let index, let date, let previous)) = error
      else {
        Issue.record("another error: \(error)")
        return
      }
      #expect(strategy == "unsorted-timeline" && domain == "tally" && widget == .main && index == 1)
      #expect(date < previous)
      #expect(error.description.contains("the widget's timeline is out of date order: entry 1"), "\(error)")
    }
  }

  /// A timeline with no entry at all, and one whose only entry is an hour old.
  struct EmptyOrPastTimeline: Mutant {
    static let name = "empty-or-past-timeline"
    var inner: ConvergedTally
    func timeline(of widget: WidgetID, world: World) -> WidgetTimeline {
      let planned = inner.timeline(of: widget, world: world)
      guard let first = planned.entries.first else { return planned }
      // Alternate by the hour: an empty timeline, or one entry dated an hour ago.
      let hour = world.now.millisecondsSince1970 / Instant.millisecondsPerHour
      guard hour % 2 == 0 else { return WidgetTimeline(entries: [], policy: planned.policy) }
      return WidgetTimeline(
        entries: [.init(date: world.now.advanced(by: -Instant.millisecondsPerHour), display: first.display)], policy: planned.policy)
    }
  }

  @Test("an empty timeline, or an entry in the past, is played as WidgetKit plays it: no trap")
  func emptyAndPastTimelines() throws {
    let result = try Self.run(EmptyOrPastTimeline.self)
    #expect(result.acceptedActions > 0)
  }

  /// The app shows the widget's badge: a display of another kind than the app's.
  struct WrongKind: Mutant {
    static let name = "wrong-kind"
    var inner: ConvergedTally
    func display(on surface: Surface, world: World) -> Display {
      let shown = inner.display(on: surface, world: world)
      guard surface == .app, case .tally(let summary) = shown else { return shown }
      return .tallyBadge(TallyBadge(count: summary.count, limit: PersonSettings.tallyDailyLimit))
    }
  }

  @Test("a display of another kind is a violation whose field is its kind")
  func wrongKind() throws {
    let result = try Self.run(WrongKind.self)
    let violation = try #require(result.violation(.convergence), "\(result.violations.map(\.invariant))")
    #expect(violation.field == "kind")
    #expect(violation.detail.contains("app.kind: expected tally, found tally badge"), "\(violation.detail)")
  }

  /// The app's engine throws: a payload over its channel's bound that the design let through.
  struct ThrowingEngine: Mutant {
    static let name = "throwing-engine"
    var inner: ConvergedTally
    mutating func perform(_ deed: Deed, of action: PlannedAction, world: inout World) {
      inner.perform(deed, of: action, world: &world)
      let link = inner.platform.phoneLink
      inner.platform.run(&world) {
        try link.send([UInt8](repeating: 0, count: PeerChannel.transferUserInfo.payloadBytesMax + 1), on: .transferUserInfo)
      }
    }
  }

  @Test("an engine that throws out of SimulatedPlatform.run stops the run with a typed error")
  func throwingEngine() {
    #expect {
      _ = try Self.run(ThrowingEngine.self)
    } throws: { error in
      guard let error = error as? SimulationError, case .designFault(_, _, _, .engineThrew(let text)) = error else { return false }
      return text.contains("payload") || text.contains("bytes")
    }
  }

  /// A reply with no message to answer, and a wake asked for an instant already past.
  struct StrayCalls: Mutant {
    static let name = "stray-calls"
    var inner: ConvergedTally
    var replied = false
    init(inner: ConvergedTally) { self.inner = inner }
    mutating func perform(_ deed: Deed, of action: PlannedAction, world: inout World) {
      inner.perform(deed, of: action, world: &world)
      world.scheduleWake(at: world.now.advanced(by: -Instant.millisecondsPerHour), for: .pacedReload)
      if action.kind == .appTap, !replied {
        replied = true
        world.reply("nothing to answer")
      }
    }
  }

  @Test("a wake in the past runs now; a reply outside a delivery is a typed error")
  func strayCalls() {
    #expect(throws: SimulationError.self) { _ = try Self.run(StrayCalls.self) }
    do {
      _ = try Self.run(StrayCalls.self)
    } catch {
      guard case .designFault(_, _, _, .replyOutsideDelivery) = error else {
        Issue.record("another error: \(error)")
        return
      }
    }
  }
}
