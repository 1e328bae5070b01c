extension Money: Codable {
  /// Encodes one string: the canonical amount, a space and the ISO code, as in `"-1234.50 CHF"`.
  ///
  /// Never a floating-point number. The currency travels with the amount so that no decoder ever
  /// has to guess it.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(description + " " + currency.code)
  }

  /// Decodes exactly what `encode(to:)` writes: a canonical amount (`-?[0-9]+(\.[0-9]{1,2})?`),
  /// one space, and `CHF` or `EUR`.
  ///
  /// - Throws: `DecodingError.dataCorrupted` whose debug description carries the
  ///   `MoneyParseError` or names the unknown currency; the value is never guessed.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    let text = try container.decode(String.self)
    let parts = text.split(separator: " ", omittingEmptySubsequences: false)
    guard parts.count == 2 else {
      throw DecodingError.dataCorruptedError(
        in: container,
        debugDescription: "Money must be \"<canonical amount> <currency code>\", got \"\(text)\"")
    }
    guard let currency = Currency(rawValue: String(parts[1])) else {
      throw DecodingError.dataCorruptedError(
        in: container,
        debugDescription: "unknown currency \"\(parts[1])\" in \"\(text)\"; expected CHF or EUR")
    }
    do {
      self = try Money(canonical: String(parts[0]), currency: currency)
    } catch {
      throw DecodingError.dataCorruptedError(
        in: container, debugDescription: "invalid amount in \"\(text)\": \(error)")
    }
  }
}
