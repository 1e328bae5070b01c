/// A piece of running text in a report section, built once and rendered to both pages.
///
/// ## Laws
/// - The HTML of every case escapes its text (``MarkupText/escaped(_:)``); the Markdown keeps it
///   as it is.
/// - An ``anchor(_:to:)`` is a link within the HTML page; `report.md` has no anchors and shows its
///   text alone.
enum ReportInline {
  /// Plain text.
  case text(String)
  /// Code: a command, a file name (`` `…` ``, `<code>`).
  case code(String)
  /// A link to another file of the report's folder.
  case link([ReportInline], to: String)
  /// A link to a fragment of the HTML page (`#violation-…`).
  case anchor([ReportInline], to: String)

  var markdown: String {
    switch self {
    case .text(let text): return text
    case .code(let code): return "`\(code)`"
    case .link(let inlines, let target): return "[\(inlines.markdown)](\(target))"
    case .anchor(let inlines, _): return inlines.markdown
    }
  }

  var html: String {
    switch self {
    case .text(let text): return MarkupText.escaped(text)
    case .code(let code): return "<code>\(MarkupText.escaped(code))</code>"
    case .link(let inlines, let target), .anchor(let inlines, let target):
      return "<a href=\"\(MarkupText.escaped(target))\">\(inlines.html)</a>"
    }
  }
}

extension [ReportInline] {
  var markdown: String { map(\.markdown).joined() }
  var html: String { map(\.html).joined() }
}
