/// Rectangles that share their row (`y`, `height` and `fill`), written as SVG bytes: a lane has
/// one per tick and per span, so what they share is written once, and each costs its `x` and
/// `width` only.
///
/// ## Laws
/// - `append(x:width:to:)` appends exactly the UTF-8 of
///   `"<rect x=\"\(x)\" y=\"\(y)\" width=\"\(width)\" height=\"\(height)\" fill=\"\(fill)\"/>\n"`.
struct SVGRectRow {
  /// `" y="…" width="`.
  private let afterX: [UInt8]
  /// `" height="…" fill="…"/>` and a newline.
  private let afterWidth: [UInt8]

  init(y: Int64, height: Int64, fill: String) {
    let afterX: MarkupFragment = "\" y=\"\(y)\" width=\""
    let afterWidth: MarkupFragment = "\" height=\"\(height)\" fill=\"\(fill)\"/>\n"
    self.afterX = afterX.bytes
    self.afterWidth = afterWidth.bytes
  }

  /// Appends the rectangle at `x`, `width` wide, and a newline.
  func append(x: Int64, width: Int64, to bytes: inout [UInt8]) {
    bytes.append(contentsOf: Self.opening)
    bytes.appendDecimal(x)
    bytes.append(contentsOf: afterX)
    bytes.appendDecimal(width)
    bytes.append(contentsOf: afterWidth)
  }

  private static let opening: [UInt8] = Array("<rect x=\"".utf8)
}
