/// Why a text is not an accepted link, and where.
///
/// Every position is a 0-based offset in UTF-8 bytes from the start of the text that was parsed
/// (for `init(url:)`, of `url.absoluteString`). A percent-encoded URL is ASCII, so for the URLs
/// that WebKit and `URL` hand over it is also the offset in characters.
///
/// Values that come from the link itself (a scheme, a host, a path, a status, a parameter name)
/// are carried as a display excerpt: at most ``excerptLengthMax`` Unicode scalars, control
/// characters written as `\u{…}`, and `…` when cut. An error never carries a whole untrusted
/// value, so it is safe to log.
///
/// ## Laws
/// - Every parse entry point (`PulpeLink(parsing:)`, `EcoveloFinish(parsing:)`,
///   `URLQuery(parsing:)`) either returns a value or throws a `LinkError`; it never traps, for
///   any `String` (checked on random and URL-shaped strings).
/// - Each malformed form listed in *The real apps Glance models* (Ecovelo: the finish URL contract; Pulpe: deep links) has its
///   own case (checked one example per form).
/// - Excerpts hold no control characters, and show at most ``excerptLengthMax`` scalars of the
///   value (each control written as `\u{…}`), plus `…` when cut.
public enum LinkError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The text does not start with a scheme: ASCII letters, digits, `+`, `-` or `.`, beginning
  /// with a letter and ending with `:`. The empty text is here too.
  case missingScheme
  /// The scheme (lowercased) is not one this parser accepts; `expected` lists the accepted ones.
  case unexpectedScheme(String, expected: String)
  /// The link has no host: no `//` after the scheme (`pulpe:budget`), or an empty one
  /// (`pulpe:///add-expense`, whose path is `/add-expense`).
  case missingHost(path: String)
  /// The host (lowercased; the whole authority, port and user info included) is not one this
  /// scheme knows, as `pulpe://settings` or `pulpe://reset-password`.
  case unknownHost(String, scheme: String)
  /// The path after the host is not accepted, as `ecovelo-sdk://finish/done` or a trailing slash
  /// on `https://app.pulpe.app/reset-password/`.
  case unexpectedPath(String, host: String)
  /// The link has no `?` at all, where a query is required (`ecovelo-sdk://finish`).
  case missingQuery
  /// A `%` at `position` is not followed by two hexadecimal digits (`%zz`, or a truncated `%4`).
  case malformedPercentEscape(position: Int)
  /// Once percent-decoded, the name or the value of the query item whose raw name is `parameter`
  /// is not valid UTF-8 (`%FF`, a truncated `%C3`); `position` is where that name or value starts.
  case invalidUTF8(parameter: String, position: Int)
  /// A query item at `position` has a value but no name (`=x`, `&=x`). Items that are wholly
  /// empty (`&&`, a leading or trailing `&`) are skipped instead; they carry nothing.
  case emptyParameterName(position: Int)
  /// A parameter that must appear at most once appears again at `position`. The contract
  /// rejects the conflict instead of guessing which occurrence wins.
  case duplicateParameter(String, position: Int)
  /// A required parameter is absent (`pulpe://budget` without `id`, a finish without `status`).
  case missingParameter(String)
  /// The parameter at `position` has no `=` at all (`?status`).
  case missingValue(parameter: String, position: Int)
  /// The parameter at `position` has an `=` but nothing after it (`?status=`).
  case emptyValue(parameter: String, position: Int)
  /// The value of `parameter` is not a UUID in the 8-4-4-4-12 hexadecimal form.
  case malformedUUID(parameter: String, value: String)
  /// The `status` of an Ecovelo finish link is none of `success`, `cancelled`, `error`
  /// (compared exactly, so `SUCCESS` is unknown too).
  case unknownStatus(String)
  /// The decoded `message`, after control characters are stripped, has `length` Unicode scalars;
  /// at most `limit` are accepted.
  case messageTooLong(length: Int, limit: Int)

  /// The most Unicode scalars of an untrusted value that an error carries.
  public static let excerptLengthMax = 32

  public var description: String {
    switch self {
    case .missingScheme:
      return "the link does not start with a scheme such as \"pulpe:\""
    case .unexpectedScheme(let scheme, let expected):
      return "scheme \"\(scheme)\" is not accepted here (expected \(expected))"
    case .missingHost(let path):
      return "the link has no host after \"//\" (path \"\(path)\")"
    case .unknownHost(let host, let scheme):
      return "host \"\(host)\" is not a known \(scheme) link"
    case .unexpectedPath(let path, let host):
      return "path \"\(path)\" is not accepted after host \"\(host)\""
    case .missingQuery:
      return "the link has no query (\"?…\")"
    case .malformedPercentEscape(let position):
      return "\"%\" at position \(position) is not followed by two hexadecimal digits"
    case .invalidUTF8(let parameter, let position):
      return "query parameter \"\(parameter)\" is not valid UTF-8 once percent-decoded "
        + "(from position \(position))"
    case .emptyParameterName(let position):
      return "query item at position \(position) has a value but no name"
    case .duplicateParameter(let name, let position):
      return "query parameter \"\(name)\" appears again at position \(position)"
    case .missingParameter(let name):
      return "query parameter \"\(name)\" is required"
    case .missingValue(let parameter, let position):
      return "query parameter \"\(parameter)\" at position \(position) has no \"=\" and no value"
    case .emptyValue(let parameter, let position):
      return "query parameter \"\(parameter)\" at position \(position) has an empty value"
    case .malformedUUID(let parameter, let value):
      return "query parameter \"\(parameter)\" is not a UUID: \"\(value)\""
    case .unknownStatus(let status):
      return "status \"\(status)\" is not success, cancelled or error"
    case .messageTooLong(let length, let limit):
      return "message has \(length) Unicode scalars (at most \(limit))"
    }
  }

  /// A display-safe excerpt of an untrusted value: its first ``excerptLengthMax`` Unicode
  /// scalars, control characters (C0, DEL, C1) written as `\u{…}`, and `…` when cut.
  static func excerpt(_ text: some StringProtocol) -> String {
    var result = ""
    var count = 0
    for scalar in text.unicodeScalars {
      guard count < excerptLengthMax else {
        result += "…"
        break
      }
      if scalar.isControlCharacter {
        result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
      } else {
        result.unicodeScalars.append(scalar)
      }
      count += 1
    }
    return result
  }
}

extension Unicode.Scalar {
  /// C0 controls (U+0000–U+001F), DEL (U+007F) and C1 controls (U+0080–U+009F).
  var isControlCharacter: Bool {
    value < 0x20 || (value >= 0x7F && value <= 0x9F)
  }
}
