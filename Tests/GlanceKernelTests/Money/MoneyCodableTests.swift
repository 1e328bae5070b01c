import Foundation
import GlanceKernel
import PropertyBased
import Testing

@Suite("Money Codable")
struct MoneyCodableTests {
  struct Envelope: Codable, Equatable {
    var amount: Money
  }

  @Test("encodes as one string, never as a number, and round-trips at every size")
  func codableRoundTrip() async throws {
    let encoder = JSONEncoder()
    encoder.outputFormatting = .sortedKeys
    await propertyCheck(count: 500, input: MoneyGen.money, Gen.bool) { amount, euro in
      let value = euro ? Money(minorUnits: amount.int128 ?? 0, currency: .eur) : amount
      let data = try encoder.encode(Envelope(amount: value))
      let json = String(decoding: data, as: UTF8.self)
      #expect(json == "{\"amount\":\"\(value.description) \(value.currency.code)\"}")
      let decoded = try JSONDecoder().decode(Envelope.self, from: data)
      #expect(decoded == Envelope(amount: value))
    }
  }

  @Test(
    "rejects corrupted values with a DecodingError instead of guessing",
    arguments: [
      "{\"amount\":12.5}", "{\"amount\":\"12.5\"}", "{\"amount\":\"12.5 USD\"}",
      "{\"amount\":\"12.555 CHF\"}", "{\"amount\":\"1’234.00 CHF\"}", "{\"amount\":\"12.50  CHF\"}",
      "{\"amount\":\" 12.50 CHF\"}", "{\"amount\":\"12.50 chf\"}", "{\"amount\":null}",
    ])
  func rejectsCorruptedValues(json: String) {
    #expect(throws: DecodingError.self) {
      try JSONDecoder().decode(Envelope.self, from: Data(json.utf8))
    }
  }
}
