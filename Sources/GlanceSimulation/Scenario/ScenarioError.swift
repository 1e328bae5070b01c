/// Why a scenario file could not be loaded.
///
/// Every case about a value names the `source` (the path or name given to the loader), the
/// `keyPath` of the field (`faults.watchOutOfRangeMinutes`, `travel[1].zone`), the 1-based `line`
/// in the file, the `value` found (as written, shortened to ``ScenarioError/valueExcerptLengthMax``
/// characters) and what was `expected` there (`an integer from 40 to 72`). `description` is the
/// one-line message the `simulate` CLI prints.
///
/// ## Laws
/// - `description` starts with the source (or the path) and, when there is one, the line:
///   `Simulations/default.yaml:12: …`.
/// - `description` never spans more than one line: values are excerpted with control characters
///   escaped.
public enum ScenarioError: Error, Equatable, Sendable, CustomStringConvertible {
  /// No file exists at `path`.
  case fileNotFound(path: String)
  /// The file exists but cannot be used: a directory, unreadable, or not UTF-8 text.
  case unreadableFile(path: String, reason: String)
  /// The file holds more than `limit` bytes of UTF-8 (a scenario file is a page of settings).
  case tooLarge(source: String, byteCount: Int, limit: Int)
  /// The text is not YAML: `problem` is the YAML parser's diagnosis at `line`:`column`.
  case syntax(source: String, line: Int, column: Int, problem: String)
  /// The file holds no YAML document (empty, blank or only comments).
  case emptyDocument(source: String)
  /// The document is `found` (a sequence, a scalar) instead of a mapping of keys.
  case topLevelNotMapping(source: String, line: Int, found: String)
  /// `keyPath` ends in a key this level does not have; `known` lists the keys it does have.
  case unknownKey(source: String, keyPath: String, line: Int, known: [String])
  /// The key at the end of `keyPath` appears again on `line` (first on `firstLine`).
  case duplicateKey(source: String, keyPath: String, line: Int, firstLine: Int)
  /// A required key is absent from the mapping that starts on `line`.
  case missingKey(source: String, keyPath: String, line: Int, expected: String)
  /// The key is present with no value (or an empty one where text is required).
  case emptyValue(source: String, keyPath: String, line: Int, expected: String)
  /// The value has the wrong shape: text for a number, `1.5` for an integer, `yes` for a boolean.
  case wrongType(source: String, keyPath: String, line: Int, value: String, expected: String)
  /// The value has the right type but lies outside its documented range.
  case outOfRange(source: String, keyPath: String, line: Int, value: String, expected: String)
  /// The value is not a chance `n/d` with `0 <= n <= d` and `d > 0`.
  case badChance(source: String, keyPath: String, line: Int, value: String, expected: String)
  /// The value is not a range `[low, high]` with `low <= high`.
  case badRange(source: String, keyPath: String, line: Int, value: String, expected: String)
  /// No time zone has this identifier.
  case unknownZone(source: String, keyPath: String, line: Int, value: String, expected: String)
  /// The value is not a date `YYYY-MM-DD` that exists (on the calendar, or in the zone), or not
  /// an instant written `YYYY-MM-DDTHH:MM:SS.mmmZ` (a script's `at`, `from`, `until`, kills).
  case badDate(source: String, keyPath: String, line: Int, value: String, expected: String)
  /// The value names no ``Domain``.
  case unknownDomain(source: String, keyPath: String, line: Int, value: String, expected: String)
  /// The value names no kind of scripted action (`script.actions[i].kind`).
  case unknownActionKind(source: String, keyPath: String, line: Int, value: String, expected: String)
  /// The value cannot name a scenario (it becomes part of a report folder's name).
  case invalidName(source: String, keyPath: String, line: Int, value: String, expected: String)
  /// The key only makes sense when `domains` holds `domain`.
  case requiresDomain(source: String, keyPath: String, line: Int, domain: Domain)
  /// `ScenarioLoader.builtIn(named:in:)` found no `name.yaml` in `directory`.
  case unknownScenario(name: String, directory: String, available: [String])

  /// The most characters of a found value an error keeps.
  public static let valueExcerptLengthMax = 60

  /// The key path of the field at fault, when the error is about one.
  public var keyPath: String? {
    switch self {
    case .unknownKey(_, let keyPath, _, _), .duplicateKey(_, let keyPath, _, _),
      .missingKey(_, let keyPath, _, _), .emptyValue(_, let keyPath, _, _),
      .wrongType(_, let keyPath, _, _, _), .outOfRange(_, let keyPath, _, _, _),
      .badChance(_, let keyPath, _, _, _), .badRange(_, let keyPath, _, _, _),
      .unknownZone(_, let keyPath, _, _, _), .badDate(_, let keyPath, _, _, _),
      .unknownDomain(_, let keyPath, _, _, _), .invalidName(_, let keyPath, _, _, _),
      .unknownActionKind(_, let keyPath, _, _, _), .requiresDomain(_, let keyPath, _, _):
      return keyPath
    case .fileNotFound, .unreadableFile, .tooLarge, .syntax, .emptyDocument, .topLevelNotMapping,
      .unknownScenario:
      return nil
    }
  }

  /// The 1-based line in the file the error points at, when it points at one.
  public var line: Int? {
    switch self {
    case .syntax(_, let line, _, _), .topLevelNotMapping(_, let line, _),
      .unknownKey(_, _, let line, _), .duplicateKey(_, _, let line, _),
      .missingKey(_, _, let line, _), .emptyValue(_, _, let line, _),
      .wrongType(_, _, let line, _, _), .outOfRange(_, _, let line, _, _),
      .badChance(_, _, let line, _, _), .badRange(_, _, let line, _, _),
      .unknownZone(_, _, let line, _, _), .badDate(_, _, let line, _, _),
      .unknownDomain(_, _, let line, _, _), .invalidName(_, _, let line, _, _),
      .unknownActionKind(_, _, let line, _, _), .requiresDomain(_, _, let line, _):
      return line
    case .fileNotFound, .unreadableFile, .tooLarge, .emptyDocument, .unknownScenario:
      return nil
    }
  }

  public var description: String {
    switch self {
    case .fileNotFound(let path):
      return "\(path): no scenario file at this path"
    case .unreadableFile(let path, let reason):
      return "\(path): cannot read the scenario file: \(reason)"
    case .tooLarge(let source, let byteCount, let limit):
      return
        "\(source): the file holds \(byteCount) bytes; a scenario file may hold at most \(limit)"
    case .syntax(let source, let line, let column, let problem):
      return "\(source):\(line):\(column): not valid YAML: \(problem)"
    case .emptyDocument(let source):
      return
        "\(source): the file holds no YAML document; "
        + "expected a mapping with at least name: and start:"
    case .topLevelNotMapping(let source, let line, let found):
      return
        "\(source):\(line): the top level is \(found); "
        + "expected a mapping of keys such as name: and start:"
    case .unknownKey(let source, let keyPath, let line, let known):
      return
        "\(source):\(line): unknown key \(keyPath); "
        + "the keys here are \(known.joined(separator: ", "))"
    case .duplicateKey(let source, let keyPath, let line, let firstLine):
      return
        "\(source):\(line): \(keyPath) appears again (first on line \(firstLine)); "
        + "each key may appear once"
    case .missingKey(let source, let keyPath, let line, let expected):
      return "\(source):\(line): \(keyPath) is required; expected \(expected)"
    case .emptyValue(let source, let keyPath, let line, let expected):
      return "\(source):\(line): \(keyPath) has no value; expected \(expected)"
    case .requiresDomain(let source, let keyPath, let line, let domain):
      return
        "\(source):\(line): \(keyPath) needs the \(domain.rawValue) domain; "
        + "add \(domain.rawValue) to domains"
    case .unknownScenario(let name, let directory, let available):
      let names = available.isEmpty ? "none" : available.joined(separator: ", ")
      return "no scenario named \"\(name)\" in \(directory); available: \(names)"
    case .wrongType(let source, let keyPath, let line, let value, let expected),
      .outOfRange(let source, let keyPath, let line, let value, let expected),
      .badChance(let source, let keyPath, let line, let value, let expected),
      .badRange(let source, let keyPath, let line, let value, let expected),
      .unknownZone(let source, let keyPath, let line, let value, let expected),
      .badDate(let source, let keyPath, let line, let value, let expected),
      .unknownDomain(let source, let keyPath, let line, let value, let expected),
      .unknownActionKind(let source, let keyPath, let line, let value, let expected),
      .invalidName(let source, let keyPath, let line, let value, let expected):
      return "\(source):\(line): \(keyPath) is \(value); expected \(expected)"
    }
  }
}
