/// One cell of a report's table: its text, and the classes of its HTML cell (`verdict fail`).
struct ReportCell {
  let inlines: [ReportInline]
  let classes: [String]

  /// A cell of plain text.
  init(_ text: String, classes: [String] = []) {
    self.init([.text(text)], classes: classes)
  }

  init(_ inlines: [ReportInline], classes: [String] = []) {
    self.inlines = inlines
    self.classes = classes
  }
}
