/// A place where a run chooses: its stable label and its kind (what it may take).
///
/// ## Laws
/// - Two points are equal exactly when their labels and kinds are: a replay matches a recorded
///   choice with the point asked by this equality.
public struct ChoicePoint: Hashable, Sendable, CustomStringConvertible {
  /// The stream it is drawn from.
  public let label: ChoiceLabel
  /// What it may take.
  public let kind: ChoiceKind

  /// The point `kind` labelled `label`.
  public init(label: ChoiceLabel, kind: ChoiceKind) {
    self.label = label
    self.kind = kind
  }

  /// `world.latency uniform 50...500`.
  public var description: String { "\(label) \(kind)" }
}
