import GlanceKernel
@testable import GlanceSimulation
import Testing

/// `isIdentical(to:)` is the judge's shortcut for "compared this already": it must never call
/// two displays identical that are not equal, and it is identity, not equality.
@Suite("Display identity")
struct DisplayIdentityTests {
  static let calendar = try! ZoneCalendar(identifier: "Europe/Zurich")
  static let now = Instant(millisecondsSince1970: 1_773_907_200_000)

  /// Displays of every kind: a tally and its badge for two counts, and a steps display.
  static func displays() throws -> [Display] {
    var displays: [Display] = []
    for count in [1, 2] {
      let tally = Tally(instants: (0..<count).map { now.advanced(by: Int64(-$0) * 60_000) })
      let summary = TallySummary(tally: tally, at: now, in: calendar, limit: 10, streakLimit: 10)
      displays += [.tally(summary), .tallyBadge(TallyBadge(count: summary.count, limit: 10))]
    }
    let snapshot = StepsSnapshot(progress: StepsPlan.progress(StepsPlan.tasks, [:]), asOf: now, calendar: calendar)
    displays.append(.steps(StepsDisplay(snapshot: snapshot, at: now, calendar: calendar)))
    return displays
  }

  @Test("a copy is identical to its original, and identical displays are equal")
  func copiesAreIdentical() throws {
    let displays = try Self.displays()
    for display in displays {
      let copy = display
      #expect(copy.isIdentical(to: display))
    }
    for a in displays {
      for b in displays where a.isIdentical(to: b) { #expect(a == b) }
    }
  }

  @Test("equal displays made apart are not identical, and unequal ones never are")
  func identityIsNotEquality() throws {
    let first = try Self.displays()
    let second = try Self.displays()
    for (a, b) in zip(first, second) {
      #expect(a == b)
      #expect(!a.isIdentical(to: b))
    }
    for (i, a) in first.enumerated() {
      for (j, b) in first.enumerated() where i != j {
        #expect(a != b)
        #expect(!a.isIdentical(to: b))
      }
    }
  }
}
