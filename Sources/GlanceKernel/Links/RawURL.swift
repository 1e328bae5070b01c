/// A URL text split into its parts by Glance itself (a small subset of RFC 3986 §3), so that
/// every platform splits a link the same way.
///
/// - `scheme`: up to the first `:`; an ASCII letter then letters, digits, `+`, `-`, `.`.
///   Lowercased in ASCII only, so that no Unicode case mapping (the Kelvin sign `K` lowercases
///   to `k`) can make a foreign scheme match.
/// - `host`: after `//`, up to the first `/`, `?` or `#`; `nil` without `//`, possibly empty
///   (`pulpe:///add-expense`). It is the whole authority, user info and port included, and is
///   lowercased in ASCII only; nothing is percent-decoded.
/// - `path`: up to `?` or `#`, as written (paths are case-sensitive).
/// - `query`: the bytes after `?` up to `#`; `nil` without `?`, empty for a bare `?`.
/// - The fragment (from `#`) is ignored.
struct RawURL {
  let bytes: [UInt8]
  let scheme: String
  let host: String?
  let path: String
  /// Byte range of the query in ``bytes``, without the `?`.
  let queryRange: Range<Int>?

  init(splitting text: String) throws(LinkError) {
    let bytes = Array(text.utf8)
    guard let colon = RawURL.schemeEnd(in: bytes) else { throw .missingScheme }
    let end = bytes.firstIndex(of: UInt8(ascii: "#")) ?? bytes.endIndex
    var cursor = colon + 1
    var host: String? = nil
    if end - cursor >= 2, bytes[cursor] == UInt8(ascii: "/"), bytes[cursor + 1] == UInt8(ascii: "/") {
      let hostStart = cursor + 2
      let hostEnd =
        bytes[hostStart..<end].firstIndex { $0 == UInt8(ascii: "/") || $0 == UInt8(ascii: "?") }
        ?? end
      host = RawURL.asciiLowercased(bytes[hostStart..<hostEnd])
      cursor = hostEnd
    }
    let question = bytes[cursor..<end].firstIndex(of: UInt8(ascii: "?"))
    self.bytes = bytes
    self.scheme = RawURL.asciiLowercased(bytes[0..<colon])
    self.host = host
    self.path = String(decoding: bytes[cursor..<(question ?? end)], as: UTF8.self)
    self.queryRange = question.map { ($0 + 1)..<end }
  }

  /// The decoded query items, in order; none when there is no query.
  func queryItems() throws(LinkError) -> [URLQuery.LocatedItem] {
    guard let queryRange else { return [] }
    return try URLQuery.located(in: bytes[queryRange])
  }

  /// The index of the `:` that ends a well-formed scheme, or `nil`.
  private static func schemeEnd(in bytes: [UInt8]) -> Int? {
    guard let first = bytes.first, isASCIILetter(first) else { return nil }
    for (index, byte) in bytes.enumerated().dropFirst() {
      if byte == UInt8(ascii: ":") { return index }
      let allowed =
        isASCIILetter(byte) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
        || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".")
      guard allowed else { return nil }
    }
    return nil
  }

  private static func isASCIILetter(_ byte: UInt8) -> Bool {
    (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
      || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
  }

  /// The bytes as text with only `A–Z` mapped to `a–z`.
  private static func asciiLowercased(_ bytes: ArraySlice<UInt8>) -> String {
    String(
      decoding: bytes.map { (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains($0) ? $0 | 0x20 : $0 },
      as: UTF8.self)
  }
}

// MARK: - Reading parameters

extension [URLQuery.LocatedItem] {
  /// The only item named `name`, or `nil`.
  ///
  /// - Throws: ``LinkError/duplicateParameter(_:position:)`` at the second occurrence.
  func unique(_ name: String) throws(LinkError) -> URLQuery.LocatedItem? {
    var found: URLQuery.LocatedItem? = nil
    for located in self where located.item.name == name {
      guard found == nil else { throw .duplicateParameter(name, position: located.position) }
      found = located
    }
    return found
  }
}

extension URLQuery.LocatedItem {
  /// The value, which must be present and non-empty.
  ///
  /// - Throws: ``LinkError/missingValue(parameter:position:)`` without `=`,
  ///   ``LinkError/emptyValue(parameter:position:)`` for `name=`.
  func nonEmptyValue() throws(LinkError) -> String {
    guard let value = item.value else {
      throw .missingValue(parameter: item.name, position: position)
    }
    guard !value.isEmpty else { throw .emptyValue(parameter: item.name, position: position) }
    return value
  }
}
