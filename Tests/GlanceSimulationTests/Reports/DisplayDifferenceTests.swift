import GlanceKernel
@testable import GlanceSimulation
import Testing

/// Two displays that differ are told apart field by field: the judge never meets unequal
/// displays with nothing to name (it stopped the simulator once, on BabySteps' next step).
@Suite("Display differences")
struct DisplayDifferenceTests {
  static func display(_ completions: [StepID: Instant]) throws -> Display {
    let calendar = try ZoneCalendar(identifier: "Europe/Zurich")
    let now = Instant(millisecondsSince1970: 1_773_907_200_000)
    let snapshot = StepsSnapshot(progress: StepsPlan.progress(StepsPlan.tasks, completions), asOf: now, calendar: calendar)
    return .steps(StepsDisplay(snapshot: snapshot, at: now, calendar: calendar))
  }

  @Test("the next step's task with one more step done (same text, step 1/4) is a difference named next.completedCount")
  func nextStepCompletedCount() throws {
    let yesterday = Instant(millisecondsSince1970: 1_773_700_000_000)
    // Task 1's step 1 stays open; its steps 3, then 3 and 4, are done (days ago: today's counts agree).
    let steps = StepsPlan.tasks.flatMap(\.steps)
    let one = try Self.display([steps[2]: yesterday])
    let two = try Self.display([steps[2]: yesterday, steps[3]: yesterday.advanced(by: 1)])
    let differences = two.differences(from: one)
    #expect(differences.contains { $0.field == "next.completedCount" }, "\(differences)")
    #expect(one.differences(from: one).isEmpty)
  }
}
