extension Money {
  /// The most bytes ``formattedInt64(_:currency:style:)`` writes: before the number a sign, a
  /// 3-byte currency and a 3-byte spacing; the 17 whole digits of `Int64.min` with five 3-byte
  /// separators; a decimal separator and two decimals.
  static let formattedInt64BytesMax = 1 + 3 + 3 + 17 + 5 * 3 + 3

  /// ``formatted(_:)`` of `minorUnits` in `currency`, printed by integer arithmetic into one
  /// buffer: no digit array, no intermediate strings, no big-integer rounding.
  ///
  /// Laws (checked against ``formattedFromDigits(_:)`` for every style and every conventions,
  /// around each digit count and grouping boundary, at ±2^62, ±2^63 and the `Int64` edges):
  /// - the text equals `Money(minorUnits: minorUnits, currency: currency).formattedFromDigits(style)`;
  /// - `.compact` rounds half away from zero (`rounded(toMultipleOf: 100, rounding: .halfUp)`), and the
  ///   sign is that of the rounded amount, so there is never a `-0`.
  static func formattedInt64(_ minorUnits: Int64, currency: Currency, style: MoneyFormat) -> String {
    precondition(currency.minorUnitDigits == 2, "\(currency.code) has \(currency.minorUnitDigits) decimals, not 2")
    let format = ResolvedMoneyFormat(style, currency: currency)
    let magnitude = minorUnits.magnitude
    let fraction = magnitude % 100
    var whole = magnitude / 100
    let fractionDigits: Int
    switch style.precision {
    case .full: fractionDigits = 2
    case .compact:
      fractionDigits = 0
      if fraction >= 50 { whole += 1 }
    case .adaptive: fractionDigits = fraction == 0 ? 0 : fraction % 10 == 0 ? 1 : 2
    }
    let shownIsZero = style.precision == .compact ? whole == 0 : magnitude == 0
    let (prefix, suffix) = format.affixes(sign: format.sign(signum: shownIsZero ? 0 : minorUnits < 0 ? -1 : 1))
    var digitCount = 1
    var rest = whole / 10
    while rest > 0 {
      digitCount += 1
      rest /= 10
    }
    precondition(digitCount <= 17, "\(digitCount) whole digits in \(minorUnits) minor units")
    let separator = digitCount >= format.groupedDigitsMin ? format.grouping : .empty
    let numberLength = digitCount + (digitCount - 1) / 3 * separator.count
    let length = prefix.count + numberLength + (fractionDigits == 0 ? 0 : fractionDigits + 1) + suffix.count
    precondition(length <= formattedInt64BytesMax, "\(length) bytes for \(minorUnits) minor units")
    // The exact length: text of up to 15 bytes is built in place as a small string, with no
    // allocation, and longer text allocates once.
    return String(unsafeUninitializedCapacity: length) { buffer in
      var end = prefix.write(into: buffer, at: 0)
      // The whole digits right to left, a separator before every third but the last.
      end += numberLength
      var position = end
      var value = whole
      var written = 0
      repeat {
        if written > 0 && written % 3 == 0 {
          position -= separator.count
          _ = separator.write(into: buffer, at: position)
        }
        position -= 1
        buffer[position] = UInt8(ascii: "0") + UInt8(value % 10)
        value /= 10
        written += 1
      } while value > 0
      precondition(position == end - numberLength, "wrote \(end - position) bytes of \(numberLength)")
      if fractionDigits > 0 {
        buffer[end] = format.decimalSeparator
        buffer[end + 1] = UInt8(ascii: "0") + UInt8(fraction / 10)
        end += 2
        if fractionDigits == 2 {
          buffer[end] = UInt8(ascii: "0") + UInt8(fraction % 10)
          end += 1
        }
      }
      end = suffix.write(into: buffer, at: end)
      precondition(end == length, "wrote \(end) bytes of \(length)")
      return end
    }
  }
}
