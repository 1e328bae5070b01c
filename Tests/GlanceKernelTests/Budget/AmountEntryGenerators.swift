import GlanceKernel
import PropertyBased

/// Generators for the add-expense reducer: keystrokes of every kind, pastes, chips (valid and
/// not), renames, and sequences of them.
enum AmountEntryGen {
  /// Characters a person (or a fuzzer) may type: digits and separators most often, then signs,
  /// currency letters and symbols, letters, emoji, newlines, characters that join the previous
  /// one (combining accent, regional indicators, ZWJ, `\r` `\n`), and any Unicode scalar.
  static var character: Generator<Character, some SendableSequenceType> {
    let anyScalar = Gen.uint32(in: 0...0x10FFFF).map { Character(Unicode.Scalar($0) ?? "\u{FFFD}") }
    let common: [Character] = Array("0123456789012345678900000.,’' .,’' -−+–—CHFchf€EUReaé")
    let odd: [Character] = [
      "😀", "\u{1F1E8}", "\u{1F1ED}", "\u{301}", "\u{200D}", "\n", "\r", "\r\n", "\t",
      "\u{00A0}", "\u{202F}", "\u{2028}", "١", "\u{0}",
    ]
    return zip(Gen.int(in: 0...9), Gen.element(of: common), Gen.element(of: odd), anyScalar)
      .map { band, common, odd, scalar -> Character in
        switch band {
        case 0...6: return common ?? "0"
        case 7, 8: return odd ?? "0"
        default: return scalar
        }
      }
  }

  /// A positive amount under one million, in either currency.
  static var positiveAmount: Generator<Money, some SendableSequenceType> {
    zip(Gen.int64(in: 1...99_999_999), Gen.element(of: Currency.allCases))
      .map { units, currency in Money(minorUnits: units, currency: currency ?? .chf) }
  }

  /// Styles that keep the decimals, so that the printed text parses back to the same amount.
  static var style: Generator<MoneyFormat, some SendableSequenceType> {
    Gen.element(of: [
      MoneyFormat.full, .full.grouping(.apostrophe), .full.grouping(.none), .full.symbol(.prefix),
      .full.symbol(.omitted), .adaptive, .adaptive.symbol(.prefix), .full.signed,
    ]).map { $0 ?? .full }
  }

  /// Pasted text: random characters (sometimes longer than the field allows), or an amount
  /// printed in some style (sometimes negative).
  static var pasted: Generator<String, some SendableSequenceType> {
    zip(
      Gen.int(in: 0...3), character.string(of: 0...12), Gen.int(in: 52...66), positiveAmount, style,
      Gen.bool
    ).map { band, short, padding, amount, style, negative -> String in
      switch band {
      case 0, 1: return short
      // Around the length limit: digits then random characters, 52 to 78 characters in all.
      case 2: return String(repeating: "9", count: padding) + short
      default: return (negative ? -amount : amount).formatted(style)
      }
    }
  }

  /// Chip values: the four quick amounts, and values that are not quick amounts.
  static var chipValue: Generator<Int, some SendableSequenceType> {
    Gen.element(of: [10, 15, 20, 30, 10, 15, 20, 30, 0, -10, 25, 100, 1, Int.max, Int.min])
      .map { $0 ?? 10 }
  }

  /// Names: blank ones (spaces, tabs, newlines), plain ones, and plain ones wrapped in blanks.
  static var name: Generator<String, some SendableSequenceType> {
    let blank = Gen.element(of: [" ", "\t", "\n", "\r\n", "\u{00A0}", "\u{2028}"] as [String])
      .map { $0 ?? " " }.array(of: 0...3).map { $0.joined() }
    return zip(
      Gen.int(in: 0...2), blank, Gen.letter.string(of: 1...8), blank, character.string(of: 0...6)
    )
    .map { band, before, word, after, noise -> String in
      switch band {
      case 0: return before + after
      case 1: return before + word + after
      default: return word + noise
      }
    }
  }

  /// One action of any kind, keystrokes most often.
  static var action: Generator<AmountEntry.Action, some SendableSequenceType> {
    zip(Gen.int(in: 0...19), character, pasted, chipValue, name)
      .map { band, character, pasted, chip, name -> AmountEntry.Action in
        switch band {
        case 0...9: return .type(character)
        case 10...12: return .backspace
        case 13, 14: return .paste(pasted)
        case 15: return .clear
        case 16, 17: return .chip(chip)
        default: return .rename(name)
        }
      }
  }

  /// A sequence of up to 40 actions.
  static var actions: Generator<[AmountEntry.Action], some SendableSequenceType> {
    action.array(of: 0...40)
  }
}

extension AmountEntry {
  /// Applies the actions in order, ignoring the refused ones (which change nothing).
  mutating func applyIgnoringRefusals(_ actions: [Action]) {
    for action in actions {
      do throws(AmountEntryError) {
        try apply(action)
      } catch {
        continue
      }
    }
  }

  /// Types each character of `text`, one `.type` action per `Character`.
  mutating func typeEach(_ text: String) throws(AmountEntryError) {
    for character in text {
      try apply(.type(character))
    }
  }

  /// A sheet in `currency` after typing `text` (one keystroke per character).
  static func typed(
    _ text: String, currency: Currency = .chf
  ) throws(AmountEntryError)
    -> AmountEntry
  {
    var entry = AmountEntry(currency: currency)
    try entry.typeEach(text)
    return entry
  }
}
