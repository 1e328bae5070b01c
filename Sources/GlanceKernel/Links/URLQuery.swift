/// The items of a URL query, read from and written to its raw percent-encoded text by Glance
/// itself, never through `URLComponents.queryItems`, so that every platform and every iOS
/// version reads a link the same way (see *The real apps Glance models*, Ecovelo: the finish URL contract).
///
/// Reading (``init(parsing:)``):
/// - the text is split on `&`, and each item at its first `=`; an item without `=` has a `nil`
///   value, an item ending in `=` the empty value;
/// - in names and values `+` is a space and `%XX` a byte; the bytes must form valid UTF-8;
///   any other character is kept as written (a raw space or `é` is accepted literally);
/// - wholly empty items (`&&`, a leading or trailing `&`) are skipped; an item with a value and
///   no name (`=x`) is rejected;
/// - items keep their order, and duplicates are kept: whoever reads a parameter decides what a
///   duplicate means (``PulpeLink`` and ``EcoveloFinish`` reject them).
///
/// Writing (``percentEncoded``): names and values are encoded with ``percentEncode(_:)``, and an
/// item with a `nil` value is written without `=`.
///
/// ```swift
/// let query = try URLQuery(parsing: "status=error&message=Paiement+refus%C3%A9")
/// query.items   // [status: "error", message: "Paiement refusé"]
/// URLQuery.percentEncode("a b+c")   // "a%20b%2Bc"
/// ```
///
/// ## Laws
/// - Round trip: `try URLQuery(parsing: query.percentEncoded) == query` for every query whose
///   names are all non-empty.
/// - `percentEncode(text)` contains only `A–Z a–z 0–9 - . _ ~` and `%XX` with uppercase `XX`,
///   and decodes back to `text`.
/// - Parsing never traps; it returns items or throws a ``LinkError``.
public struct URLQuery: Hashable, Sendable {
  /// One `name=value` pair, decoded.
  public struct Item: Hashable, Sendable {
    /// The decoded name; never empty in a parsed query.
    public var name: String
    /// The decoded value; `nil` when the item has no `=`, `""` when nothing follows the `=`.
    public var value: String?

    /// An item named `name` with `value` (`nil` to write the name alone).
    public init(name: String, value: String?) {
      self.name = name
      self.value = value
    }
  }

  /// The items, in the order they appear.
  public var items: [Item]

  /// A query made of `items`, in that order.
  public init(items: [Item]) {
    self.items = items
  }

  /// Reads a raw percent-encoded query: the text after `?` and before any `#` (a `#` given here
  /// is taken as a literal character). Positions in errors are UTF-8 offsets in `query`.
  ///
  /// - Throws: ``LinkError/malformedPercentEscape(position:)``,
  ///   ``LinkError/invalidUTF8(parameter:position:)`` or
  ///   ``LinkError/emptyParameterName(position:)``.
  public init(parsing query: String) throws(LinkError) {
    let bytes = Array(query.utf8)
    self.init(items: try URLQuery.located(in: bytes[...]).map(\.item))
  }

  /// The raw query text (without `?`): `name=value` pairs joined by `&`, each component
  /// percent-encoded with ``percentEncode(_:)``.
  public var percentEncoded: String {
    items.map { item in
      let name = URLQuery.percentEncode(item.name)
      guard let value = item.value else { return name }
      return name + "=" + URLQuery.percentEncode(value)
    }.joined(separator: "&")
  }

  /// Percent-encodes one name or value: the unreserved characters `A–Z a–z 0–9 - . _ ~` stay,
  /// every other UTF-8 byte becomes `%XX` in uppercase (a space is `%20`, `+` is `%2B`).
  public static func percentEncode(_ text: String) -> String {
    PercentCoding.encode(text)
  }
}

// MARK: - Reading with positions

extension URLQuery {
  /// A parsed item and where its text starts, for errors that point into the URL.
  struct LocatedItem {
    let item: Item
    /// Byte offset of the item's first byte.
    let position: Int
  }

  /// Splits and decodes the query bytes in `slice`; offsets are the slice's indices.
  static func located(in slice: ArraySlice<UInt8>) throws(LinkError) -> [LocatedItem] {
    var result: [LocatedItem] = []
    var itemStart = slice.startIndex
    while itemStart <= slice.endIndex {
      let itemEnd = slice[itemStart...].firstIndex(of: UInt8(ascii: "&")) ?? slice.endIndex
      if itemEnd > itemStart {
        result.append(try decodeItem(slice[itemStart..<itemEnd]))
      }
      itemStart = itemEnd + 1
    }
    return result
  }

  /// Decodes one non-empty `name[=value]` item.
  private static func decodeItem(_ bytes: ArraySlice<UInt8>) throws(LinkError) -> LocatedItem {
    precondition(!bytes.isEmpty, "empty query items are skipped before decoding")
    let equals = bytes.firstIndex(of: UInt8(ascii: "="))
    let rawName = bytes[bytes.startIndex..<(equals ?? bytes.endIndex)]
    let rawNameText = String(decoding: rawName, as: UTF8.self)
    let name = try decodeComponent(rawName, rawName: rawNameText)
    guard !name.isEmpty else {
      throw .emptyParameterName(position: bytes.startIndex)
    }
    var value: String? = nil
    if let equals {
      value = try decodeComponent(bytes[(equals + 1)...], rawName: rawNameText)
    }
    return LocatedItem(item: Item(name: name, value: value), position: bytes.startIndex)
  }

  private static func decodeComponent(
    _ bytes: ArraySlice<UInt8>, rawName: String
  )
    throws(LinkError) -> String
  {
    switch PercentCoding.decode(bytes) {
    case .success(let text):
      return text
    case .failure(.malformedEscape(let position)):
      throw .malformedPercentEscape(position: position)
    case .failure(.invalidUTF8):
      throw .invalidUTF8(parameter: LinkError.excerpt(rawName), position: bytes.startIndex)
    }
  }
}
