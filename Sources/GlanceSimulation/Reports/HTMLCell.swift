/// One cell of an HTML table: its content, already HTML, and its classes.
struct HTMLCell {
  let html: String
  let classes: [String]

  /// A cell of plain text (escaped here).
  init(_ text: String, classes: [String] = []) {
    self.html = MarkupText.escaped(text)
    self.classes = classes
  }

  /// A cell whose content is already HTML.
  init(html: String, classes: [String] = []) {
    self.html = html
    self.classes = classes
  }
}
