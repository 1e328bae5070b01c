/// What the host app gives the Ecovelo SDK to start a journey: the IAM token, the program and
/// the theme (see *The real apps Glance models*, Ecovelo: configuration and tokens), validated once.
///
/// The token is a secret. It is kept in memory only, and it never appears in ``description``,
/// ``debugDescription``, `String(describing:)`, `String(reflecting:)`, `dump(_:)` (the
/// ``customMirror`` redacts it) or any ``EcoveloConfigError``: those show
/// `token: <redacted, 812 characters>`. The type is deliberately not `Encodable`, so it cannot be
/// persisted or logged as JSON by accident; pass ``token`` itself to the web app.
///
/// Rules:
/// - `token`: 1 to ``tokenLengthMax`` bytes of printable ASCII (U+0021–U+007E): no whitespace,
///   no control character. JWTs and opaque bearer tokens all fit; anything else is a mistake.
/// - `programID`: `nil`, or 1 to ``programIDLengthMax`` characters from `A–Z a–z 0–9 _ -`.
/// - `theme`: one of ``Theme``.
///
/// ## Laws
/// - Redaction: no textual or reflected form of a config, and no error, contains its token.
/// - The initializer accepts exactly the rules above, and throws an error naming the field.
public struct EcoveloConfig: Hashable, Sendable {
  /// The appearance the web app uses.
  public enum Theme: String, Hashable, Sendable, CaseIterable {
    /// Follow the system appearance.
    case system
    /// Always light.
    case light
    /// Always dark.
    case dark
  }

  /// The IAM access token, validated; never shown by this type.
  public let token: String
  /// The Ecovelo program, or `nil` for the default one.
  public let programID: String?
  /// The appearance.
  public let theme: Theme

  /// The most UTF-8 bytes a token may hold (16 KiB).
  public static let tokenLengthMax = 16 * 1024
  /// The most bytes a program id may hold (its characters are ASCII, so also characters).
  public static let programIDLengthMax = 64

  /// A validated configuration.
  ///
  /// - Throws: ``EcoveloConfigError`` naming the field, the reason and, for a bad character,
  ///   its position; never any part of the token.
  public init(token: String, programID: String?, theme: Theme) throws(EcoveloConfigError) {
    try EcoveloConfig.validate(token: token)
    if let programID { try EcoveloConfig.validate(programID: programID) }
    self.token = token
    self.programID = programID
    self.theme = theme
  }

  /// The advisory expiry of ``token``; see ``TokenExpiry/check(token:now:leeway:)``.
  public func tokenExpiry(now: Instant, leeway milliseconds: Int64) -> TokenExpiry {
    TokenExpiry.check(token: token, now: now, leeway: milliseconds)
  }

  private static func validate(token: String) throws(EcoveloConfigError) {
    let length = token.utf8.count
    guard length > 0 else { throw .emptyToken }
    guard length <= tokenLengthMax else {
      throw .tokenTooLong(length: length, limit: tokenLengthMax)
    }
    var position = 0
    for scalar in token.unicodeScalars {
      if scalar.isControlCharacter { throw .tokenControlCharacter(position: position) }
      if scalar.properties.isWhitespace { throw .tokenWhitespace(position: position) }
      guard scalar.value >= 0x21 && scalar.value <= 0x7E else {
        throw .tokenNonASCII(position: position)
      }
      position += 1
    }
  }

  private static func validate(programID: String) throws(EcoveloConfigError) {
    let length = programID.utf8.count
    guard length > 0 else { throw .emptyProgramID }
    guard length <= programIDLengthMax else {
      throw .programIDTooLong(length: length, limit: programIDLengthMax)
    }
    var position = 0
    for scalar in programID.unicodeScalars {
      let allowed =
        ("A"..."Z").contains(scalar) || ("a"..."z").contains(scalar) || ("0"..."9").contains(scalar)
        || scalar == "_" || scalar == "-"
      guard allowed else { throw .programIDCharacter(scalar, position: position) }
      position += 1
    }
  }
}

extension EcoveloConfig: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
  /// `EcoveloConfig(token: <redacted, N characters>, programID: "…", theme: dark)`.
  public var description: String {
    let program = programID.map { "\"\($0)\"" } ?? "nil"
    return "EcoveloConfig(token: \(RedactedToken(length: token.utf8.count)), "
      + "programID: \(program), theme: \(theme.rawValue))"
  }

  /// The same as ``description``: the token is redacted here too.
  public var debugDescription: String { description }

  /// A mirror whose `token` child is a placeholder holding only the token's length, so that
  /// `dump(_:)` and debuggers never show the token.
  public var customMirror: Mirror {
    Mirror(
      self,
      children: [
        "token": RedactedToken(length: token.utf8.count),
        "programID": programID as Any,
        "theme": theme,
      ],
      displayStyle: .struct)
  }
}

/// What reflection shows in place of a token.
struct RedactedToken: CustomStringConvertible, CustomReflectable {
  let length: Int

  var description: String { "<redacted, \(length) characters>" }

  var customMirror: Mirror { Mirror(self, children: [:], displayStyle: nil) }
}
