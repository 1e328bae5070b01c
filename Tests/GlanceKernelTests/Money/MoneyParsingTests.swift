import GlanceKernel
import PropertyBased
import Testing

@Suite("Money parsing")
struct MoneyParsingTests {
  /// Every form DESIGN lists as accepted, and a few more; the expected value is in Rappen.
  @Test(
    "lenient user input accepts the listed forms",
    arguments: [
      ("1’234.56", 123_456), ("1'234.56", 123_456), ("1234,56", 123_456), ("1 234.50", 123_450),
      ("12.–", 1200), ("12.-", 1200), ("12,—", 1200), ("CHF 12.50", 1250), ("12.50 CHF", 1250),
      ("-12.5", -1250), ("1,234.56", 123_456), ("1.234,56", 123_456), ("1’234’567.8", 123_456_780),
      ("1.234.567", 123_456_700), ("12.", 1200), (".5", 50), (",05", 5), ("+100", 10_000),
      ("−12", -1200), ("CHF -12.50", -1250), ("-CHF 12.50", -1250), ("chf12", 1200),
      ("  7  ", 700), ("0", 0), ("-0", 0), ("007.50", 750), ("1\u{00A0}234", 123_400),
      ("1\u{202F}234,5", 123_450), ("12.50CHF", 1250), ("1’234 CHF", 123_400),
    ] as [(String, Int64)])
  func acceptsListedForms(text: String, rappen: Int64) throws {
    let parsed = try Money.parse(userInput: text, currency: .chf)
    #expect(parsed == .chf(rappen), "\(text)")
  }

  /// Every form DESIGN lists as rejected, each with its typed error and position.
  @Test(
    "lenient user input rejects the listed forms with a typed error and position",
    arguments: [
      ("1,234.56,7", MoneyParseError.misplacedSeparator(".", position: 5)),
      ("1.2.3", .misplacedSeparator(".", position: 1)),
      ("1e3", .unexpectedCharacter("e", position: 1)),
      ("12.345", .ambiguousSeparator(".", position: 2)),
      ("1,234", .ambiguousSeparator(",", position: 1)),
      ("1’234.567", .tooManyFractionDigits(position: 8, count: 3)),
      ("0.125", .tooManyFractionDigits(position: 4, count: 3)),
      ("12.3456", .tooManyFractionDigits(position: 5, count: 4)),
      (".", .missingDigits(position: 0)),
      (",", .missingDigits(position: 0)),
      ("’", .missingDigits(position: 0)),
      ("-", .missingDigits(position: 1)),
      ("CHF", .missingDigits(position: 3)),
      ("", .empty),
      ("   ", .empty),
      ("12 EUR", .currencyMismatch(found: "EUR", expected: .chf, position: 3)),
      ("€ 12", .currencyMismatch(found: "€", expected: .chf, position: 0)),
      ("12-", .unexpectedCharacter("-", position: 2)),
      ("--12", .missingDigits(position: 1)),
      ("12 50", .misplacedSeparator(" ", position: 2)),
      ("1’2", .misplacedSeparator("’", position: 1)),
      ("12’", .misplacedSeparator("’", position: 2)),
      ("1’234,567’8", .misplacedSeparator(",", position: 5)),
      ("1..2", .misplacedSeparator(".", position: 2)),
      ("CHF 12 CHF", .unexpectedCharacter("C", position: 7)),
      ("١٢", .missingDigits(position: 0)),
      ("12abc", .unexpectedCharacter("a", position: 2)),
    ] as [(String, MoneyParseError)])
  func rejectsListedForms(text: String, error: MoneyParseError) {
    #expect(throws: error) { try Money.parse(userInput: text, currency: .chf) }
  }

  @Test("the error names the position and the reason in words")
  func errorDescriptionNamesPosition() {
    do {
      _ = try Money.parse(userInput: "1e3", currency: .chf)
      Issue.record("1e3 was accepted")
    } catch {
      #expect(error.position == 1)
      #expect(error.description == "unexpected character \"e\" at position 1")
    }
    let invisible = MoneyParseError.unexpectedCharacter("\u{0}", position: 0)
    #expect(invisible.description.contains("U+0000"))
  }

  @Test(
    "canonical form accepts exactly -?[0-9]+(.[0-9]{1,2})?",
    arguments: [
      ("0", 0), ("-0", 0), ("1234.5", 123_450), ("-1234.50", -123_450), ("00012.01", 1201),
      ("92233720368547758.07", Int64.max),
    ] as [(String, Int64)])
  func canonicalAccepts(text: String, rappen: Int64) throws {
    #expect(try Money(canonical: text, currency: .chf) == .chf(rappen))
  }

  @Test(
    "canonical form rejects everything else",
    arguments: [
      ("", MoneyParseError.empty), ("1.", .missingDigits(position: 2)),
      (".5", .unexpectedCharacter(".", position: 0)), ("1.234", .tooManyFractionDigits(position: 4, count: 3)),
      ("+1", .unexpectedCharacter("+", position: 0)), (" 1", .unexpectedCharacter(" ", position: 0)),
      ("1 ", .unexpectedCharacter(" ", position: 1)), ("1’234", .unexpectedCharacter("’", position: 1)),
      ("1,5", .unexpectedCharacter(",", position: 1)), ("1e3", .unexpectedCharacter("e", position: 1)),
      ("-", .missingDigits(position: 1)), ("--1", .unexpectedCharacter("-", position: 1)),
      ("é1", .unexpectedCharacter("é", position: 0)), ("1\u{301}", .unexpectedCharacter("1\u{301}", position: 0)),
      ("12 CHF", .unexpectedCharacter(" ", position: 2)),
    ] as [(String, MoneyParseError)])
  func canonicalRejects(text: String, error: MoneyParseError) {
    #expect(throws: error) { try Money(canonical: text, currency: .chf) }
  }

  @Test("canonical text round-trips at every size")
  func canonicalRoundTrip() async throws {
    await propertyCheck(count: 1000, input: MoneyGen.money) { amount in
      let text = amount.description
      let reread = try Money(canonical: text, currency: .chf)
      #expect(reread == amount)
    }
  }

  @Test("random Unicode never traps either parser")
  func randomUnicodeNeverTraps() async {
    // Any code point; the surrogates (which are not scalars) become U+FFFD.
    let anyScalar = Gen.uint32(in: 0...0x10FFFF).map { Unicode.Scalar($0) ?? "\u{FFFD}" }
    let interesting = Gen.element(of: Array("0123456789.,’' -−+–CHF€e\u{00A0}\u{301}"))
    let text = zip(anyScalar.map { Character($0) }, interesting, Gen.bool)
      .map { scalar, common, pickCommon -> Character in pickCommon ? common ?? "0" : scalar }
      .array(of: 0...24)
      .map { String($0) }
    await propertyCheck(count: 3000, input: text) { text in
      // Either parses or throws a typed error whose position lies within the text.
      do throws(MoneyParseError) {
        let amount = try Money.parse(userInput: text, currency: .chf)
        let reread = try Money(canonical: amount.description, currency: .chf)
        #expect(reread == amount)
      } catch {
        #expect(error.position >= 0 && error.position <= text.count, "\(error) for \(text.debugDescription)")
      }
      do throws(MoneyParseError) {
        _ = try Money(canonical: text, currency: .chf)
      } catch {
        #expect(error.position >= 0 && error.position <= text.count, "\(error) for \(text.debugDescription)")
      }
    }
  }

  @Test("Pulpe's parser traps are not repeated (pulpe.md §3)")
  func pulpeParserTrapsAreNotRepeated() throws {
    #expect(try Money.parse(userInput: "1,234.56", currency: .chf) == .chf(123_456))  // Pulpe: 1.23
    #expect(try Money.parse(userInput: "1.234,56", currency: .chf) == .chf(123_456))  // Pulpe: 1.23
    #expect(try Money.parse(userInput: "-50", currency: .chf) == .chf(-5000))  // Pulpe: 50
    #expect(throws: MoneyParseError.tooManyFractionDigits(position: 4, count: 3)) {
      try Money.parse(userInput: "0.005", currency: .chf)  // Pulpe: 0
    }
    #expect(throws: MoneyParseError.unexpectedCharacter("a", position: 1)) {
      try Money.parse(userInput: "1a2b3", currency: .chf)  // Pulpe: 123
    }
  }
}
