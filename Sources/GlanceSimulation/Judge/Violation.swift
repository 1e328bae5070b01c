public import GlanceKernel

/// The first occurrence of a violated invariant, and how many times it was seen.
public struct Violation: Hashable, Sendable, Codable {
  public let invariant: Invariant
  public let time: Instant
  public let surface: Surface?
  /// The first field that differed (`band`, `remaining`), for a display; `nil` otherwise.
  public let field: String?
  /// What the model says, as a person reads it (`1’790.00 CHF`, `.nearLimit`, `12 records`).
  public let expected: String
  /// What the design showed or held, in the same words.
  public let found: String
  public let detail: String
  /// The events around it, oldest first: just before it, or, when it is dated at the action
  /// that made the entry (``datedAtAction``), around that action. Empty at
  /// ``SimulationDetail/verdicts`` detail.
  public internal(set) var trace: [String]
  /// Whether `time` is the instant of the action whose record was lost or doubled (found at the
  /// final check), rather than when the checker saw it.
  public let datedAtAction: Bool
  public var occurrences: Int
  /// Every surface on which it was seen, in surface order.
  public var surfaces: [Surface]
}
