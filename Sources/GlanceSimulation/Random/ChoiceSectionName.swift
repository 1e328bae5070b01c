/// The name of one section of a ``ChoiceRecording``: `plan` for the choices that plan a run (the
/// workload and the faults), `<strategy>/<domain>` for one design's play (`converged/tally`).
///
/// ## Laws
/// - A name is a valid ``ChoiceLabel`` name (non-empty printable ASCII without spaces), so it
///   fits on a line of a recording.
public struct ChoiceSectionName: Hashable, Sendable, CustomStringConvertible {
  public let rawValue: String

  /// The section named `rawValue`.
  ///
  /// - Precondition: `ChoiceLabel.isValid(rawValue)`.
  public init(_ rawValue: String) {
    precondition(ChoiceLabel.isValid(rawValue), "a choice section's name is non-empty printable ASCII without spaces: \"\(rawValue)\"")
    self.rawValue = rawValue
  }

  /// The section of the choices that plan a run: its workload and its faults.
  public static let plan = ChoiceSectionName("plan")

  /// The section of the play of `strategy`'s design in `domain`.
  public static func play(strategy: String, domain: String) -> ChoiceSectionName {
    ChoiceSectionName("\(strategy)/\(domain)")
  }

  public var description: String { rawValue }
}
