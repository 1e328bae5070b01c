extension Money {
  /// The most bytes ``formattedInt64(_:currency:style:)`` writes: a 4-byte symbol and a space,
  /// a sign, the 17 whole digits of `Int64.min` with five 3-byte separators, and `.` and two
  /// decimals.
  static let formattedInt64BytesMax = 4 + 1 + 1 + 17 + 5 * 3 + 3

  /// ``formatted(_:)`` of `minorUnits` in `currency`, printed by integer arithmetic into one
  /// buffer: no digit array, no intermediate strings, no big-integer rounding.
  ///
  /// Laws (checked against ``formattedFromDigits(_:)`` for every style, around each digit count
  /// and grouping boundary, at ±2^62, ±2^63 and the `Int64` edges):
  /// - the text equals `Money(minorUnits: minorUnits, currency: currency).formattedFromDigits(style)`;
  /// - `.compact` rounds half away from zero (`rounded(toMultipleOf: 100, rounding: .halfUp)`), and the
  ///   sign is that of the rounded amount, so there is never a `-0`.
  static func formattedInt64(_ minorUnits: Int64, currency: Currency, style: MoneyFormat) -> String {
    precondition(currency.minorUnitDigits == 2, "\(currency.code) has \(currency.minorUnitDigits) decimals, not 2")
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
    let sign: UInt8? =
      shownIsZero ? nil : minorUnits < 0 ? UInt8(ascii: "-") : style.signDisplay == .always ? UInt8(ascii: "+") : nil
    let separator = Self.packedSeparator(style.grouping)
    let symbol = Self.packedSymbol(currency)
    var digitCount = 1
    var rest = whole / 10
    while rest > 0 {
      digitCount += 1
      rest /= 10
    }
    precondition(digitCount <= 17, "\(digitCount) whole digits in \(minorUnits) minor units")
    let numberLength = digitCount + (digitCount - 1) / 3 * separator.count
    let symbolLength = style.symbolPlacement == .omitted ? 0 : symbol.count + 1
    let length = symbolLength + (sign == nil ? 0 : 1) + numberLength + (fractionDigits == 0 ? 0 : fractionDigits + 1)
    precondition(length <= formattedInt64BytesMax, "\(length) bytes for \(minorUnits) minor units")
    // The exact length: text of up to 15 bytes is built in place as a small string, with no
    // allocation, and longer text allocates once.
    return String(unsafeUninitializedCapacity: length) { buffer in
      var end = 0
      if style.symbolPlacement == .prefix {
        for shift in stride(from: 8 * (symbol.count - 1), through: 0, by: -8) {
          buffer[end] = UInt8(truncatingIfNeeded: symbol.bytes >> shift)
          end += 1
        }
        buffer[end] = UInt8(ascii: " ")
        end += 1
      }
      if let sign {
        buffer[end] = sign
        end += 1
      }
      // The whole digits right to left, a separator before every third but the last.
      end += numberLength
      var position = end
      var value = whole
      var written = 0
      repeat {
        if written > 0 && written % 3 == 0 {
          for shift in stride(from: 0, to: 8 * separator.count, by: 8) {
            position -= 1
            buffer[position] = UInt8(truncatingIfNeeded: separator.bytes >> shift)
          }
        }
        position -= 1
        buffer[position] = UInt8(ascii: "0") + UInt8(value % 10)
        value /= 10
        written += 1
      } while value > 0
      precondition(position == end - numberLength, "wrote \(end - position) bytes of \(numberLength)")
      if fractionDigits > 0 {
        buffer[end] = UInt8(ascii: ".")
        buffer[end + 1] = UInt8(ascii: "0") + UInt8(fraction / 10)
        end += 2
        if fractionDigits == 2 {
          buffer[end] = UInt8(ascii: "0") + UInt8(fraction % 10)
          end += 1
        }
      }
      if style.symbolPlacement == .suffix {
        buffer[end] = UInt8(ascii: " ")
        end += 1
        for shift in stride(from: 8 * (symbol.count - 1), through: 0, by: -8) {
          buffer[end] = UInt8(truncatingIfNeeded: symbol.bytes >> shift)
          end += 1
        }
      }
      precondition(end == length, "wrote \(end) bytes of \(length)")
      return end
    }
  }

  /// The UTF-8 bytes of `grouping.separator`, packed into one integer (the last byte lowest), so
  /// that writing them costs no string iteration. The differential tests pin them to the string.
  private static func packedSeparator(_ grouping: MoneyFormat.Grouping) -> (bytes: UInt32, count: Int) {
    switch grouping {
    case .rightSingleQuotationMark: return (0xE2_80_99, 3)
    case .apostrophe: return (UInt32(UInt8(ascii: "'")), 1)
    case .none: return (0, 0)
    }
  }

  /// The UTF-8 bytes of `currency.symbol`, packed as ``packedSeparator(_:)`` packs a separator.
  private static func packedSymbol(_ currency: Currency) -> (bytes: UInt32, count: Int) {
    switch currency {
    case .chf: return (0x43_48_46, 3)
    case .eur: return (0xE2_82_AC, 3)
    }
  }
}
