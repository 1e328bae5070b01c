/// What answers the choices of a ``Choices`` instead of its seeded streams: a replay of a
/// recording (``ChoiceReplay``), or a systematic implementation that enumerates the alternatives
/// of each ``ChoicePoint`` (its ``ChoiceKind`` says which values it may take).
///
/// ## Laws
/// - ``choose(_:)`` answers a value the point's kind admits (``ChoiceKind/admits(_:)``); the
///   ``Choices`` checks it, and an inadmissible answer stops the play with
///   ``ChoiceReplayError/inadmissible(section:index:point:value:)``.
/// - The source is asked every choice of its section, including those with a default
///   (``ChoiceKind/defaultValue``), in the order the play makes them.
public protocol ChoiceSource: Sendable {
  /// The value for the next choice, made at `point`.
  ///
  /// - Throws: ``ChoiceReplayError`` when the source cannot answer `point` (a replay meets a
  ///   choice its recording does not hold there).
  mutating func choose(_ point: ChoicePoint) throws(ChoiceReplayError) -> Int64

  /// The play ended normally: throws when the source expected more choices (a replay whose
  /// recording holds choices the play never made).
  func finish() throws(ChoiceReplayError)
}
