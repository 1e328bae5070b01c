/// A block of a report section, built once and rendered to both pages (``lines(for:)``).
indirect enum ReportBlock {
  /// A paragraph: its line then an empty one in Markdown, `<p>` (with `class`) in HTML.
  case paragraph([ReportInline], class: String? = nil)
  /// A paragraph that ends its section in Markdown with no empty line after it (`None.`).
  case lastParagraph([ReportInline])
  case table(ReportTable)
  /// Lines kept as they are: a fenced block in Markdown, `<pre class="trace">` in HTML.
  case trace([String])
  /// A titled part of a section: `###` in Markdown, an `<article>` with `id` in HTML.
  case article(id: String, heading: String, blocks: [ReportBlock])
  /// Blocks one page shows and the other does not (the HTML page is the richer one).
  case only(ReportPage, [ReportBlock])
  /// Markup for the HTML page, as it is (an inlined chart, a styled legend).
  case markup([String])

  func lines(for page: ReportPage) -> [String] {
    switch (self, page) {
    case (.paragraph(let inlines, _), .markdown): return [inlines.markdown, ""]
    case (.paragraph(let inlines, let style), .html):
      return ["<p\(style.map { " class=\"\($0)\"" } ?? "")>\(inlines.html)</p>"]
    case (.lastParagraph(let inlines), .markdown): return [inlines.markdown]
    case (.lastParagraph(let inlines), .html): return ["<p>\(inlines.html)</p>"]
    case (.table(let table), .markdown): return table.markdown
    case (.table(let table), .html): return table.html
    case (.trace(let lines), .markdown): return ["```"] + lines + ["```", ""]
    case (.trace(let lines), .html): return ["<pre class=\"trace\">\(MarkupText.escaped(lines.joined(separator: "\n")))</pre>"]
    case (.article(_, let heading, let blocks), .markdown): return ["### \(heading)", ""] + blocks.flatMap { $0.lines(for: page) }
    case (.article(let id, let heading, let blocks), .html):
      return ["<article id=\"\(id)\">", "<h3>\(MarkupText.escaped(heading))</h3>"] + blocks.flatMap { $0.lines(for: page) } + ["</article>"]
    case (.only(let shown, let blocks), _): return shown == page ? blocks.flatMap { $0.lines(for: page) } : []
    case (.markup(let lines), .html): return lines
    case (.markup, .markdown): return []
    }
  }
}
