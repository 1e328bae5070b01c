import GlanceKernel
@testable import GlanceSimulation
import Testing

/// The shrinker removes an app session with what is done inside it, its leaving included.
@Suite("Shrinking app sessions")
struct ShrinkSessionsTests {
  @Test("leaving the app belongs to its session and ends it: a tap after it stands alone")
  func leavingEndsTheUnit() throws {
    var scenario = try SimulationFixtures.scenario("default")
    let opened = try RunInputs.bounds(of: scenario, days: 1).start.advanced(by: Instant.millisecondsPerHour)
    let actions = [
      ScriptedAction(at: opened, kind: .appOpen(minutes: 1)),
      ScriptedAction(at: opened.advanced(by: 1_000), kind: .appTap),
      ScriptedAction(at: opened.advanced(by: 2_000), kind: .appLeave),
      ScriptedAction(at: opened.advanced(by: 3_000), kind: .appTap),
      ScriptedAction(at: opened.advanced(by: 4_000), kind: .appLeave),
      ScriptedAction(at: opened.advanced(by: 5_000), kind: .widgetTap),
    ]
    scenario.script = Script(actions: actions)
    let units = ShrinkSearch.sessions(ShrinkCandidate(scenario: scenario, days: 1))
    #expect(units == [Array(actions[0...2]), [actions[3]], [actions[4]], [actions[5]]])
  }
}
