import Foundation
import GlanceKernel
import PropertyBased
import Testing

@Suite("AmountEntry properties")
struct AmountEntryProperties {
  /// What `Money.parse` says of a text, as a value.
  static func parsed(_ text: String, currency: Currency) -> Result<Money, MoneyParseError> {
    do throws(MoneyParseError) {
      return .success(try Money.parse(userInput: text, currency: currency))
    } catch {
      return .failure(error)
    }
  }

  /// The derived state agrees with `Money.parse`, the chips and `submit()`.
  static func expectConsistent(_ entry: AmountEntry, after action: AmountEntry.Action?) {
    let context = "\(entry.amountText.debugDescription) after \(String(describing: action))"
    #expect(entry.amountText.count <= AmountEntry.amountTextLengthMax, "\(context)")
    switch parsed(entry.amountText, currency: entry.currency) {
    case .success(let money):
      #expect(entry.amount == money, "\(context)")
      #expect(entry.amountError == nil, "\(context)")
      #expect(entry.visibleAmountError == nil, "\(context)")
      #expect(!entry.isAmountIncomplete, "\(context)")
    case .failure(.empty):
      #expect(entry.amount == nil, "\(context)")
      #expect(entry.amountError == nil, "\(context)")
      #expect(entry.visibleAmountError == nil, "\(context)")
    case .failure(let error):
      #expect(entry.amount == nil, "\(context)")
      #expect(entry.amountError == error, "\(context)")
      #expect(entry.visibleAmountError == (entry.isAmountIncomplete ? nil : error), "\(context)")
    }
    let chipAmounts = AmountEntry.quickAmounts.map {
      Money(minorUnits: Int64($0) * 100, currency: entry.currency)
    }
    if let chip = entry.selectedChip {
      #expect(AmountEntry.quickAmounts.contains(chip), "\(context)")
      #expect(
        entry.amount == Money(minorUnits: Int64(chip) * 100, currency: entry.currency), "\(context)"
      )
    } else {
      #expect(!chipAmounts.contains { $0 == entry.amount }, "\(context)")
    }
    do throws(AmountEntryError) {
      let expense = try entry.submit()
      #expect(entry.canSubmit, "\(context)")
      #expect(expense.amount == entry.amount, "\(context)")
      #expect(expense.amount.signum > 0, "\(context)")
      #expect(!expense.name.isEmpty, "\(context)")
      #expect(expense.name.first?.isWhitespace == false && expense.name.last?.isWhitespace == false)
      #expect(entry.name.contains(expense.name), "\(context)")
    } catch {
      #expect(!entry.canSubmit, "\(context): \(error)")
    }
  }

  @Test("random action sequences never trap and keep the derived state consistent")
  func derivedStateStaysConsistent() async {
    let sequences = zip(Gen.element(of: Currency.allCases), AmountEntryGen.actions)
    // How often each interesting state was reached, so that the property is not vacuous.
    var seen: [String: Int] = [:]
    await propertyCheck(count: 400, input: sequences) { currency, actions in
      var entry = AmountEntry(currency: currency ?? .chf)
      Self.expectConsistent(entry, after: nil)
      for action in actions {
        let before = entry
        do throws(AmountEntryError) {
          try entry.apply(action)
          if entry.canSubmit { seen["canSubmit", default: 0] += 1 }
          if entry.isAmountIncomplete { seen["incomplete", default: 0] += 1 }
          if entry.visibleAmountError != nil { seen["visibleError", default: 0] += 1 }
          if entry.selectedChip != nil { seen["selectedChip", default: 0] += 1 }
          if entry.amount?.isNegative == true { seen["negative", default: 0] += 1 }
        } catch {
          if case .amountTooLong = error { seen["refusedTooLong", default: 0] += 1 }
          if case .unknownQuickAmount = error { seen["refusedChip", default: 0] += 1 }
          // A refusal changes nothing, and only these actions can be refused.
          #expect(entry == before, "\(action) refused with \(error) but changed the state")
          switch (action, error) {
          case (.chip(let value), .unknownQuickAmount(let reported)):
            #expect(value == reported && !AmountEntry.quickAmounts.contains(value))
          case (.type, .amountTooLong(let length, let maximum)),
            (.paste, .amountTooLong(let length, let maximum)):
            #expect(length > maximum && maximum == AmountEntry.amountTextLengthMax)
          default:
            Issue.record("\(action) refused with unexpected \(error)")
          }
        }
        Self.expectConsistent(entry, after: action)
      }
    }
    let expected = [
      "canSubmit", "incomplete", "visibleError", "selectedChip", "negative", "refusedTooLong",
      "refusedChip",
    ]
    for key in expected {
      #expect(
        seen[key, default: 0] >= 10, "reached \(key) only \(seen[key, default: 0]) times: \(seen)")
    }
  }

  @Test("a chip always leaves exactly its value, replacing whatever was there")
  func chipReplacesTheAmount() async {
    let input = zip(
      Gen.element(of: Currency.allCases), AmountEntryGen.actions,
      Gen.element(of: AmountEntry.quickAmounts), Gen.element(of: AmountEntry.quickAmounts))
    await propertyCheck(count: 300, input: input) { currency, actions, first, second in
      let currency = currency ?? .chf
      var entry = AmountEntry(currency: currency)
      entry.applyIgnoringRefusals(actions)
      let name = entry.name
      for value in [first ?? 10, second ?? 20] {
        try entry.apply(.chip(value))
        #expect(entry.amount == Money(minorUnits: Int64(value) * 100, currency: currency))
        #expect(entry.amountText == String(value))
        #expect(entry.selectedChip == value)
        #expect(entry.amountError == nil)
        #expect(entry.name == name)
      }
    }
  }

  @Test("typing a formatted amount then a name submits exactly that amount, with no error shown")
  func typingAFormattedAmountSubmitsIt() async {
    let input = zip(AmountEntryGen.positiveAmount, AmountEntryGen.style, AmountEntryGen.name)
    await propertyCheck(count: 400, input: input) { amount, style, name in
      let text = amount.formatted(style)
      var entry = AmountEntry(currency: amount.currency)
      for character in text {
        try entry.apply(.type(character))
        #expect(
          entry.visibleAmountError == nil,
          "\(entry.amountText.debugDescription) shows \(String(describing: entry.visibleAmountError))"
        )
      }
      #expect(entry.amountText == text)
      #expect(entry.amount == amount)
      try entry.apply(.rename("Lunch" + name))
      let expense = try entry.submit()
      #expect(expense.amount == amount)
      #expect(expense.name.hasPrefix("Lunch"))
    }
  }

  @Test("typing the full format of any positive amount submits exactly it")
  func typingFullFormatSubmitsIt() async {
    await propertyCheck(count: 400, input: AmountEntryGen.positiveAmount) { amount in
      var entry = AmountEntry(currency: amount.currency)
      try entry.typeEach(amount.formatted(.full))
      try entry.apply(.rename("Groceries"))
      let expense = try entry.submit()
      #expect(expense == (try SubmittedExpense(amount: amount, name: "Groceries")))
    }
  }

  @Test("a keystroke then a backspace restores the text, unless the character joins the last one")
  func typeThenBackspaceRestores() async {
    let input = zip(AmountEntryGen.actions, AmountEntryGen.character)
    await propertyCheck(count: 400, input: input) { actions, character in
      var entry = AmountEntry(currency: .chf)
      entry.applyIgnoringRefusals(actions)
      let before = entry
      do throws(AmountEntryError) {
        try entry.apply(.type(character))
      } catch {
        #expect(entry == before)
        return
      }
      guard entry.amountText.count == before.amountText.count + 1 else { return }
      try entry.apply(.backspace)
      #expect(
        entry == before, "\(character.debugDescription) after \(before.amountText.debugDescription)"
      )
    }
  }

  @Test("a paste sets the text to exactly the pasted text, or is refused when too long")
  func pasteReplaces() async {
    let input = zip(AmountEntryGen.actions, AmountEntryGen.pasted)
    await propertyCheck(count: 400, input: input) { actions, pasted in
      var entry = AmountEntry(currency: .chf)
      entry.applyIgnoringRefusals(actions)
      let before = entry
      do throws(AmountEntryError) {
        try entry.apply(.paste(pasted))
        #expect(entry.amountText == pasted)
        #expect(entry.name == before.name)
      } catch {
        #expect(
          error == .amountTooLong(length: pasted.count, maximum: AmountEntry.amountTextLengthMax))
        #expect(entry == before)
      }
    }
  }

  @Test("a sheet survives a JSON round trip with the same derived state")
  func codableRoundTrip() async {
    let input = zip(Gen.element(of: Currency.allCases), AmountEntryGen.actions)
    await propertyCheck(count: 500, input: input) { currency, actions in
      var entry = AmountEntry(currency: currency ?? .chf)
      entry.applyIgnoringRefusals(actions)
      let data = try JSONEncoder().encode(entry)
      let decoded = try JSONDecoder().decode(AmountEntry.self, from: data)
      #expect(decoded == entry)
      #expect(decoded.amount == entry.amount)
      #expect(decoded.amountError == entry.amountError)
      #expect(decoded.canSubmit == entry.canSubmit)
    }
  }
}
