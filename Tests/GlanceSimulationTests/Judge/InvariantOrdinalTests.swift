@testable import GlanceSimulation
import Testing

/// The judge counts checks in an array indexed by ordinal: the ordinals must be the positions in
/// `allCases`, each used once.
@Suite("Invariant ordinals")
struct InvariantOrdinalTests {
  @Test("every invariant's ordinal is its position in allCases")
  func ordinalsArePositions() {
    for (position, invariant) in Invariant.allCases.enumerated() {
      #expect(invariant.ordinal == position, "\(invariant)")
    }
  }
}
