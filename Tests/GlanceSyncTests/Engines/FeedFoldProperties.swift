import Foundation
import GlanceKernel
@testable import GlanceSync
import GlanceTestSupport
import Testing

/// The engines' folds of a log's change feed (the budget's sums by period, the tally's live
/// adds, the steps' progress) equal what the whole log gives, whatever the order of the events,
/// tombstones before their targets included, and whether or not the log hands out its feed.
@Suite("Change-feed folds")
struct FeedFoldProperties: NumberedIDs {
  static let base = [
    StepTask(id: task(0), title: "Walk", order: 0, steps: [step(0), step(1)]),
    StepTask(id: task(1), title: "Read", order: 1, steps: [step(2)]),
  ]

  @Test("after every write, each fold (and one made anew) equals the figures of the whole log")
  func foldsEqualTheWholeLog() throws {
    let calendar = try ZoneCalendar(identifier: "Europe/Zurich")
    let book = BudgetBook(
      payDay: try PayDay(25), firstPeriod: try BudgetPeriod(year: 2026, month: 1),
      income: Money(minorUnits: Int64(500_000), currency: .chf))
    let origin: Int64 = 1_767_225_600_000  // 2026-01-01
    var sawRemovedBeforeArrival = false
    for seed in UInt64(1)...40 {
      var random = GlanceTestSupport.SplitMix64(seed: seed)
      let log = FeedLog()
      log.keepsFeed = seed % 5 != 0
      let sums = ExpenseSums()
      let tally = LiveAddTally()
      let progress = StepProgressFold()
      // The events are drawn first, then written in a shuffled order, some in batches.
      var drawn: [Event] = []
      for number in 0..<150 {
        let id = EventID(Self.uuid(9, number))
        let instant = Instant(millisecondsSince1970: origin + Int64(random.below(90 * 24)) * 3_600_000)
        let kind: EventKind
        switch random.below(10) {
        case 0, 1: kind = .expense(amount: Money(minorUnits: Int64(random.below(9_000) + 5), currency: .chf), note: "x")
        case 2, 3: kind = .add
        case 4: kind = .complete(step: Self.step(random.below(4)))
        case 5: kind = .uncomplete(step: Self.step(random.below(4)))
        case 6: kind = .defineStep(Self.step(3), task: Self.task(random.below(2)), order: random.below(3))
        case 7 where !drawn.isEmpty:
          kind = .remove(target: drawn[random.below(drawn.count)].id)
        case 7: kind = .add
        default:
          // A tombstone of an event drawn later, or of one never drawn.
          kind = .remove(target: EventID(Self.uuid(9, number + 1 + random.below(40))))
        }
        drawn.append(Event(id: id, kind: kind, instant: instant, origin: .app))
      }
      for index in drawn.indices.reversed() {
        let other = random.below(index + 1)
        drawn.swapAt(index, other)
      }
      var next = 0
      while next < drawn.count {
        let batch = min(drawn.count - next, 1 + random.below(3))
        _ = try log.receive(Array(drawn[next..<(next + batch)]))
        next += batch
        let replica = log.replica()
        #expect(
          try sums.spent(of: log, book: book, in: calendar) == book.spent(BudgetBook.expenses(of: replica), in: calendar),
          "seed \(seed), \(next) events")
        #expect(try tally.tally(of: log) == (log.keepsFeed ? replica.tally : nil), "seed \(seed), \(next) events")
        // A fold made now (an app relaunched) reads the whole log at once.
        #expect(try LiveAddTally().tally(of: log) == (log.keepsFeed ? replica.tally : nil), "seed \(seed), \(next) events")
        #expect(
          try ExpenseSums().spent(of: log, book: book, in: calendar) == book.spent(BudgetBook.expenses(of: replica), in: calendar),
          "seed \(seed), \(next) events")
        let whole = try StepProgress(tasks: replica.stepTasks(startingWith: Self.base), completions: replica.stepCompletions)
        #expect(try progress.progress(of: log, base: Self.base) == whole, "seed \(seed), \(next) events")
      }
      let replica = log.replica()
      sawRemovedBeforeArrival =
        sawRemovedBeforeArrival
        || replica.events.contains { event in
          if case .remove(let target) = event.kind { return replica.contains(target) }
          return false
        }
    }
    #expect(sawRemovedBeforeArrival, "the premise: tombstones of events in the log")
  }
}
