/// A table of a report section: a header row, then rows; the first `leftColumns` columns are
/// left-aligned (the first of them a row header in HTML), the rest right-aligned (numbers).
struct ReportTable {
  let header: [String]
  let leftColumns: Int
  let rows: [[ReportCell]]

  init(_ header: [String], leftColumns: Int, _ rows: [[ReportCell]]) {
    precondition(leftColumns >= 1, "a table has a row header (leftColumns \(leftColumns))")
    precondition(rows.allSatisfy { $0.count == header.count }, "every row has \(header.count) cells")
    (self.header, self.leftColumns, self.rows) = (header, leftColumns, rows)
  }

  /// The Markdown table of plain-text `rows`, then an empty line (the sweep report's tables).
  static func markdown(_ header: [String], leftColumns: Int, _ rows: [[String]]) -> [String] {
    ReportTable(header, leftColumns: leftColumns, rows.map { $0.map { ReportCell($0) } }).markdown
  }

  /// The Markdown table, then an empty line.
  var markdown: [String] {
    func row(_ cells: [String]) -> String { "| " + cells.joined(separator: " | ") + " |" }
    let alignment =
      "|" + String(repeating: "---|", count: leftColumns)
      + String(repeating: "---:|", count: header.count - leftColumns)
    return [row(header), alignment] + rows.map { row($0.map(\.inlines.markdown)) } + [""]
  }

  /// The HTML table, in a `wide` box that scrolls on a narrow screen.
  var html: [String] {
    func attributes(_ column: Int, _ extra: [String]) -> String {
      let classes = (column < leftColumns ? [] : ["number"]) + extra
      return classes.isEmpty ? "" : " class=\"\(classes.joined(separator: " "))\""
    }
    let headerCells = header.enumerated().map { column, text in
      "<th scope=\"col\"\(attributes(column, []))>\(MarkupText.escaped(text))</th>"
    }
    var lines = [
      "<div class=\"wide\">", "<table>",
      "<thead><tr>" + headerCells.joined() + "</tr></thead>", "<tbody>",
    ]
    for row in rows {
      let cells = row.enumerated().map { column, cell in
        column == 0
          ? "<th scope=\"row\"\(attributes(column, cell.classes))>\(cell.inlines.html)</th>"
          : "<td\(attributes(column, cell.classes))>\(cell.inlines.html)</td>"
      }
      lines.append("<tr>" + cells.joined() + "</tr>")
    }
    return lines + ["</tbody>", "</table>", "</div>"]
  }
}
