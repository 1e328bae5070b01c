import Yams

/// Composing the YAML tree, and turning Yams' errors into ``ScenarioError`` values with a line.
extension ScenarioLoader {
  /// The most nodes the duplicate-key search visits (aliases can make a small text a huge tree).
  static let duplicateSearchNodesMax = 100_000
  /// The most further duplicate keys renamed while looking for the first one's path.
  static let duplicateRenamesMax = 16

  /// The document's root node.
  static func compose(_ text: String, source: String) throws(ScenarioError) -> Node {
    let root: Node?
    do {
      root = try Yams.compose(yaml: text, .default, .default, .utf8)
    } catch let error as YamlError {
      throw syntaxError(error, text: text, source: source)
    } catch {
      throw .syntax(source: source, line: 1, column: 1, problem: String(describing: error))
    }
    guard let root, !ScenarioReader.isNull(root) else { throw .emptyDocument(source: source) }
    if let duplicate = firstDuplicate(in: root, path: "") {
      throw .duplicateKey(source: source, keyPath: duplicate.path, line: duplicate.line, firstLine: duplicate.firstLine)
    }
    return root
  }

  /// The first key given twice in one mapping, as Yams 6 finds it (it checks each mapping when
  /// the mapping closes, so an inner one before the one that holds it): its path, the line of
  /// the second occurrence and of the first. Yams 6 refuses such a document while composing;
  /// Yams 5 composes both entries, and this finds the same duplicate, so the error is the same
  /// with either.
  static func firstDuplicate(in node: Node, path: String) -> (path: String, line: Int, firstLine: Int)? {
    func child(_ name: String) -> String { path.isEmpty ? name : path + "." + name }
    if case .sequence(let sequence) = node {
      for (index, element) in sequence.enumerated() {
        if let found = firstDuplicate(in: element, path: "\(path)[\(index)]") { return found }
      }
    }
    guard case .mapping(let mapping) = node else { return nil }
    for (key, value) in mapping {
      if let found = firstDuplicate(in: value, path: child(key.scalar?.string ?? "?")) { return found }
    }
    // The first line of each key seen (looked up, never iterated).
    var lines: [String: Int] = [:]
    for key in mapping.keys {
      guard let name = key.scalar?.string else { continue }
      let line = key.mark?.line ?? 0
      if let firstLine = lines[name] { return (ScenarioReader.excerpt(child(name)), line, firstLine) }
      lines[name] = line
    }
    return nil
  }

  static func syntaxError(_ error: YamlError, text: String, source: String) -> ScenarioError {
    switch error {
    case .scanner(let context, let problem, let mark, _),
      .parser(let context, let problem, let mark, _),
      .composer(let context, let problem, let mark, _):
      var problem = problem
      if let context { problem += " (\(context.text), line \(context.mark.line))" }
      return .syntax(source: source, line: mark.line, column: mark.column, problem: problem)
    case .reader(let problem, let offset, _, _):
      let (line, column) = position(ofCharacter: offset ?? 0, in: text)
      return .syntax(source: source, line: line, column: column, problem: problem)
    default:
      if let duplicate = duplicatedKeys(in: error) {
        return duplicateKeyError(keys: duplicate.keys, first: duplicate.mark, text: text, source: source)
      }
      return .syntax(source: source, line: 1, column: 1, problem: String(describing: error))
    }
  }

  /// The keys and the first occurrence's position of Yams 6's `duplicatedKeysInMapping`, which
  /// refuses a duplicate key while composing. Yams 5 has no such case (it composes the mapping
  /// with both entries, and ``ScenarioReader`` refuses the second), and Glance builds with both,
  /// so the case is recognised by its name rather than by a pattern Yams 5 would not compile.
  static func duplicatedKeys(in error: YamlError) -> (keys: [String], mark: Mark)? {
    guard let child = Mirror(reflecting: error).children.first, child.label == "duplicatedKeysInMapping" else { return nil }
    let payload = Mirror(reflecting: child.value).children.map(\.value)
    guard payload.count == 2, let keys = payload[0] as? [String], let context = payload[1] as? YamlError.Context else {
      return nil
    }
    return (keys, context.mark)
  }

  /// The 1-based line and column of the character at `offset`.
  static func position(ofCharacter offset: Int, in text: String) -> (line: Int, column: Int) {
    var line = 1
    var column = 1
    for character in text.prefix(max(0, offset)) {
      if character.isNewline {
        line += 1
        column = 1
      } else {
        column += 1
      }
    }
    return (line, column)
  }

  // MARK: Duplicate keys

  /// Yams rejects a duplicate key while composing, naming only the key and its first occurrence.
  /// To name the key path and the line of the second occurrence, the first occurrence is renamed
  /// with a marker and the text composed again (renaming further duplicates the same way, up to
  /// ``duplicateRenamesMax`` of them): the marker's mapping is the one with the duplicate. When
  /// that does not work out (an aliased or complex key, too many duplicates), the error names the
  /// key and its first line.
  static func duplicateKeyError(
    keys: [String], first: Mark, text: String, source: String
  )
    -> ScenarioError
  {
    let key = keys.first ?? "?"
    let fallback = ScenarioError.duplicateKey(
      source: source, keyPath: ScenarioReader.excerpt(key), line: first.line, firstLine: first.line)
    let marker = "glance-renamed-duplicate-0-"
    guard var renamed = inserting(marker, in: text, at: first) else { return fallback }
    var root: Node?
    for rename in 1...duplicateRenamesMax {
      do {
        root = try Yams.compose(yaml: renamed, .default, .default, .utf8)
        break
      } catch let error as YamlError {
        guard let duplicate = duplicatedKeys(in: error),
          let next = inserting("glance-renamed-duplicate-\(rename)-", in: renamed, at: duplicate.mark)
        else { return fallback }
        renamed = next
      } catch {
        return fallback
      }
    }
    guard let root, let found = mapping(containingKey: marker + key, in: root),
      let second = found.mapping.keys.first(where: { $0.scalar?.string == key })
    else { return fallback }
    let path = found.path
    return .duplicateKey(
      source: source, keyPath: ScenarioReader.excerpt(path.isEmpty ? key : path + "." + key),
      line: second.mark?.line ?? first.line, firstLine: first.line)
  }

  /// `text` with `insertion` placed at `mark` (after the opening quote of a quoted scalar), or
  /// `nil` when the mark is not in the text. Lines break as libyaml breaks them.
  static func inserting(_ insertion: String, in text: String, at mark: Mark) -> String? {
    var scalars = Array(text.unicodeScalars)
    var line = 1
    var column = 1
    var index = 0
    while index < scalars.count, (line, column) != (mark.line, mark.column) {
      let scalar = scalars[index]
      let crlf = scalar == "\r" && index + 1 < scalars.count && scalars[index + 1] == "\n"
      if ["\n", "\r", "\u{85}", "\u{2028}", "\u{2029}"].contains(scalar) {
        line += 1
        column = 1
        index += crlf ? 2 : 1
      } else {
        column += 1
        index += 1
      }
    }
    guard index < scalars.count else { return nil }
    if scalars[index] == "\"" || scalars[index] == "'" { index += 1 }
    scalars.insert(contentsOf: insertion.unicodeScalars, at: index)
    var result = String.UnicodeScalarView()
    result.append(contentsOf: scalars)
    return String(result)
  }

  /// The first mapping, in document order, with a scalar key `key`, and the key path to it.
  static func mapping(
    containingKey key: String, in root: Node
  ) -> (
    path: String, mapping: Node.Mapping
  )? {
    var stack: [(node: Node, path: String)] = [(root, "")]
    var visited = 0
    while let entry = stack.popLast(), visited < duplicateSearchNodesMax {
      visited += 1
      let (node, path) = entry
      // Not a `switch`: Yams 6 has an `alias` node Yams 5 lacks, and Glance builds with both.
      if case .mapping(let mapping) = node {
        if mapping.keys.contains(where: { $0.scalar?.string == key }) { return (path, mapping) }
        for (childKey, value) in mapping.reversed() {
          guard let name = childKey.scalar?.string else { continue }
          stack.append((value, path.isEmpty ? name : path + "." + name))
        }
      } else if case .sequence(let sequence) = node {
        for (index, element) in sequence.enumerated().reversed() {
          stack.append((element, "\(path)[\(index)]"))
        }
      }
    }
    return nil
  }
}
