import KernelConsumer
import Testing

@Suite("A kernel consumer pinning Yams 5")
struct BudgetTests {
  @Test("5 000 less 12.50 and 1 234.56 is 3 752.94, written as Pulpe writes CHF")
  func remaining() throws {
    let yaml = """
      income: "5000.00"
      expenses: ["12.50", "1234.56"]
      """
    #expect(try Budget.remaining(of: yaml) == "3’752.94 CHF")
  }

  @Test("a file without an income, or with an amount that is not money, is a typed error")
  func badFiles() {
    #expect(throws: BudgetFileError.missingIncome) { try Budget.remaining(of: "expenses: []") }
    #expect(throws: BudgetFileError.notMoney("12,50")) { try Budget.remaining(of: "income: \"12,50\"") }
  }
}
