public import Foundation

/// A place in Pulpe that a link opens: its custom-scheme deep links and its one universal link
/// (see *The real apps Glance models*, Pulpe: deep links).
///
/// Accepted forms:
/// - `pulpe://add-expense`, optionally `?budgetId=<UUID>` → ``addExpense(budgetID:)``;
/// - `pulpe://budget?id=<UUID>` → ``budget(id:)``; the id is required;
/// - `https://app.pulpe.app/reset-password`, exact path → ``resetPassword``.
///
/// Decisions:
/// - Scheme and host are compared case-insensitively (ASCII only): `PULPE://Budget?id=…` is
///   accepted. Paths and parameter names are case-sensitive (`?ID=` is not `?id=`).
/// - A custom-scheme link accepts an empty path or `/` (`pulpe://budget/?id=…`); any other path
///   is refused. The universal link needs the exact path `/reset-password`: a trailing slash is
///   refused, and so is `pulpe://reset-password` (an unknown host).
/// - `pulpe:///add-expense` (an empty host; the name is in the path) is refused.
/// - A malformed UUID rejects the whole link, as in Pulpe. The UUID is read in the 8-4-4-4-12
///   form only, either case.
/// - Unknown query parameters are ignored (all of the universal link's are). `id` or
///   `budgetId` appearing twice is a conflict and is rejected. The whole query must still be
///   well-formed (escapes, UTF-8, names), on every form.
/// - The fragment (`#…`) is ignored: `#` ends the query.
/// - The whole authority is compared, so a port or user info (`app.pulpe.app:443`) is unknown.
///
/// Pulpe itself ignores the parsed `budgetId` (its sheet loads the current period's budget); the
/// kernel still returns it, so the caller decides.
///
/// ## Laws
/// - Round trip: `try PulpeLink(parsing: link.url) == link` for every link (property test over
///   generated UUIDs).
/// - Parsing never traps: it returns a link or throws a ``LinkError``, for any string.
/// - Each refused form in Pulpe's rules throws its own ``LinkError`` (one example test each).
public enum PulpeLink: Hashable, Sendable {
  /// Open the add-expense sheet; `budgetID` is the budget the link named, if any.
  case addExpense(budgetID: UUID?)
  /// Open the details of the budget `id`.
  case budget(id: UUID)
  /// Open the password reset screen (the universal link).
  case resetPassword

  /// The universal link's host.
  public static let universalLinkHost = "app.pulpe.app"

  /// Reads a link.
  ///
  /// ```swift
  /// try PulpeLink(parsing: "pulpe://budget?id=3F2504E0-4F89-11D3-9A0C-0305E82C3301")
  /// // .budget(id: 3F2504E0-…)
  /// try PulpeLink(parsing: "pulpe://budget")   // throws .missingParameter("id")
  /// ```
  /// - Throws: ``LinkError`` naming the first problem: the scheme, the host, the path, the
  ///   query's encoding, a duplicate, a missing `id`, or a malformed UUID.
  public init(parsing text: String) throws(LinkError) {
    let url = try RawURL(splitting: text)
    switch url.scheme {
    case "pulpe":
      self = try PulpeLink.customSchemeLink(url)
    case "https":
      try PulpeLink.checkUniversalLink(url)
      self = .resetPassword
    default:
      throw .unexpectedScheme(LinkError.excerpt(url.scheme), expected: "pulpe or https")
    }
  }

  /// Reads `url.absoluteString`; see ``init(parsing:)``.
  public init(url: URL) throws(LinkError) {
    try self.init(parsing: url.absoluteString)
  }

  /// The canonical link: lowercase scheme, host and UUID, and only the parameters the link needs.
  public var url: String {
    switch self {
    case .addExpense(let budgetID):
      guard let budgetID else { return "pulpe://add-expense" }
      return "pulpe://add-expense?budgetId=" + LinkUUID.format(budgetID)
    case .budget(let id):
      return "pulpe://budget?id=" + LinkUUID.format(id)
    case .resetPassword:
      return "https://" + PulpeLink.universalLinkHost + "/reset-password"
    }
  }

  private static func customSchemeLink(_ url: RawURL) throws(LinkError) -> PulpeLink {
    guard let host = url.host, !host.isEmpty else {
      throw .missingHost(path: LinkError.excerpt(url.path))
    }
    guard host == "add-expense" || host == "budget" else {
      throw .unknownHost(LinkError.excerpt(host), scheme: "pulpe")
    }
    guard url.path.isEmpty || url.path == "/" else {
      throw .unexpectedPath(LinkError.excerpt(url.path), host: host)
    }
    let items = try url.queryItems()
    if host == "budget" {
      guard let id = try items.unique("id") else { throw .missingParameter("id") }
      return .budget(id: try uuid(id))
    }
    guard let budgetID = try items.unique("budgetId") else { return .addExpense(budgetID: nil) }
    return .addExpense(budgetID: try uuid(budgetID))
  }

  private static func checkUniversalLink(_ url: RawURL) throws(LinkError) {
    guard let host = url.host, !host.isEmpty else {
      throw .missingHost(path: LinkError.excerpt(url.path))
    }
    guard host == universalLinkHost else {
      throw .unknownHost(LinkError.excerpt(host), scheme: "https")
    }
    guard url.path == "/reset-password" else {
      throw .unexpectedPath(LinkError.excerpt(url.path), host: host)
    }
    _ = try url.queryItems()
  }

  private static func uuid(_ located: URLQuery.LocatedItem) throws(LinkError) -> UUID {
    let text = try located.nonEmptyValue()
    guard let uuid = LinkUUID.parse(text) else {
      throw .malformedUUID(parameter: located.item.name, value: LinkError.excerpt(text))
    }
    return uuid
  }
}
