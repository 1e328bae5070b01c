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
/// - A choice some of whose values are a drawn fault taking effect (a reload served late, a
///   duplicated transfer, a failed message) is asked with ``choose(_:faultsFrom:)``; a source
///   that does not bound faults answers it as ``choose(_:)`` (the default).
/// - A choice whose every value gives the same play (an inert choice) is asked with
///   ``chooseInert(_:faultsFrom:)``; a source that does not reduce answers it as any other
///   choice (the default).
public protocol ChoiceSource: Sendable {
  /// The value for the next choice, made at `point`.
  ///
  /// - Throws: ``ChoiceReplayError`` when the source cannot answer `point` (a replay meets a
  ///   choice its recording does not hold there).
  mutating func choose(_ point: ChoicePoint) throws(ChoiceReplayError) -> Int64

  /// The value for the next choice, made at `point`, whose values from `faultsFrom` up are a
  /// drawn fault taking effect (an explorer that bounds the faults of a schedule may leave them
  /// out, ``SmallWorld/drawnFaults``).
  ///
  /// - Throws: as ``choose(_:)``.
  mutating func choose(_ point: ChoicePoint, faultsFrom: Int64) throws(ChoiceReplayError) -> Int64

  /// The value for the next choice, made at `point`, every value of which gives the same play:
  /// events due at one instant that commute (``Choices/first(among:commuting:)``), the
  /// lateness of a reload that falls due after the play ends
  /// (``Choices/uniform(in:from:faultsAbove:inert:)``), whose values from `faultsFrom` up (if
  /// any) are a drawn fault. An explorer may play its first class only (never a drawn fault); a
  /// replay answers it as ``choose(_:)`` (the default), one that bounds faults as
  /// ``choose(_:faultsFrom:)``.
  ///
  /// - Throws: as ``choose(_:)``.
  mutating func chooseInert(_ point: ChoicePoint, faultsFrom: Int64?) throws(ChoiceReplayError) -> Int64

  /// The play ended normally: throws when the source expected more choices (a replay whose
  /// recording holds choices the play never made).
  func finish() throws(ChoiceReplayError)
}

extension ChoiceSource {
  /// Answers as ``choose(_:)``: the source does not bound faults.
  public mutating func choose(_ point: ChoicePoint, faultsFrom: Int64) throws(ChoiceReplayError) -> Int64 {
    try choose(point)
  }

  /// Answers as ``choose(_:faultsFrom:)`` when some values are a drawn fault, else as
  /// ``choose(_:)``: the source plays every value.
  public mutating func chooseInert(_ point: ChoicePoint, faultsFrom: Int64?) throws(ChoiceReplayError) -> Int64 {
    guard let faultsFrom else { return try choose(point) }
    return try choose(point, faultsFrom: faultsFrom)
  }
}
