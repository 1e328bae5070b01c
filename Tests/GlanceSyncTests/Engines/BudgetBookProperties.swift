import GlanceKernel
import GlanceSync
import GlanceTestSupport
import Testing

/// `BudgetBook.spent` places each expense by a binary search over the periods' first instants;
/// the reference places it by its local date, one calendar lookup each.
@Suite("BudgetBook")
struct BudgetBookProperties {
  static func naive(
    _ book: BudgetBook, _ expenses: [(instant: Instant, amount: Money)], in calendar: ZoneCalendar
  )
    -> [BudgetPeriod: Money]
  {
    var spent: [BudgetPeriod: Money] = [:]
    for expense in expenses { spent[book.period(at: expense.instant, in: calendar), default: .zero(.chf)] += expense.amount }
    return spent
  }

  @Test(
    "sums by period equal the sums by local date, in zones with DST, skipped days and date-line jumps",
    arguments: ["Europe/Zurich", "Pacific/Apia", "America/Sao_Paulo", "Asia/Kathmandu", "Pacific/Kiritimati"])
  func spentAgreesWithLocalDates(zone: String) throws {
    let calendar = try ZoneCalendar(identifier: zone)
    for seed in UInt64(1)...30 {
      var random = GlanceTestSupport.SplitMix64(seed: seed)
      let payDay = random.below(31) + 1
      let book = BudgetBook(
        payDay: try PayDay(payDay), firstPeriod: try BudgetPeriod(year: 2011, month: 1),
        income: Money(minorUnits: Int64(500_000), currency: .chf))
      // Around Apia's skipped 30 December 2011, and spread over two years.
      let origin: Int64 = 1_324_000_000_000
      let expenses = (0..<random.below(120)).map { _ in
        (
          instant: Instant(millisecondsSince1970: origin + Int64(random.below(730 * 24)) * 3_600_000 + Int64(random.below(3_600_000))),
          amount: Money(minorUnits: Int64(random.below(10_000) + 1), currency: .chf)
        )
      }
      #expect(book.spent(expenses, in: calendar) == Self.naive(book, expenses, in: calendar), "\(zone), seed \(seed), pay day \(payDay)")
    }
  }
}
