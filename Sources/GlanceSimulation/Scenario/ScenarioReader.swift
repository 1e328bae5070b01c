import Yams

/// One value of a scenario file with where it was found: the key path that leads to it and the
/// line of its key (or, for a sequence element, of the element itself).
struct ScenarioField {
  let node: Node
  let keyPath: String
  let line: Int

  /// The field for `key` inside this one's mapping.
  func child(_ key: String, node: Node, line: Int) -> ScenarioField {
    ScenarioField(node: node, keyPath: keyPath.isEmpty ? key : keyPath + "." + key, line: line)
  }

  /// The field for element `index` of this one's sequence.
  func element(_ index: Int, node: Node) -> ScenarioField {
    ScenarioField(node: node, keyPath: "\(keyPath)[\(index)]", line: node.mark?.line ?? line)
  }
}

/// Typed reads of scalar, sequence and mapping values, each throwing a ``ScenarioError`` that
/// names the field, its line, the value found and what was expected.
///
/// The reads are strict on purpose: integers are plain decimal (`1.5`, `0x1B` and `"5"` are not
/// integers), booleans are exactly `true` or `false` (not YAML 1.1's `yes`, `no`, `on`, `off`),
/// and a key with no value is an error rather than a default.
struct ScenarioReader {
  /// The path or name the errors carry.
  let source: String

  // MARK: Mappings and sequences

  /// The entries of a mapping in file order, with every key checked against `known` (a key
  /// given twice was refused when the document was composed).
  func entries(
    of field: ScenarioField, known: [String], expected: String
  ) throws(ScenarioError)
    -> [(key: String, field: ScenarioField)]
  {
    try requireValue(field, expected: expected)
    guard case .mapping(let mapping) = field.node else {
      throw .wrongType(
        source: source, keyPath: field.keyPath, line: field.line,
        value: Self.describe(field.node), expected: expected)
    }
    var result: [(key: String, field: ScenarioField)] = []
    for (keyNode, valueNode) in mapping {
      let keyLine = keyNode.mark?.line ?? field.line
      guard case .scalar(let keyScalar) = keyNode, known.contains(keyScalar.string) else {
        let name = keyNode.scalar.map { Self.excerpt($0.string) } ?? Self.describe(keyNode)
        throw .unknownKey(
          source: source, keyPath: field.keyPath.isEmpty ? name : field.keyPath + "." + name,
          line: keyLine, known: known)
      }

      result.append(
        (keyScalar.string, field.child(keyScalar.string, node: valueNode, line: keyLine)))
    }
    assert(result.count == mapping.count, "every entry of \(field.keyPath) was read")
    return result
  }

  /// The elements of a sequence, each with its `keyPath[index]` and line.
  func elements(of field: ScenarioField, expected: String) throws(ScenarioError) -> [ScenarioField] {
    try requireValue(field, expected: expected)
    guard case .sequence(let sequence) = field.node else {
      throw .wrongType(
        source: source, keyPath: field.keyPath, line: field.line,
        value: Self.describe(field.node), expected: expected)
    }
    return sequence.enumerated().map { field.element($0.offset, node: $0.element) }
  }

  /// Throws ``ScenarioError/emptyValue(source:keyPath:line:expected:)`` when the field is null.
  func requireValue(_ field: ScenarioField, expected: String) throws(ScenarioError) {
    if Self.isNull(field.node) {
      throw .emptyValue(
        source: source, keyPath: field.keyPath, line: field.line, expected: expected)
    }
  }

  // MARK: Scalars

  /// A plain decimal integer within `range`; `expected` defaults to "an integer from a to b".
  func integer(
    _ field: ScenarioField, in range: ClosedRange<Int>, expected: String? = nil
  )
    throws(ScenarioError) -> Int
  {
    let expected = expected ?? Self.expectation(for: range)
    try requireValue(field, expected: expected)
    guard case .scalar(let scalar) = field.node, scalar.style == .plain,
      ["", Tag.Name.int.rawValue].contains(scalar.tag.description),
      let parsed = Self.decimal(scalar.string)
    else {
      throw .wrongType(
        source: source, keyPath: field.keyPath, line: field.line,
        value: Self.describe(field.node), expected: expected)
    }
    guard let value = parsed, range.contains(value) else {
      throw .outOfRange(
        source: source, keyPath: field.keyPath, line: field.line,
        value: Self.describe(field.node), expected: expected)
    }
    return value
  }

  /// Exactly `true` or `false`, unquoted.
  func boolean(_ field: ScenarioField) throws(ScenarioError) -> Bool {
    let expected = "true or false"
    try requireValue(field, expected: expected)
    if case .scalar(let scalar) = field.node, scalar.style == .plain,
      ["", Tag.Name.bool.rawValue].contains(scalar.tag.description)
    {
      if scalar.string == "true" { return true }
      if scalar.string == "false" { return false }
      if Self.yaml11Booleans.contains(scalar.string.lowercased()) {
        throw .wrongType(
          source: source, keyPath: field.keyPath, line: field.line,
          value: Self.describe(field.node),
          expected: "true or false (YAML 1.1 words such as yes, no, on and off are not accepted)")
      }
    }
    throw .wrongType(
      source: source, keyPath: field.keyPath, line: field.line,
      value: Self.describe(field.node), expected: expected)
  }

  /// Any scalar's text, quoted or not; `nonEmpty` also rejects `""`.
  func text(
    _ field: ScenarioField, expected: String, nonEmpty: Bool
  ) throws(ScenarioError)
    -> String
  {
    try requireValue(field, expected: expected)
    guard case .scalar(let scalar) = field.node else {
      throw .wrongType(
        source: source, keyPath: field.keyPath, line: field.line,
        value: Self.describe(field.node), expected: expected)
    }
    if nonEmpty && scalar.string.allSatisfy(\.isWhitespace) {
      throw .emptyValue(
        source: source, keyPath: field.keyPath, line: field.line, expected: expected)
    }
    return scalar.string
  }

  // MARK: Pure helpers

  /// YAML 1.1's boolean words other than true and false, which Yams would read as booleans.
  static let yaml11Booleans: Set<String> = ["yes", "no", "y", "n", "on", "off"]

  /// "an integer from 1 to 31", or "an integer of at least 0" for a range open above.
  static func expectation(for range: ClosedRange<Int>) -> String {
    range.upperBound == Int.max
      ? "an integer of at least \(range.lowerBound)"
      : "an integer from \(range.lowerBound) to \(range.upperBound)"
  }

  /// Whether the node is YAML's null: nothing after the colon, `~` or `null`.
  static func isNull(_ node: Node) -> Bool {
    guard case .scalar(let scalar) = node else { return false }
    if scalar.tag.description == Tag.Name.null.rawValue { return true }
    return scalar.style == .plain && scalar.tag.description.isEmpty
      && ["", "~", "null", "Null", "NULL"].contains(scalar.string)
  }

  /// `-?[0-9]+` as an `Int`: `nil` when the text is not decimal, `.some(nil)` when it is but
  /// does not fit in an `Int`.
  static func decimal(_ text: String) -> Int?? {
    var digits = Substring(text)
    let negative = digits.first == "-"
    if negative { digits = digits.dropFirst() }
    guard !digits.isEmpty,
      digits.utf8.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) })
    else { return nil }
    var value = 0
    for byte in digits.utf8 {
      let digit = Int(byte - UInt8(ascii: "0"))
      let (scaled, overflowA) = value.multipliedReportingOverflow(by: 10)
      let (next, overflowB) =
        negative
        ? scaled.subtractingReportingOverflow(digit) : scaled.addingReportingOverflow(digit)
      if overflowA || overflowB { return .some(nil) }
      value = next
    }
    return .some(value)
  }

  /// The value as the error shows it: a scalar's text, a short sequence of scalars as
  /// `[200, 100]`, otherwise its shape.
  static func describe(_ node: Node) -> String {
    // Not a `switch`: Yams 6 has an `alias` node Yams 5 lacks, and Glance builds with both.
    if case .scalar(let scalar) = node { return isNull(node) ? "empty" : excerpt(scalar.string) }
    if case .sequence(let sequence) = node {
      let scalars = sequence.compactMap { $0.scalar?.string }
      if scalars.count == sequence.count, sequence.count <= 8 {
        return excerpt("[" + scalars.joined(separator: ", ") + "]")
      }
      return sequence.count == 1 ? "a sequence of 1 item" : "a sequence of \(sequence.count) items"
    }
    if case .mapping = node { return "a mapping" }
    return "an alias"
  }

  /// What a document root that is not a mapping is, for
  /// ``ScenarioError/topLevelNotMapping(source:line:found:)``.
  static func shape(of node: Node) -> String {
    if case .scalar(let scalar) = node { return "the text \(excerpt(scalar.string))" }
    if case .sequence = node { return "a sequence" }
    if case .mapping = node { return "a mapping" }
    return "an alias"
  }

  /// At most ``ScenarioError/valueExcerptLengthMax`` characters, control characters escaped, so
  /// that a message stays on one line.
  static func excerpt(_ text: String) -> String {
    var result = ""
    var count = 0
    for scalar in text.unicodeScalars {
      if count == ScenarioError.valueExcerptLengthMax {
        result += "…"
        break
      }
      let isControl = scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
      result +=
        isControl ? "\\u{\(String(scalar.value, radix: 16, uppercase: true))}" : String(scalar)
      count += 1
    }
    return result
  }
}
