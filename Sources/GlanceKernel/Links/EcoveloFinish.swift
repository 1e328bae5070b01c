public import Foundation

/// How an Ecovelo journey ended, as the web app reports it with
/// `ecovelo-sdk://finish?status=success|cancelled|error&message=…` (see *The real apps Glance models*,
/// Ecovelo: the finish URL contract).
///
/// Two doors:
/// - ``init(parsing:)`` is strict: every malformed form throws its own ``LinkError``;
/// - ``resolve(_:)-(String)`` is total: a link that does not parse becomes ``error(message:)``
///   with a fixed text naming the kind of problem (see ``fallbackMessage(for:)``), never with the
///   link's own bytes.
///
/// Decisions:
/// - Scheme `ecovelo-sdk` and host `finish` are compared case-insensitively (ASCII only). The
///   path must be empty or `/` (`ecovelo-sdk://finish/?status=…` is accepted); anything else is
///   refused. `#` ends the query; the fragment is ignored.
/// - A query is required (no `?` is ``LinkError/missingQuery``), and so is `status`. Its value
///   is compared exactly: `success`, `cancelled` or `error`.
/// - `status` or `message` appearing twice is a conflict and is rejected, whichever the status.
///   Unknown parameters are ignored. The whole query must be well-formed (escapes, UTF-8, names).
/// - `message` is only meaningful with `error`; with `success` and `cancelled` it is ignored
///   (beyond the query-wide checks and the duplicate check). With `error`, `message` without `=`
///   is refused, and an absent or empty message gives `.error(message: "")`.
/// - Control characters (C0 U+0000–U+001F, DEL, C1 U+0080–U+009F, so also newlines and tabs)
///   are **stripped** from the decoded message, since it may reach a user interface or a log.
/// - After stripping, a message holds at most ``messageLengthMax`` Unicode scalars. The cap is
///   on scalars, not characters, because one character can hold any number of scalars.
///
/// ## Laws
/// - Round trip: `try EcoveloFinish(parsing: finish.url) == finish` for every finish whose
///   message has no control characters and at most ``messageLengthMax`` scalars (property test
///   over messages with non-ASCII letters, spaces, `+`, `&`, `=`, `%`, emoji).
/// - `resolve(text) == (try? EcoveloFinish(parsing: text)) ?? .error(message: fixed text)`, and
///   `resolve` never traps (property test over random and URL-shaped strings).
/// - A parsed message never holds a control character nor more than ``messageLengthMax``
///   scalars.
public enum EcoveloFinish: Hashable, Sendable {
  /// The journey finished normally.
  case success
  /// The person left the journey.
  case cancelled
  /// The journey failed; `message` is the web app's text, sanitized, or a fixed text from
  /// ``resolve(_:)-(String)``.
  case error(message: String)

  /// The most Unicode scalars a message may hold, after control characters are stripped.
  public static let messageLengthMax = 1_000

  /// Reads a finish link strictly.
  ///
  /// ```swift
  /// try EcoveloFinish(parsing: "ecovelo-sdk://finish?status=error&message=Paiement+refus%C3%A9")
  /// // .error(message: "Paiement refusé")
  /// try EcoveloFinish(parsing: "ecovelo-sdk://finish?status=")   // throws .emptyValue
  /// ```
  /// - Throws: ``LinkError`` naming the first problem, in this order: scheme, host, path,
  ///   missing query, the query's encoding, a duplicate `status` or `message`, `status` (missing,
  ///   without `=`, empty, unknown), then with `error` the message (without `=`, too long).
  public init(parsing text: String) throws(LinkError) {
    let url = try RawURL(splitting: text)
    guard url.scheme == "ecovelo-sdk" else {
      throw .unexpectedScheme(LinkError.excerpt(url.scheme), expected: "ecovelo-sdk")
    }
    guard let host = url.host, !host.isEmpty else {
      throw .missingHost(path: LinkError.excerpt(url.path))
    }
    guard host == "finish" else {
      throw .unknownHost(LinkError.excerpt(host), scheme: "ecovelo-sdk")
    }
    guard url.path.isEmpty || url.path == "/" else {
      throw .unexpectedPath(LinkError.excerpt(url.path), host: host)
    }
    guard url.queryRange != nil else { throw .missingQuery }
    let items = try url.queryItems()
    let statusItem = try items.unique("status")
    let messageItem = try items.unique("message")
    guard let statusItem else { throw .missingParameter("status") }
    switch try statusItem.nonEmptyValue() {
    case "success": self = .success
    case "cancelled": self = .cancelled
    case "error": self = .error(message: try EcoveloFinish.message(messageItem))
    case let other: throw .unknownStatus(LinkError.excerpt(other))
    }
  }

  /// Reads `url.absoluteString` strictly; see ``init(parsing:)``.
  public init(url: URL) throws(LinkError) {
    try self.init(parsing: url.absoluteString)
  }

  /// Reads a finish link and never fails: a link that does not parse becomes
  /// `.error(message: fallbackMessage(for: theError))`.
  public static func resolve(_ text: String) -> EcoveloFinish {
    do throws(LinkError) {
      return try EcoveloFinish(parsing: text)
    } catch {
      return .error(message: fallbackMessage(for: error))
    }
  }

  /// Reads `url.absoluteString`; see ``resolve(_:)-(String)``.
  public static func resolve(_ url: URL) -> EcoveloFinish {
    resolve(url.absoluteString)
  }

  /// The fixed text that ``resolve(_:)-(String)`` shows for a link that does not parse. It
  /// names the kind of problem and never repeats anything from the link.
  public static func fallbackMessage(for error: LinkError) -> String {
    switch error {
    case .missingScheme, .unexpectedScheme, .missingHost, .unknownHost, .unexpectedPath:
      return "Ecovelo ended with a link that is not a finish link."
    case .missingQuery, .missingParameter, .missingValue, .emptyValue:
      return "Ecovelo ended without a status."
    case .unknownStatus:
      return "Ecovelo ended with an unknown status."
    case .duplicateParameter:
      return "Ecovelo ended with conflicting results."
    case .malformedPercentEscape, .invalidUTF8, .emptyParameterName, .malformedUUID:
      return "Ecovelo ended with a result that could not be decoded."
    case .messageTooLong:
      return "Ecovelo ended with an error whose message is too long to show."
    }
  }

  /// The canonical link: `status` first, and with a non-empty error message, `message`
  /// percent-encoded with ``URLQuery/percentEncode(_:)``.
  public var url: String {
    let base = "ecovelo-sdk://finish?status="
    switch self {
    case .success: return base + "success"
    case .cancelled: return base + "cancelled"
    case .error(let message):
      guard !message.isEmpty else { return base + "error" }
      return base + "error&message=" + URLQuery.percentEncode(message)
    }
  }

  /// The error message: none gives `""`; control characters stripped; capped.
  private static func message(_ located: URLQuery.LocatedItem?) throws(LinkError) -> String {
    guard let located else { return "" }
    guard let raw = located.item.value else {
      throw .missingValue(parameter: located.item.name, position: located.position)
    }
    var message = ""
    message.unicodeScalars.append(
      contentsOf: raw.unicodeScalars.lazy.filter { !$0.isControlCharacter })
    let length = message.unicodeScalars.count
    guard length <= messageLengthMax else {
      throw .messageTooLong(length: length, limit: messageLengthMax)
    }
    return message
  }
}
