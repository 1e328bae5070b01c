import Foundation

/// Finds the places in a Swift source where a bare `Int` would change meaning on a watch whose
/// `Int` has 32 bits (arm64_32: Apple Watch Series 4 to 8 and SE), by reading the text line by
/// line: a lint, not a type checker. Three rules:
///
/// - **stored**: a `let` or `var` whose annotated type names `Int` (`Int`, `Int?`, `[Int]`,
///   `[K: Int]`, a tuple with an `Int`) and that is stored, not computed;
/// - **named**: a property, parameter, enum case label or function result typed `Int` whose name
///   says it holds a time, an amount of money, an identity, a version or a size in bytes
///   (``riskyName``), computed or not;
/// - **conversion**: in a wire format (a file of `Wire/`, or `…+Codable.swift`), an `Int(…)`
///   conversion other than `Int(exactly:)` and `Int(truncatingIfNeeded:)`, which traps on a
///   32-bit watch when a decoded value does not fit.
///
/// Each finding is keyed by its file and name (for a conversion, its text, such as `Int(count)`),
/// which is what ``IntegerWidthAllowList`` names.
struct IntegerWidthScanner {
  /// What a rule found.
  struct Finding: Hashable, CustomStringConvertible {
    enum Rule: String { case stored, named, conversion }
    /// The file, relative to `Sources/`.
    let file: String
    let line: Int
    let rule: Rule
    /// The declared name, or the conversion's text.
    let name: String
    /// The line, trimmed.
    let text: String

    var key: IntegerWidthAllowList.Key { .init(file: file, name: name) }

    var description: String {
      "Sources/\(file):\(line): \(text)  [\(rule.rawValue): \(name)]"
    }
  }

  /// A name that says it holds a time, money, an identity, a version or a byte size: what may
  /// exceed 2³¹ (milliseconds since 1970 passed it in 1970's first month; a day in milliseconds
  /// is 86,400,000; 21.5 million francs in Rappen is 2³¹).
  static let riskyName = regex(
    #"(?i:milli|second|minute|hour|instant|epoch|time|duration|delay|interval|amount|units|cents|money|price|balance|"#
      + #"byte|length|size|offset|version|generation|sequence)|(?:^ids?|Ids?|IDs?)$"#)
  /// `let name: Type` or `var name: Type`, with any attributes and modifiers, and what follows
  /// the type: `=` (stored, initialised), `{` (computed, or a requirement), or the line's end.
  static let declaration = regex(
    #"^\s*(?:@[\w.]+(?:\([^)]*\))?\s+)*"#  // attributes
      + #"(?:(?:public|package|internal|fileprivate|private|static|final|lazy|nonisolated|override|weak|unowned)(?:\(set\))?\s+)*"#
      + #"(?:let|var)\s+(\w+)\s*:\s*([^={]+?)\s*(=|\{|$)"#)
  /// The type `Int` as a whole word (not `Int64`, `UInt` or `Interval`).
  static let intType = regex(#"(?<![\w.])Int(?![\w])"#)
  /// `label: Int`, `label: Int?`, `label: [Int]` (a parameter, a case's associated value).
  static let labelledInt = regex(#"(\w+)\s*:\s*(?:inout\s+)?\[?Int\]?\??(?![\w])"#)
  /// `func name(…) -> Int`.
  static let functionReturningInt = regex(#"func\s+(\w+)[^{]*->\s*\[?Int\]?\??(?![\w])"#)
  /// `Int(…)` but `Int(exactly:…)` and `Int(truncatingIfNeeded:…)`.
  static let conversion = regex(#"(?<![\w.])Int\((?!exactly:|truncatingIfNeeded:)[^)]*\)"#)

  static func regex(_ pattern: String) -> NSRegularExpression {
    do {
      return try NSRegularExpression(pattern: pattern)
    } catch {
      preconditionFailure("the pattern \(pattern) does not compile: \(error)")
    }
  }

  /// Whether `file` (relative to `Sources/`) holds a wire format.
  static func isWireFormat(_ file: String) -> Bool {
    file.contains("/Wire/") || file.hasSuffix("+Codable.swift")
  }

  /// The findings of every rule in `text`, the contents of `file` (relative to `Sources/`).
  static func findings(in text: String, file: String) -> [Finding] {
    var findings: [Finding] = []
    for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
      // The code before a `//` comment (a `//` inside a string literal cuts it short: a lint).
      let code = String(line.split(separator: "//", maxSplits: 1, omittingEmptySubsequences: false).first ?? "")
      let found = { (rule: Finding.Rule, name: String) in
        findings.append(
          Finding(file: file, line: index + 1, rule: rule, name: name, text: line.trimmingCharacters(in: .whitespaces)))
      }
      if let match = first(declaration, in: code) {
        let (name, type, end) = (match[1], match[2], match[3])
        guard matches(intType, type) else { continue }
        if end != "{" {
          found(.stored, name)
        } else if matches(riskyName, name) {
          found(.named, name)
        }
        continue
      }
      for match in all(labelledInt, in: code) + all(functionReturningInt, in: code) where matches(riskyName, match[1]) {
        found(.named, match[1])
      }
      if isWireFormat(file) {
        for match in all(conversion, in: code) { found(.conversion, match[0]) }
      }
    }
    return findings
  }

  /// The findings in every Swift file under `Sources/<module>` for each module, sorted by file.
  static func findings(inModules modules: [String], under sources: URL) throws -> [Finding] {
    var findings: [Finding] = []
    for module in modules {
      let directory = sources.appendingPathComponent(module)
      let enumerator = FileManager.default.enumerator(atPath: directory.path)
      var files: [String] = []
      while let relative = enumerator?.nextObject() as? String {
        if relative.hasSuffix(".swift") { files.append(relative) }
      }
      for relative in files.sorted() {
        let text = try String(contentsOf: directory.appendingPathComponent(relative), encoding: .utf8)
        findings += Self.findings(in: text, file: "\(module)/\(relative)")
      }
    }
    return findings
  }

  static func matches(_ regex: NSRegularExpression, _ text: String) -> Bool {
    regex.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil
  }

  /// The first match's groups (0 is the whole match; a group that took part in no match is "").
  static func first(_ regex: NSRegularExpression, in text: String) -> [String]? {
    regex.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)).map { groups(of: $0, in: text) }
  }

  static func all(_ regex: NSRegularExpression, in text: String) -> [[String]] {
    regex.matches(in: text, range: NSRange(text.startIndex..., in: text)).map { groups(of: $0, in: text) }
  }

  static func groups(of match: NSTextCheckingResult, in text: String) -> [String] {
    (0..<match.numberOfRanges).map { group in
      Range(match.range(at: group), in: text).map { String(text[$0]) } ?? ""
    }
  }
}
