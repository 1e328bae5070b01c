/// A currency that Glance can count in. Both have two decimal places (Rappen, cents).
///
/// Pulpe supports exactly these two (`SupportedCurrency`; see *The real apps Glance models*, Pulpe: currencies and formats).
public enum Currency: String, Sendable, Hashable, CaseIterable, Codable {
  /// Swiss franc; the minor unit is the Rappen (centime).
  case chf = "CHF"
  /// Euro; the minor unit is the cent.
  case eur = "EUR"

  /// The ISO 4217 code: `CHF`, `EUR`.
  public var code: String { rawValue }

  /// The symbol printed by `Money.formatted(_:)`: `CHF` (Swiss usage writes the code) or `€`.
  public var symbol: String {
    switch self {
    case .chf: return "CHF"
    case .eur: return "€"
    }
  }

  /// How an amount in this currency is written unless a format names other conventions: as
  /// Pulpe writes it on every platform, francs the Swiss way (``MoneyConventions/pulpeCHF``:
  /// `1’234.56 CHF`) and euros the French way (``MoneyConventions/pulpeEUR``: `1 234,56 €`).
  public var defaultConventions: MoneyConventions {
    switch self {
    case .chf: return .pulpeCHF
    case .eur: return .pulpeEUR
    }
  }

  /// The number of decimal places of the minor unit: 2 for both currencies.
  public var minorUnitDigits: Int { 2 }

  /// The smallest amount paid in cash, in minor units: 5 Rappen for CHF (the smallest Swiss
  /// coin), 1 cent for EUR (euro cash rounding differs by country; use
  /// `Money.rounded(toMultipleOf:rounding:)` for a national rule).
  public var cashIncrementMinorUnits: Int64 {
    switch self {
    case .chf: return 5
    case .eur: return 1
    }
  }

  /// The currency's bit in an amount's word (`ExactInteger`'s tag): `Money` is 16 bytes because
  /// its currency rides in the low bit of its minor units. Two currencies fit the one bit; a
  /// third would need a wider tag (`CurrencyTagTests` fails first).
  @inlinable
  var tag: Int64 {
    switch self {
    case .chf: return 0
    case .eur: return 1
    }
  }

  /// The currency whose `tag` is `tag`.
  @inlinable
  init(tag: Int64) {
    self = tag == 0 ? .chf : .eur
  }
}
