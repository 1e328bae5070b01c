/// The two pages a report's sections are rendered to: `report.md` and `report.html`.
enum ReportPage: Hashable {
  case markdown, html
}
