/// The choices of one part of a run, in the order they were made: the run's plan, or one
/// design's play.
///
/// ## Laws
/// - Replaying a section (``ChoiceReplay``) asks exactly its choices, in its order, or fails
///   with a ``ChoiceReplayError`` naming the first that differs.
public struct ChoiceSection: Hashable, Sendable {
  public let name: ChoiceSectionName
  public var choices: [Choice]

  /// The section `name` holding `choices`.
  public init(name: ChoiceSectionName, choices: [Choice]) {
    self.name = name
    self.choices = choices
  }
}
