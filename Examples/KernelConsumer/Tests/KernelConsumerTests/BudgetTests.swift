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

  @Test("amounts beyond Int64 are exact without GMP (worked by hand)")
  func beyondInt64() throws {
    let yaml = """
      income: "100000000000000000000.00"
      expenses: ["0.01", "99999999999999999999.99"]
      """
    #expect(try Budget.remaining(of: yaml) == "0.00 CHF")
    let huge = """
      income: "123456789012345678901234567890.12"
      expenses: ["0.13"]
      """
    #expect(try Budget.remaining(of: huge) == "123’456’789’012’345’678’901’234’567’889.99 CHF")
  }

  @Test("a file without an income, or with an amount that is not money, is a typed error")
  func badFiles() {
    #expect(throws: BudgetFileError.missingIncome) { try Budget.remaining(of: "expenses: []") }
    #expect(throws: BudgetFileError.notMoney("12,50")) { try Budget.remaining(of: "income: \"12,50\"") }
  }
}
