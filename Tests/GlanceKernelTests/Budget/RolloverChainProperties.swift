import GlanceKernel
import GlanceTestSupport
import PropertyBased
import Testing

/// The laws of ``RolloverChain`` on random budget sets given in random order, with gaps between
/// periods, year boundaries, missing deltas and deltas far beyond `Int64`.
@Suite("Rollover chain properties")
struct RolloverChainProperties {
  /// One generated chain: the budgets in period order, and the same budgets shuffled.
  struct ChainCase: Sendable, CustomStringConvertible {
    let ordered: [RolloverChain.BudgetDelta]
    let shuffled: [RolloverChain.BudgetDelta]

    var description: String {
      "budgets "
        + ordered.map { "\($0.id)@\($0.period)=\($0.ownDelta?.description ?? "nil")" }
        .joined(separator: ", ")
    }
  }

  /// Up to 24 budgets with strictly increasing periods (gaps of 1 to 14 months from a start
  /// between 1916 and 2083); one delta in five is `nil`; the input order is a shuffle.
  static var chains: Generator<ChainCase, some SendableSequenceType> {
    zip(
      Gen.int(in: 23_000...25_000),
      zip(Gen.int(in: 1...14), Gen.int(in: 0...4), MoneyGen.money).array(of: 0...24),
      Gen.uint64()
    ).map { start, specs, seed in
      var monthIndex = start
      var ordered: [RolloverChain.BudgetDelta] = []
      for (index, spec) in specs.enumerated() {
        monthIndex += spec.0
        do {
          let period = try BudgetPeriod(year: monthIndex / 12, month: monthIndex % 12 + 1)
          ordered.append(
            try RolloverChain.BudgetDelta(
              id: "b\(index)", period: period, ownDelta: spec.1 == 0 ? nil : spec.2))
        } catch {
          preconditionFailure("generator built an invalid budget: \(error)")
        }
      }
      var generator = SplitMix64(seed: seed)
      return ChainCase(ordered: ordered, shuffled: ordered.shuffled(using: &generator))
    }
  }

  @Test("rollover is the running sum of earlier deltas in period order, whatever the input order")
  func rolloverIsRunningSum() async {
    await propertyCheck(count: 1000, input: Self.chains) { chain in
      let built = try RolloverChain(budgets: chain.shuffled, currency: .chf)
      #expect(built.balances.map(\.budgetID) == chain.ordered.map(\.id))
      var running = Money.zero(.chf)
      var previous: String?
      for (budget, balance) in zip(chain.ordered, built.balances) {
        let delta = budget.ownDelta ?? .zero(.chf)
        #expect(balance.rollover == running)
        #expect(balance.ownDelta == delta)
        #expect(balance.availableToSpend == running + delta)
        #expect(balance.previousBudgetID == previous)
        #expect(try built.balance(of: budget.id) == balance)
        running += delta
        previous = budget.id
      }
    }
  }

  @Test("the input order does not change the chain")
  func inputOrderDoesNotMatter() async {
    await propertyCheck(count: 500, input: Self.chains) { chain in
      let fromShuffled = try RolloverChain(budgets: chain.shuffled, currency: .chf)
      let fromOrdered = try RolloverChain(budgets: chain.ordered, currency: .chf)
      #expect(fromShuffled == fromOrdered)
    }
  }

  @Test(
    "a year closes on the running sum up to its last budget (0 without one), not on its own nets")
  func yearClosingIsCumulative() async {
    await propertyCheck(count: 500, input: Self.chains) { chain in
      let built = try RolloverChain(budgets: chain.shuffled, currency: .chf)
      let years = Set(chain.ordered.map(\.period.year))
      let probe = (years.min() ?? 2000) - 1...(years.max() ?? 2000) + 1
      for year in probe {
        var running = Money.zero(.chf)
        var closing = Money.zero(.chf)
        for budget in chain.ordered where budget.period.year <= year {
          running += budget.ownDelta ?? .zero(.chf)
          if budget.period.year == year { closing = running }
        }
        #expect(built.yearClosingBalance(year: year) == closing, "year \(year)")
      }
    }
  }
}
