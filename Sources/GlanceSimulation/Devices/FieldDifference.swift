/// One field in which a surface's display differs from what it should show:
/// `band: expected .nearLimit, found .good`.
///
/// ## Laws
/// - `expected != found` (a difference is never empty).
public struct FieldDifference: Hashable, Sendable, CustomStringConvertible {
  /// The field's path inside the display (`band`, `progress.headline`, `cells[3].text`), or
  /// `kind` when the displays are not even of one kind.
  public let field: String
  public let expected: String
  public let found: String

  init(field: String, expected: String, found: String) {
    precondition(expected != found, "\(field): a difference needs two values, both are \(expected)")
    self.field = field
    self.expected = expected
    self.found = found
  }

  public var description: String { "\(field): expected \(expected), found \(found)" }
}
