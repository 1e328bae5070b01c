/// Text made safe for the reports' markup: the HTML page (``Report/html``) and the SVG charts.
enum MarkupText {
  /// `text` safe as HTML or XML character data and as a quoted attribute value: `& < > " '`
  /// become entities, and control characters (C0 other than tab, LF and CR; DEL; C1), which
  /// HTML does not allow in a document, and U+FFFE, U+FFFF, which XML 1.0 forbids, become
  /// U+FFFD.
  ///
  /// Laws: the result contains none of `< > " '`, and every `&` in it starts one of the five
  /// entities; decoding those five entities gives back `text` when it has no control character.
  ///
  /// - Complexity: O(n) in the UTF-8 length; a text with nothing to change is returned as it is,
  ///   without a copy.
  static func escaped(_ text: String) -> String {
    var text = text
    guard text.withUTF8({ $0.contains(where: mayChange) }) else { return text }
    var bytes: [UInt8] = []
    bytes.reserveCapacity(text.utf8.count + 16)
    appendEscaped(text, to: &bytes)
    return String(decoding: bytes, as: UTF8.self)
  }

  /// Appends the UTF-8 of ``escaped(_:)`` of `text` to `bytes`, without building a `String`.
  ///
  /// It works on the UTF-8 bytes, which a Swift string always holds valid: every ASCII byte is a
  /// scalar of its own, so the five markup characters and the C0 controls and DEL are found
  /// byte by byte; `C2 80`…`C2 9F` is exactly the C1 range, and `EF BF BE`, `EF BF BF` are exactly
  /// U+FFFE and U+FFFF (`C2` and `EF` only ever start a sequence). Any other byte is copied.
  static func appendEscaped(_ text: String, to bytes: inout [UInt8]) {
    var text = text
    text.withUTF8 { utf8 in
      guard utf8.contains(where: mayChange) else { return bytes.append(contentsOf: utf8) }
      let replacement: [UInt8] = [0xEF, 0xBF, 0xBD]
      var index = 0
      while index < utf8.count {
        let byte = utf8[index]
        index += 1
        switch byte {
        case UInt8(ascii: "&"): bytes.append(contentsOf: "&amp;".utf8)
        case UInt8(ascii: "<"): bytes.append(contentsOf: "&lt;".utf8)
        case UInt8(ascii: ">"): bytes.append(contentsOf: "&gt;".utf8)
        case UInt8(ascii: "\""): bytes.append(contentsOf: "&quot;".utf8)
        case UInt8(ascii: "'"): bytes.append(contentsOf: "&#39;".utf8)
        case 0x09, 0x0A, 0x0D: bytes.append(byte)
        case 0x00..<0x20, 0x7F: bytes.append(contentsOf: replacement)
        case 0xC2 where index < utf8.count && (0x80...0x9F).contains(utf8[index]):
          index += 1
          bytes.append(contentsOf: replacement)
        case 0xEF where index + 1 < utf8.count && utf8[index] == 0xBF && (0xBE...0xBF).contains(utf8[index + 1]):
          index += 2
          bytes.append(contentsOf: replacement)
        default: bytes.append(byte)
        }
      }
    }
  }

  /// Whether a UTF-8 byte may start something ``appendEscaped(_:to:)`` changes: a markup
  /// character, a control character other than tab, LF and CR, or the lead byte of a C1
  /// control (`C2`) or of U+FFFE, U+FFFF (`EF`).
  private static func mayChange(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "&"), UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "\""), UInt8(ascii: "'"): true
    case 0x09, 0x0A, 0x0D: false
    case 0x00..<0x20, 0x7F, 0xC2, 0xEF: true
    default: false
    }
  }

  /// `text` as a fragment identifier (an `id` and the `#…` that links to it): ASCII letters and
  /// digits are kept, letters lowercased, and every other run of characters becomes one `-`.
  static func identifier(_ text: String) -> String {
    // On the UTF-8 bytes: an ASCII letter or digit is a byte of its own, and every byte of any
    // other character is neither.
    var result: [UInt8] = []
    result.reserveCapacity(text.utf8.count)
    var pendingDash = false
    for byte in text.utf8 {
      switch byte {
      case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "A")...UInt8(ascii: "Z"):
        if pendingDash && !result.isEmpty { result.append(UInt8(ascii: "-")) }
        pendingDash = false
        let isUpper = (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
        result.append(isUpper ? byte - UInt8(ascii: "A") + UInt8(ascii: "a") : byte)
      default:
        pendingDash = true
      }
    }
    return String(decoding: result, as: UTF8.self)
  }
}
