import Foundation
import GlanceKernel

/// Ids a test makes from a kind byte and a number (never `UUID()`, so runs repeat): a suite that
/// conforms gets `uuid`, `step` and `task` as its own static members.
///
/// ## Laws
/// - `uuid(k, n) == uuid(k', n')` exactly when `k == k'` and `n == n'`, for `0 ≤ n < 65 536`.
protocol NumberedIDs {}

extension NumberedIDs {
  static func uuid(_ kind: UInt8, _ number: Int) -> UUID {
    UUID(uuid: (kind, UInt8(number / 256), UInt8(number % 256), 0, 0, 0, 0x40, 0, 0x80, 0, 0, 0, 0, 0, 0, 0))
  }
  static func step(_ number: Int) -> StepID { StepID(uuid(5, number)) }
  static func task(_ number: Int) -> TaskID { TaskID(uuid(7, number)) }
}
