import GlanceKernel
import PropertyBased

/// Builders for the budget examples: amounts in whole francs, ids as given.
enum BudgetFixture {
  /// `francs` CHF.
  static func chf(_ francs: Int64) -> Money { .chf(francs * 100) }

  static func line(
    _ id: String, _ kind: BudgetKind, _ francs: Int64, checked: Bool = false, rollover: Bool = false
  ) throws -> BudgetLine {
    try BudgetLine(
      id: id, kind: kind, amount: chf(francs), isChecked: checked, isRollover: rollover)
  }

  static func transaction(
    _ id: String, _ kind: BudgetKind, _ francs: Int64, on lineID: String? = nil,
    checked: Bool = false
  ) throws -> BudgetTransaction {
    try BudgetTransaction(
      id: id, kind: kind, amount: chf(francs), lineID: lineID, isChecked: checked)
  }

  static func metrics(
    _ lines: [BudgetLine], _ transactions: [BudgetTransaction] = [], rollover francs: Int64 = 0
  ) throws -> BudgetMetrics {
    try BudgetMetrics(lines: lines, transactions: transactions, rollover: chf(francs))
  }

  static func period(_ year: Int, _ month: Int) throws -> BudgetPeriod {
    try BudgetPeriod(year: year, month: month)
  }

  /// `percent / 100` as a usage percentage (`Ratio(percent)`).
  static func percent(_ value: Int) -> Ratio { Ratio(value) }
}

/// One generated budget: lines, transactions that point at them (or nowhere), and a rollover.
struct BudgetCase: Sendable, CustomStringConvertible {
  let lines: [BudgetLine]
  let transactions: [BudgetTransaction]
  let rollover: Money

  var description: String {
    let lineText = lines.map {
      "\($0.id):\($0.kind.rawValue) \($0.amount)\($0.isChecked ? " ✓" : "")\($0.isRollover ? " R" : "")"
    }
    let transactionText = transactions.map {
      "\($0.id):\($0.kind.rawValue) \($0.amount) → \($0.lineID ?? "free")\($0.isChecked ? " ✓" : "")"
    }
    return "lines \(lineText); transactions \(transactionText); rollover \(rollover)"
  }

  func metrics() throws -> BudgetMetrics {
    try BudgetMetrics(lines: lines, transactions: transactions, rollover: rollover)
  }

  /// Every amount and the rollover multiplied by `factor` (positive), ids and flags unchanged.
  func scaled(by factor: Int128) throws -> BudgetCase {
    BudgetCase(
      lines: try lines.map {
        try BudgetLine(
          id: $0.id, kind: $0.kind, amount: $0.amount.multiplied(by: factor),
          isChecked: $0.isChecked, isRollover: $0.isRollover)
      },
      transactions: try transactions.map {
        try BudgetTransaction(
          id: $0.id, kind: $0.kind, amount: $0.amount.multiplied(by: factor), lineID: $0.lineID,
          isChecked: $0.isChecked)
      },
      rollover: rollover.multiplied(by: factor))
  }

  /// The same budget with lines and transactions in reverse order.
  var reversed: BudgetCase {
    BudgetCase(lines: lines.reversed(), transactions: transactions.reversed(), rollover: rollover)
  }
}

/// Generators for budget properties. Amounts are built positive by mapping, never by filtering.
enum BudgetGen {
  static let kinds: [BudgetKind] = [.income, .expense, .saving]

  /// Positive amounts below 10 000 CHF.
  static var smallAmount: Generator<Money, some SendableSequenceType> {
    Gen.int64(in: 1...1_000_000).map { Money.chf($0) }
  }

  /// Positive amounts of any size: half small, half `|MoneyGen.money| + 0.01` (up to 10^78 CHF,
  /// around ±2^63 minor units, up to 2^100).
  static var anyAmount: Generator<Money, some SendableSequenceType> {
    zip(Gen.bool, Gen.int64(in: 1...1_000_000), MoneyGen.money).map { huge, small, any in
      huge ? any.magnitude + .chf(1) : .chf(small)
    }
  }

  /// A budget with up to 8 lines and 14 transactions whose amounts come from `small` or `any`.
  static var smallBudget: Generator<BudgetCase, some SendableSequenceType> {
    zip(
      zip(Gen.int(in: 0...2), smallAmount, Gen.bool, Gen.int(in: 0...5)).array(of: 0...8),
      zip(Gen.int(in: 0...2), smallAmount, Gen.bool, Gen.int(in: 0...20)).array(of: 0...14),
      Gen.bool, smallAmount
    ).map { budget(lineSpecs: $0, transactionSpecs: $1, negativeRollover: $2, rolloverAmount: $3) }
  }

  /// The same shape as ``smallBudget`` with amounts of any size.
  static var hugeBudget: Generator<BudgetCase, some SendableSequenceType> {
    zip(
      zip(Gen.int(in: 0...2), anyAmount, Gen.bool, Gen.int(in: 0...5)).array(of: 0...8),
      zip(Gen.int(in: 0...2), anyAmount, Gen.bool, Gen.int(in: 0...20)).array(of: 0...14),
      Gen.bool, anyAmount
    ).map { budget(lineSpecs: $0, transactionSpecs: $1, negativeRollover: $2, rolloverAmount: $3) }
  }

  /// Lines `l0…`; a transaction's target selector picks free (`nil` or `""`), a dangling id, or
  /// a line; one line in six is a rollover line.
  static func budget(
    lineSpecs: [(Int, Money, Bool, Int)], transactionSpecs: [(Int, Money, Bool, Int)],
    negativeRollover: Bool, rolloverAmount: Money
  ) -> BudgetCase {
    do {
      let lines = try lineSpecs.enumerated().map { index, spec in
        try BudgetLine(
          id: "l\(index)", kind: kinds[spec.0], amount: spec.1, isChecked: spec.2,
          isRollover: spec.3 == 0)
      }
      let transactions = try transactionSpecs.enumerated().map { index, spec in
        let target: String?
        switch spec.3 {
        case 0: target = nil
        case 1: target = ""
        case 2: target = "ghost"
        default: target = lines.isEmpty ? nil : lines[(spec.3 - 3) % lines.count].id
        }
        return try BudgetTransaction(
          id: "t\(index)", kind: kinds[spec.0], amount: spec.1, lineID: target, isChecked: spec.2)
      }
      return BudgetCase(
        lines: lines, transactions: transactions,
        rollover: negativeRollover ? -rolloverAmount : rolloverAmount)
    } catch {
      preconditionFailure("generator built an invalid budget: \(error)")
    }
  }
}
