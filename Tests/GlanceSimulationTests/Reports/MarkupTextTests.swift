import GlanceTestSupport
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

  /// The escaping as it was written first, scalar by scalar into a `String`: the oracle the
  /// byte-level escaping must equal.
  static func scalarByScalar(_ text: String) -> String {
    var result = ""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "&": result += "&amp;"
      case "<": result += "&lt;"
      case ">": result += "&gt;"
      case "\"": result += "&quot;"
      case "'": result += "&#39;"
      case "\t", "\n", "\r": result.unicodeScalars.append(scalar)
      default:
        let control =
          scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) || scalar.value == 0xFFFE || scalar.value == 0xFFFF
        result.unicodeScalars.append(control ? "\u{FFFD}" : scalar)
      }
    }
    return result
  }

  /// Scalars at every edge the byte-level escaping decides on: all of ASCII and Latin-1 (C0, DEL,
  /// C1 are `C2 80`…`C2 9F`), the other `C2` and `EF` sequences, U+FFFE, U+FFFF, the ends of the
  /// planes.
  static let edgeScalars: [Unicode.Scalar] =
    (Array(0...0x2FF) + Array(0xD780...0xD7FF) + Array(0xE000...0xE0FF) + Array(0xEF00...0xF0FF)
    + Array(0xFF00...0xFFFF) + [0x10000, 0x1F600, 0x10FFFE, 0x10FFFF]).compactMap { Unicode.Scalar(UInt32($0)) }

  @Test("escaped writes what the scalar-by-scalar escaping wrote, at every edge and at random")
  func matchesScalarByScalar() {
    for scalar in Self.edgeScalars {
      for text in [String(scalar), "a\(scalar)b", "\(scalar)\(scalar)&", "\u{C2}\(scalar)\u{EF}"] {
        #expect(MarkupText.escaped(text) == Self.scalarByScalar(text), "U+\(String(scalar.value, radix: 16))")
        #expect(MarkupText.escaped(text).utf8.elementsEqual(Self.scalarByScalar(text).utf8))
      }
    }
    var random = GlanceTestSupport.SplitMix64(seed: 23)
    for _ in 0..<2_000 {
      let length = random.below(12)
      let scalars = (0..<length).map { _ in Self.edgeScalars[random.below(Self.edgeScalars.count)] }
      let text = String(String.UnicodeScalarView(scalars))
      #expect(MarkupText.escaped(text).utf8.elementsEqual(Self.scalarByScalar(text).utf8), "\(text.unicodeScalars.map(\.value))")
    }
  }

  @Test("appendEscaped appends the UTF-8 of escaped, after what is there")
  func appendEscapedAppends() {
    for text in ["", "plain", "a < b & 'c'", "\u{0}\u{85}\u{FFFE}\u{FFFF}\u{FFFD}", "1’790.00 CHF → 6’790.00 CHF ×3"] {
      var bytes: [UInt8] = Array("x".utf8)
      MarkupText.appendEscaped(text, to: &bytes)
      #expect(bytes == Array(("x" + Self.scalarByScalar(text)).utf8))
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

  /// Identifiers as they were written first, scalar by scalar: the oracle of the byte-level ones.
  static func identifierScalarByScalar(_ text: String) -> String {
    var result = ""
    var pendingDash = false
    for scalar in text.unicodeScalars {
      let letterOrDigit = ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar)
      if letterOrDigit {
        if pendingDash && !result.isEmpty { result += "-" }
        pendingDash = false
        result += String(scalar).lowercased()
      } else {
        pendingDash = true
      }
    }
    return result
  }

  @Test("identifier writes what the scalar-by-scalar identifier wrote, at every edge and at random")
  func identifierMatchesScalarByScalar() {
    for scalar in Self.edgeScalars {
      for text in [String(scalar), "a\(scalar)B", "\(scalar)Z9\(scalar)", "-\(scalar)-x"] {
        #expect(MarkupText.identifier(text) == Self.identifierScalarByScalar(text), "U+\(String(scalar.value, radix: 16))")
      }
    }
    var random = GlanceTestSupport.SplitMix64(seed: 31)
    for _ in 0..<2_000 {
      let length = random.below(12)
      let scalars = (0..<length).map { _ in Self.edgeScalars[random.below(Self.edgeScalars.count)] }
      let text = String(String.UnicodeScalarView(scalars))
      #expect(MarkupText.identifier(text) == Self.identifierScalarByScalar(text), "\(text.unicodeScalars.map(\.value))")
    }
  }
}
