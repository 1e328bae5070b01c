/// The ``ChoiceSource`` of an exploration: every choice of its section answered by the
/// schedule's ``ExplorationTrail`` (a forced class, else the first).
///
/// ## Laws
/// - Answers only values of ``ChoiceClasses/values(of:seed:explored:)``, so always admitted;
///   a choice asked with the values that are a drawn fault (``choose(_:faultsFrom:)``) is
///   answered within the trail's bound of drawn faults (``ExplorationTrail/drawnFaultsMax``);
///   one asked as inert (``chooseInert(_:faultsFrom:)``) has its first class only, unless the
///   trail explores ``ExploredChoices/inertChoices`` (it is then answered as any other, within
///   the bound).
/// - A prefix that names a class a point does not have throws
///   ``ChoiceReplayError/inadmissible(section:index:point:value:)`` with the forced index as the
///   value (a nondeterministic design can cause it; the explorer reports it).
struct ExplorationSource: ChoiceSource {
  let trail: ExplorationTrail
  let section: ChoiceSectionName

  mutating func choose(_ point: ChoicePoint) throws(ChoiceReplayError) -> Int64 {
    try answer(point, faultsFrom: nil)
  }

  mutating func choose(_ point: ChoicePoint, faultsFrom: Int64) throws(ChoiceReplayError) -> Int64 {
    try answer(point, faultsFrom: faultsFrom)
  }

  mutating func chooseInert(_ point: ChoicePoint, faultsFrom: Int64?) throws(ChoiceReplayError) -> Int64 {
    try answer(point, faultsFrom: faultsFrom, inert: true)
  }

  /// The trail's answer at `point`, its values from `faultsFrom` up (if any) a drawn fault, all
  /// its values giving the same play when `inert`.
  private func answer(_ point: ChoicePoint, faultsFrom: Int64?, inert: Bool = false) throws(ChoiceReplayError) -> Int64 {
    let index = trail.made.count
    guard let value = trail.choose(point, faultsFrom: faultsFrom, inert: inert) else {
      throw .inadmissible(section: section, index: index, point: point, value: Int64(trail.prefix[index]))
    }
    return value
  }

  func finish() throws(ChoiceReplayError) {}
}
