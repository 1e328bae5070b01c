import Testing

@testable import GlanceSimulation

@Suite("MarkupText: escaping for report.html")
struct MarkupTextTests {
  @Test(
    "the five markup characters become entities, everything else stays",
    arguments: [
      ("plain text", "plain text"),
      ("a < b > c", "a &lt; b &gt; c"),
      ("Tom & Jerry", "Tom &amp; Jerry"),
      ("say \"hi\"", "say &quot;hi&quot;"),
      ("it's", "it&#39;s"),
      ("<script>alert('x')</script>", "&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;"),
      // Already-escaped text is escaped again: the page shows what the outcome said.
      ("&amp;", "&amp;amp;"),
      ("1’790.00 CHF → 6’790.00 CHF ×3", "1’790.00 CHF → 6’790.00 CHF ×3"),
      ("tab\tline\nreturn\r", "tab\tline\nreturn\r"),
    ])
  func escapesMarkup(input: String, expected: String) {
    #expect(MarkupText.escaped(input) == expected)
  }

  @Test("control characters HTML does not allow become U+FFFD")
  func replacesControlCharacters() {
    #expect(MarkupText.escaped("a\u{0}b\u{1B}c\u{7F}d\u{85}e") == "a\u{FFFD}b\u{FFFD}c\u{FFFD}d\u{FFFD}e")
  }

  @Test("an escaped text holds no markup character, and every & starts an entity")
  func escapedTextHasNoMarkup() {
    let hostile = "<a href=\"x\" onclick='y'>&copy; &#60; ]]> </a>"
    let escaped = MarkupText.escaped(hostile)
    #expect(!escaped.contains("<"))
    #expect(!escaped.contains(">"))
    #expect(!escaped.contains("\""))
    #expect(!escaped.contains("'"))
    let entities = ["&amp;", "&lt;", "&gt;", "&quot;", "&#39;"]
    var rest = Substring(escaped)
    while let ampersand = rest.firstIndex(of: "&") {
      let tail = rest[ampersand...]
      #expect(entities.contains { tail.hasPrefix($0) }, "a bare & at \(tail.prefix(8))")
      rest = tail.dropFirst()
    }
  }

  @Test(
    "identifiers keep ASCII letters and digits, lowercased, joined by single dashes",
    arguments: [
      ("mirrorsmoker-legacy tally no-lost-write", "mirrorsmoker-legacy-tally-no-lost-write"),
      ("Converged  Budget__refresh-budget", "converged-budget-refresh-budget"),
      ("  <odd> \"name\" ", "odd-name"),
      ("converged-tally.svg", "converged-tally-svg"),
      ("café", "caf"),
    ])
  func identifiers(input: String, expected: String) {
    #expect(MarkupText.identifier(input) == expected)
  }
}
