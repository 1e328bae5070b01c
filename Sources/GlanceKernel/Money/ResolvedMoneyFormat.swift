/// A `MoneyFormat` with its conventions chosen and its overrides applied, for one currency:
/// everything the two printing paths (`Money.formattedInt64` and `Money.formattedFromDigits`)
/// need, and the one rule that places the sign, the currency and the spacing around the number.
struct ResolvedMoneyFormat {
  let precision: MoneyFormat.Precision
  let signDisplay: MoneyFormat.SignDisplay
  /// The grouping separator's bytes (none for `.none`).
  let grouping: PackedUTF8
  /// The fewest whole digits that are grouped: 4 (`1’234`) or 5 (it-CH: `1234`, `12’345`).
  let groupedDigitsMin: Int
  /// The decimal separator's byte.
  let decimalSeparator: UInt8
  let symbolPlacement: MoneyFormat.SymbolPlacement
  let signPlacement: MoneyConventions.SignPlacement
  /// The currency's bytes: `CHF`, `EUR` or `€`.
  let currency: PackedUTF8
  /// Whether the currency is a code (letters), which never touches a digit.
  let currencyIsCode: Bool
  /// The spacing's bytes between currency and number.
  let spacing: PackedUTF8

  init(_ style: MoneyFormat, currency: Currency) {
    let conventions = style.conventions ?? currency.defaultConventions
    let grouping = style.grouping ?? conventions.grouping
    let (groupingBytes, decimalBytes) = (PackedUTF8(grouping.utf8), PackedUTF8(conventions.decimalSeparator.utf8))
    // Compared as bytes, the tables both texts are made from: building the two strings cost
    // more than the rest of a formatting.
    precondition(
      groupingBytes != decimalBytes,
      "MoneyFormat groups with \"\(grouping.separator)\", the decimal separator of its conventions")
    precision = style.precision
    signDisplay = style.signDisplay
    self.grouping = groupingBytes
    groupedDigitsMin = conventions.minimumGroupingDigits == .one ? 4 : 5
    decimalSeparator = decimalBytes[0]
    symbolPlacement = style.symbolPlacement ?? conventions.symbolPlacement
    signPlacement = conventions.signPlacement
    let display = conventions.currencyDisplay
    switch (currency, display) {
    case (.chf, _): (self.currency, currencyIsCode) = (PackedUTF8("CHF"), true)
    case (.eur, .code): (self.currency, currencyIsCode) = (PackedUTF8("EUR"), true)
    case (.eur, .symbol): (self.currency, currencyIsCode) = (PackedUTF8("€"), false)
    }
    spacing = PackedUTF8(conventions.symbolSpacing.utf8)
  }

  /// What comes before and after the number, given the sign (`-`, `+` or none).
  ///
  /// After the number, the currency follows the spacing and the sign precedes the number. Before
  /// it, the sign goes before the currency, after the spacing, or in place of the spacing, as the
  /// conventions say. A code that would touch a digit (no spacing) gets a U+00A0.
  func affixes(sign: UInt8?) -> (prefix: PackedUTF8, suffix: PackedUTF8) {
    var prefix = PackedUTF8.empty
    var suffix = PackedUTF8.empty
    switch symbolPlacement {
    case .omitted:
      if let sign { prefix.append(sign) }
    case .suffix:
      if let sign { prefix.append(sign) }
      suffix.append(spacingBesideDigit)
      suffix.append(currency)
    case .prefix:
      switch signPlacement {
      case .beforeSymbol:
        if let sign { prefix.append(sign) }
        prefix.append(currency)
        prefix.append(spacingBesideDigit)
      case .beforeNumber:
        prefix.append(currency)
        if let sign {
          prefix.append(spacing)
          prefix.append(sign)
        } else {
          prefix.append(spacingBesideDigit)
        }
      case .inPlaceOfSpacing:
        prefix.append(currency)
        if let sign { prefix.append(sign) } else { prefix.append(spacingBesideDigit) }
      }
    }
    return (prefix, suffix)
  }

  /// The spacing between the currency and a digit: a code never touches one (CLDR's currency
  /// spacing), so no spacing becomes U+00A0 there.
  private var spacingBesideDigit: PackedUTF8 {
    spacing.count == 0 && currencyIsCode ? PackedUTF8("\u{00A0}") : spacing
  }

  /// The sign to print for an amount whose shown value has sign `signum` (after rounding).
  func sign(signum: Int) -> UInt8? {
    if signum < 0 { return UInt8(ascii: "-") }
    return signum > 0 && signDisplay == .always ? UInt8(ascii: "+") : nil
  }
}
