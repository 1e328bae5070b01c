import GlanceKernel
@testable import GlanceSimulation
import GlanceTestSupport
import GlanceSync
import Testing

/// The folded sums equal the book's sums from scratch, whatever came and went before.
@Suite("Period sums")
struct PeriodSumsTests {
  @Test("after appends, removals and edits (counted as rewrites) and zone changes, the sums equal BudgetBook.spent's")
  func foldedEqualsFromScratch() throws {
    let scenario = try SimulationFixtures.scenario("default")
    let book = BudgetBook(scenario: scenario)
    let zones = [try ZoneCalendar(identifier: "Europe/Zurich"), try ZoneCalendar(identifier: "Pacific/Kiritimati")]
    let start = try #require(zones[0].dayInterval(of: scenario.start)).start
    var sawRestart = false
    for seed in UInt64(1)...40 {
      var random = GlanceTestSupport.SplitMix64(seed: seed)
      let sums = PeriodSums()
      var expenses: [(instant: Instant, amount: Money)] = []
      var version = 0
      var rewrites = 0
      var zone = zones[0]
      for _ in 0..<120 {
        switch random.below(10) {
        case 0 where !expenses.isEmpty:
          expenses.remove(at: random.below(expenses.count))
          rewrites += 1
          sawRestart = true
        case 1 where !expenses.isEmpty:
          expenses[random.below(expenses.count)].amount = Money(minorUnits: Int64(random.below(9_000) + 5), currency: .chf)
          rewrites += 1
        case 2:
          zone = zones[random.below(2)]
        default:
          // Around a pay day, so that neighbouring instants fall in two periods.
          let instant = start.advanced(by: Int64(random.below(90 * 24)) * Instant.millisecondsPerHour)
          expenses.append((instant, Money(minorUnits: Int64(random.below(9_000) + 5), currency: .chf)))
        }
        version += 1
        var read: [Int] = []
        let folded = sums.sums(
          version: version, rewrites: rewrites, count: expenses.count,
          expense: { index in
            read.append(index)
            return expenses[index]
          }, in: zone, book: book)
        #expect(folded == book.spent(expenses, in: zone), "seed \(seed)")
        // An append reads the new expense (and the last one, for the debug check), not every one.
        #expect(read.count <= expenses.count + 2, "seed \(seed)")
        // The same version reads nothing.
        var readAgain = false
        let again = sums.sums(
          version: version, rewrites: rewrites, count: expenses.count,
          expense: { index in
            readAgain = true
            return expenses[index]
          }, in: zone, book: book)
        #expect(again == folded)
        #expect(!readAgain, "seed \(seed)")
      }
    }
    #expect(sawRestart, "the premise: removals start the fold over")
  }
}
