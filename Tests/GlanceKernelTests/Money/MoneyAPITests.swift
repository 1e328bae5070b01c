import Foundation
import GlanceKernel
import Testing

@Suite("Money API rules")
struct MoneyAPITests {
  /// The money and budget sources, read from the checkout next to this file.
  static func moneySources() throws -> [(name: String, text: String)] {
    let tests = URL(fileURLWithPath: #filePath)  // …/Tests/GlanceKernelTests/Money/MoneyAPITests.swift
    let root = tests.deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent()
    return try ["Money", "Budget"].flatMap { folder in
      let directory = root.appendingPathComponent("Sources/GlanceKernel/\(folder)")
      let names = try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
      return try names.filter { $0.hasSuffix(".swift") }.map { name in
        ("\(folder)/\(name)", try String(contentsOf: directory.appendingPathComponent(name), encoding: .utf8))
      }
    }
  }

  @Test("no Double, Float or Decimal appears anywhere in the money and budget sources")
  func noFloatingPointInMoney() throws {
    let sources = try Self.moneySources()
    try #require(sources.count >= 10, "found only \(sources.map(\.name))")
    // Whole words: the types, not names that merely contain one (`DecimalSeparator`).
    let forbidden = try ["Double", "Float", "CGFloat", "Float80", "Float16", "NSNumber", "Decimal"].map {
      (word: $0, regex: try Regex("\\b\($0)\\b"))
    }
    for (name, text) in sources {
      for (lineNumber, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
        let code = line.split(separator: "//", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
        for (word, regex) in forbidden where code.contains(regex) {
          Issue.record("\(name):\(lineNumber + 1) uses \(word): \(line)")
        }
      }
    }
  }

  @Test("the public entry points named by the issue exist with their shapes")
  func entryPointsExist() throws {
    let amount = Money(minorUnits: 123_450, currency: .chf)
    let canonical: (String, Currency) throws(MoneyParseError) -> Money = Money.init(canonical:currency:)
    let parse: (String, Currency) throws(MoneyParseError) -> Money = Money.parse(userInput:currency:)
    #expect(try canonical("1234.50", .chf) == amount)
    #expect(try parse("1’234.50 CHF", .chf) == amount)
    #expect(amount.description == "1234.50")
    #expect((-amount).description == "-1234.50")
    #expect(amount.formatted(.full) == "1’234.50 CHF")
    #expect(try amount.allocated(byWeights: [1, 1]) == [.chf(61_725), .chf(61_725)])
    #expect(amount.multiplied(by: Ratio(numerator: 1, denominator: 2), rounding: .halfUp) == .chf(61_725))
    #expect(amount.roundedToCash(rounding: .halfUp) == amount)
  }
}
