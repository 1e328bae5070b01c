/// A piece of markup written straight as UTF-8 bytes from a string literal and its
/// interpolations, so that a chart's thousands of elements cost no `String` each.
///
/// ## Laws
/// - `"…" as MarkupFragment` holds exactly the UTF-8 of the `String` the same literal makes:
///   literals are copied, integers are written as `"\(value)"` writes them
///   (``Swift/Array/appendDecimal(_:)``), a `String` is copied as it is, and `\(escaped: text)`
///   is `MarkupText.escaped(text)` (``MarkupText/appendEscaped(_:to:)``).
/// - Only those interpolations exist: nothing reaches the bytes through `String(describing:)`.
struct MarkupFragment: ExpressibleByStringInterpolation {
  /// The fragment's UTF-8.
  var bytes: [UInt8]

  init(stringLiteral literal: StaticString) {
    bytes = literal.withUTF8Buffer { Array($0) }
  }

  init(stringInterpolation: Interpolation) {
    bytes = stringInterpolation.bytes
  }

  /// Builds a fragment's bytes, part after part.
  struct Interpolation: StringInterpolationProtocol {
    var bytes: [UInt8] = []

    init(literalCapacity: Int, interpolationCount: Int) {
      // Room for the literal parts and a 20-character number per interpolation.
      bytes.reserveCapacity(literalCapacity + 20 * interpolationCount)
    }

    mutating func appendLiteral(_ literal: StaticString) {
      literal.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    mutating func appendInterpolation(_ value: Int64) {
      bytes.appendDecimal(value)
    }

    mutating func appendInterpolation(_ value: Int) {
      bytes.appendDecimal(Int64(value))
    }

    /// `text` as it is: markup already, or text that holds no markup character.
    mutating func appendInterpolation(_ text: String) {
      bytes.append(contentsOf: text.utf8)
    }

    /// ASCII bytes as they are, such as a path's data (``SVGChart/pathData(_:_:)``).
    mutating func appendInterpolation(_ ascii: [UInt8]) {
      bytes.append(contentsOf: ascii)
    }

    mutating func appendInterpolation(escaped text: String) {
      MarkupText.appendEscaped(text, to: &bytes)
    }
  }
}
