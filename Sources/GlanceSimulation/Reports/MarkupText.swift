/// Text made safe for the reports' markup: the HTML page (``Report/html``) and the SVG charts.
enum MarkupText {
  /// `text` safe as HTML or XML character data and as a quoted attribute value: `& < > " '`
  /// become entities, and control characters (C0 other than tab, LF and CR; DEL; C1), which
  /// HTML does not allow in a document, and U+FFFE, U+FFFF, which XML 1.0 forbids, become
  /// U+FFFD.
  ///
  /// Laws: the result contains none of `< > " '`, and every `&` in it starts one of the five
  /// entities; decoding those five entities gives back `text` when it has no control character.
  static func escaped(_ text: String) -> String {
    var result = ""
    result.reserveCapacity(text.utf8.count)
    for scalar in text.unicodeScalars {
      switch scalar {
      case "&": result += "&amp;"
      case "<": result += "&lt;"
      case ">": result += "&gt;"
      case "\"": result += "&quot;"
      case "'": result += "&#39;"
      case "\t", "\n", "\r": result.unicodeScalars.append(scalar)
      default:
        let control = scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) || scalar.value == 0xFFFE || scalar.value == 0xFFFF
        result.unicodeScalars.append(control ? "\u{FFFD}" : scalar)
      }
    }
    return result
  }

  /// `text` as a fragment identifier (an `id` and the `#…` that links to it): ASCII letters and
  /// digits are kept, letters lowercased, and every other run of characters becomes one `-`.
  static func identifier(_ text: String) -> String {
    var result = ""
    var pendingDash = false
    for scalar in text.unicodeScalars {
      let letterOrDigit = ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar)
      if letterOrDigit {
        if pendingDash && !result.isEmpty { result += "-" }
        pendingDash = false
        result += String(scalar).lowercased()
      } else {
        pendingDash = true
      }
    }
    return result
  }
}
