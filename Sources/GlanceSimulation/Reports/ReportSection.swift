/// A section of a report (*Verdicts*, *Staleness*, …), built once from the outcome and rendered
/// to `report.md` and `report.html` alike, so the two pages cannot tell different stories.
///
/// ## Laws
/// - A section appears on the pages in `pages`, in the order ``Report/sections`` gives.
/// - Its HTML is a `<section>` with `id`, which the page's navigation links.
struct ReportSection {
  let id: String
  let heading: String
  let pages: Set<ReportPage>
  let blocks: [ReportBlock]

  init(id: String, heading: String, pages: Set<ReportPage> = [.markdown, .html], _ blocks: [ReportBlock]) {
    (self.id, self.heading, self.pages, self.blocks) = (id, heading, pages, blocks)
  }

  func lines(for page: ReportPage) -> [String] {
    guard pages.contains(page) else { return [] }
    let body = blocks.flatMap { $0.lines(for: page) }
    switch page {
    case .markdown: return ["## \(heading)", ""] + body
    case .html: return ["<section id=\"\(id)\">", "<h2>\(MarkupText.escaped(heading))</h2>"] + body + ["</section>"]
    }
  }
}
