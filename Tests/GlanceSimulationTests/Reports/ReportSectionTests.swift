import Foundation
import GlanceKernel
import Testing

@testable import GlanceSimulation

/// The report's sections are built once (``Report/sections``) and rendered to both pages: the
/// pages show the same sections in the same order, and what both show reads the same.
@Suite("Report sections")
struct ReportSectionTests {
  /// The headings of `lines` that start with `prefix`, in order.
  static func headings(_ text: String, prefix: String) -> [String] {
    text.split(separator: "\n").filter { $0.hasPrefix(prefix) }.map { String($0.dropFirst(prefix.count)) }
  }

  @Test("report.md and report.html show their sections in the order the model gives, and the page links each it shows")
  func sameSectionsSameOrder() throws {
    let report = try HostileReport.make()
    let sections = report.sections
    let markdown = report.markdown
    let html = report.html
    #expect(Self.headings(markdown, prefix: "## ") == sections.filter { $0.pages.contains(.markdown) }.map(\.heading))
    let htmlIDs = Self.headings(html, prefix: "<section id=\"").map { String($0.prefix { $0 != "\"" }) }
    #expect(htmlIDs == sections.filter { $0.pages.contains(.html) }.map(\.id))
    for id in htmlIDs { #expect(html.contains("<a href=\"#\(id)\">"), "the navigation does not link \(id)") }
    // Hand-counted: report.md has six sections, report.html eight (the invariants and the charts besides).
    #expect(Self.headings(markdown, prefix: "## ").count == 6 && htmlIDs.count == 8)
  }

  @Test("a paragraph both pages show says the same on both: the HTML is the Markdown's text, escaped and marked up")
  func paragraphsAgree() {
    let paragraph = ReportBlock.paragraph(
      [.text("Shrunk <2> & 'more': "), .link([.code("shrunk/a b.yaml")], to: "shrunk/a b.yaml"), .text(".")], class: "shrunk")
    #expect(paragraph.lines(for: .markdown) == ["Shrunk <2> & 'more': [`shrunk/a b.yaml`](shrunk/a b.yaml).", ""])
    #expect(
      paragraph.lines(for: .html) == [
        "<p class=\"shrunk\">Shrunk &lt;2&gt; &amp; &#39;more&#39;: <a href=\"shrunk/a b.yaml\"><code>shrunk/a b.yaml</code></a>.</p>"
      ])
  }

  @Test("an anchor is a link on the HTML page and its text alone in report.md, which has no anchors")
  func anchors() {
    let cell: [ReportInline] = [.anchor([.text("FAIL ×3")], to: "#violation-x")]
    #expect(cell.markdown == "FAIL ×3")
    #expect(cell.html == "<a href=\"#violation-x\">FAIL ×3</a>")
  }

  @Test("blocks meant for one page are absent from the other; a trace is fenced in Markdown and preformatted in HTML")
  func pageOnlyBlocks() {
    let block = ReportBlock.only(.html, [.markup(["<dl></dl>"]), .paragraph([.text("x")])])
    #expect(block.lines(for: .markdown).isEmpty)
    #expect(block.lines(for: .html) == ["<dl></dl>", "<p>x</p>"])
    let trace = ReportBlock.trace(["a <b>", "c"])
    #expect(trace.lines(for: .markdown) == ["```", "a <b>", "c", "```", ""])
    #expect(trace.lines(for: .html) == ["<pre class=\"trace\">a &lt;b&gt;\nc</pre>"])
    let section = ReportSection(id: "s", heading: "S & T", pages: [.html], [.lastParagraph([.text("None.")])])
    #expect(section.lines(for: .markdown).isEmpty)
    #expect(section.lines(for: .html) == ["<section id=\"s\">", "<h2>S &amp; T</h2>", "<p>None.</p>", "</section>"])
  }
}
