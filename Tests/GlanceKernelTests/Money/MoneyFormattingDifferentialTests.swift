import Foundation
import GlanceKernel
import GlanceTestSupport
import Testing

/// `Money.formatted(_:)` (integer arithmetic into one buffer for amounts within `Int64`) against
/// `formattedFromDigits(_:)` (the decimal-digit path every amount can take): the same text for
/// every style, currency and amount.
@Suite("Money formatting differential")
struct MoneyFormattingDifferentialTests {
  /// Every style: 3 precisions × 2 sign displays × 3 currency sides × (each named conventions,
  /// and the currency default with each grouping override that is not its decimal separator).
  static let styles: [MoneyFormat] = {
    var styles: [MoneyFormat] = []
    for precision in [MoneyFormat.Precision.full, .compact, .adaptive] {
      for signDisplay in [MoneyFormat.SignDisplay.negativeOnly, .always] {
        for placement in MoneyFormat.SymbolPlacement.allCases {
          let base = MoneyFormat(precision: precision, signDisplay: signDisplay, symbolPlacement: placement)
          styles += MoneyConventions.presets.map { base.conventions($0.conventions) }
          // Grouping overrides on the currency defaults: none of these is `.` or `,`.
          for grouping in [MoneyFormat.Grouping.rightSingleQuotationMark, .apostrophe, .narrowNoBreakSpace, .noBreakSpace, .none] {
            styles.append(base.grouping(grouping))
          }
        }
      }
    }
    return styles
  }()

  /// Amounts at every boundary the two paths could disagree on, both signs: rounding halves
  /// (±49, ±50, ±150), every digit count and grouping width (10^k and its neighbours), the
  /// promotion edge ±2^62, the `Int64` edges ±2^63, and amounts beyond `Int64`.
  static let boundaryUnits: [Int128] = {
    var magnitudes: [Int128] = [0, 1, 5, 9, 10, 49, 50, 51, 99, 100, 101, 149, 150, 151, 250, 999, 9_950, 99_949, 99_950]
    var power: Int128 = 1
    for _ in 0...20 {
      magnitudes += [power - 1, power, power + 1, power * 5, power * 5 - 1, power * 5 + 49, power * 5 + 50]
      power *= 10
    }
    for bits in [31, 32, 61, 62, 63, 64, 100] {
      let edge = Int128(1) << bits
      magnitudes += (-151...151).map { edge + Int128($0) }
    }
    return magnitudes.flatMap { [$0, -$0] }
  }()

  @Test("formatted equals the digit path at every boundary, in every style and currency")
  func boundariesAgree() {
    var checked = 0
    for units in Self.boundaryUnits {
      for currency in Currency.allCases {
        let amount = Money(minorUnits: units, currency: currency)
        for style in Self.styles {
          #expect(amount.formatted(style) == amount.formattedFromDigits(style), "\(units) \(currency) \(style)")
          checked += 1
        }
      }
    }
    #expect(checked == Self.boundaryUnits.count * Currency.allCases.count * Self.styles.count)
  }

  @Test("formatted equals the digit path for random amounts of every width")
  func randomAmountsAgree() {
    var random = GlanceTestSupport.SplitMix64(seed: 42)
    for _ in 0..<20_000 {
      // A random width, so that short amounts are as common as long ones.
      let bits = random.below(64)
      let raw = Int64(bitPattern: random.next())
      let units = bits == 63 ? raw : raw >> (63 - bits)
      let amount = Money(minorUnits: units, currency: Currency.allCases[random.below(Currency.allCases.count)])
      let style = Self.styles[random.below(Self.styles.count)]
      #expect(amount.formatted(style) == amount.formattedFromDigits(style), "\(units) \(style)")
    }
  }

  @Test("the Int64 edges print as the digit path prints them", arguments: [Int64.min, Int64.min + 1, Int64.max])
  func int64Edges(units: Int64) {
    let amount = Money(minorUnits: units, currency: .chf)
    let lastDigit = units == Int64.min ? 8 : 7
    #expect(amount.formatted(.full) == (units < 0 ? "-" : "") + "92’233’720’368’547’758.0\(lastDigit) CHF")
    for style in Self.styles {
      #expect(amount.formatted(style) == amount.formattedFromDigits(style), "\(units) \(style)")
    }
  }
}
