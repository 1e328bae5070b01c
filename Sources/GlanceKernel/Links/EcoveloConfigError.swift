/// Why an ``EcoveloConfig`` cannot be built: the field and the reason.
///
/// No case carries any part of the token: only its length or a position in it, so the error
/// is safe to log. Positions are 0-based offsets in UTF-8 bytes; everything before the first
/// offending character of a valid-so-far token is ASCII, so it is also the character offset.
///
/// ## Laws
/// - No `description` contains the token it was made from (checked with a distinctive token).
public enum EcoveloConfigError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The token is empty.
  case emptyToken
  /// The token has `length` UTF-8 bytes; at most `limit` are accepted.
  case tokenTooLong(length: Int, limit: Int)
  /// The token holds a control character (C0, DEL, C1) at `position`.
  case tokenControlCharacter(position: Int)
  /// The token holds whitespace (any Unicode `White_Space`) at `position`.
  case tokenWhitespace(position: Int)
  /// The token holds a character outside printable ASCII at `position`.
  case tokenNonASCII(position: Int)
  /// The program id is present but empty (pass `nil` for no program).
  case emptyProgramID
  /// The program id has `length` UTF-8 bytes; at most `limit` are accepted.
  case programIDTooLong(length: Int, limit: Int)
  /// The program id holds `scalar` at `position`; only `A–Z a–z 0–9 _ -` are accepted.
  case programIDCharacter(Unicode.Scalar, position: Int)

  public var description: String {
    switch self {
    case .emptyToken:
      return "token is empty"
    case .tokenTooLong(let length, let limit):
      return "token has \(length) bytes (at most \(limit))"
    case .tokenControlCharacter(let position):
      return "token holds a control character at position \(position)"
    case .tokenWhitespace(let position):
      return "token holds whitespace at position \(position)"
    case .tokenNonASCII(let position):
      return "token holds a character outside printable ASCII at position \(position)"
    case .emptyProgramID:
      return "programID is empty (use nil for no program)"
    case .programIDTooLong(let length, let limit):
      return "programID has \(length) bytes (at most \(limit))"
    case .programIDCharacter(let scalar, let position):
      let code = "U+" + String(scalar.value, radix: 16, uppercase: true)
      let shown =
        scalar.isASCII && !scalar.isControlCharacter && scalar != " " ? "\"\(scalar)\" " : ""
      return "programID holds \(shown)(\(code)) at position \(position); "
        + "only A–Z a–z 0–9 _ - are accepted"
    }
  }
}
