public import GlanceKernel

/// What one accepted action of the person made: identified by the id of the event the action
/// stands for, dated at the action. Stores are audited as multisets of records.
///
/// ## Laws
/// - Two actions of one run never share an id or an instant (the planner makes instants
///   distinct), so either identifies the record.
/// - Ordered by (instant, id).
public struct Record: Hashable, Sendable, Comparable, CustomStringConvertible {
  public let id: EventID
  public let instant: Instant

  public init(id: EventID, instant: Instant) {
    self.id = id
    self.instant = instant
  }

  public static func < (lhs: Record, rhs: Record) -> Bool {
    (lhs.instant, lhs.id) < (rhs.instant, rhs.id)
  }

  /// `record 1A2B3C4D-… at 2026-03-10T13:44:43.020Z`: how a trace names it.
  public var description: String { "record \(id) at \(instant)" }
}

extension Record: StateFingerprinted {
  /// The record's id and instant (for a fingerprint of a play's state).
  func fingerprint(into hasher: inout StateHasher) {
    hasher.combine(id)
    hasher.combine(instant)
  }
}
