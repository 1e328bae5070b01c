/// The path of one schedule through an exploration's tree of choices: the class forced at each
/// choice of a prefix, then the first class at every later choice; and, as the play makes them,
/// how many classes each choice had. The explorer reads it after the play to find the next
/// schedule (``next()``): depth first, the last choice that has a class left moves to it.
///
/// A reference, shared by the sourced ``Choices`` of one schedule's plan and play (each holds an
/// ``ExplorationSource`` pointing here), so that the plan's and the play's choices form one
/// sequence. It lives for one schedule on one thread.
///
/// ## Laws
/// - Played twice with the same prefix, a deterministic run makes the same choices (the same
///   points, so the same class counts); ``next()`` therefore enumerates every sequence of classes
///   exactly once, in lexicographic order, and returns `nil` after the last.
/// - A prefix that does not fit the play (a class index past a choice's count) is a failure the
///   source throws (``ChoiceReplayError/inadmissible(section:index:point:value:)``), never a guess.
/// - Fault bound: once ``drawnFaultsMax`` classes that are a drawn fault were taken, a choice's
///   classes that are a drawn fault are left out, so no schedule holds more; the classes kept
///   are a prefix of the list, so a class keeps its index. A choice whose every class is a
///   fault (a chance of 1: the fault is certain, not drawn) keeps them, and is counted.
final class ExplorationTrail: @unchecked Sendable {
  /// The class index forced at each choice of the prefix.
  private(set) var prefix: [Int]
  /// The classes of each choice made so far, and the index taken.
  private(set) var made: [Made]
  let seed: UInt64
  let explored: ExploredChoices
  /// The most classes that are a drawn fault one schedule takes (``SmallWorld/drawnFaults``);
  /// `nil` for no bound.
  let drawnFaultsMax: Int?
  /// The classes that are a drawn fault taken so far.
  private(set) var drawnFaults = 0

  /// One choice made: where, the class taken and its value, and how many classes it had.
  typealias Made = (point: ChoicePoint, taken: Int, value: Int64, classes: Int)

  /// A trail that forces `prefix`, its first choices already `made` (a plan's, made once for
  /// all the schedules below it; none of them a drawn fault).
  ///
  /// - Precondition: `made`'s classes taken begin `prefix`.
  init(prefix: [Int] = [], seed: UInt64, explored: ExploredChoices, drawnFaultsMax: Int? = nil, made: [Made] = []) {
    precondition(made.map(\.taken).elementsEqual(prefix.prefix(made.count)), "the choices made begin the prefix")
    self.prefix = prefix
    self.seed = seed
    self.explored = explored
    self.drawnFaultsMax = drawnFaultsMax
    self.made = made
  }

  /// Takes `made` as the choices made so far, `drawnFaults` of them drawn faults: the play is
  /// resumed from a snapshot taken after them (``ResumingPlays``), and makes the choices after.
  ///
  /// - Precondition: the choices made so far begin `made`, whose classes taken begin the prefix.
  func resume(made: ArraySlice<Made>, drawnFaults: Int) {
    precondition(made.count >= self.made.count && made.count <= prefix.count, "a trail resumes inside its prefix")
    precondition(made.map(\.taken).elementsEqual(prefix.prefix(made.count)), "the choices made begin the prefix")
    self.made = Array(made)
    self.drawnFaults = drawnFaults
  }

  /// The value of the next choice, at `point`, whose values from `faultsFrom` up (if any) are a
  /// drawn fault: the prefix's class, else the first; `nil` when the prefix names a class the
  /// point does not have. A choice whose every value gives the same play (`inert`) has its first
  /// class only (never a drawn fault: the classes are in increasing order, the faults a suffix),
  /// unless ``explored`` holds ``ExploredChoices/inertChoices``; then it is bounded as any other.
  func choose(_ point: ChoicePoint, faultsFrom: Int64? = nil, inert: Bool = false) -> Int64? {
    var values = ChoiceClasses.values(of: point, seed: seed, explored: explored)
    if inert, !explored.contains(.inertChoices) { values.removeSubrange(1...) }
    if let faultsFrom, let drawnFaultsMax, drawnFaults >= drawnFaultsMax {
      // The classes are in increasing order (``ChoiceClasses``): the faults are a suffix. A
      // fault that is certain (a chance of 1) is no choice, and is kept.
      let spared = values.prefix { $0 < faultsFrom }
      if !spared.isEmpty { values = Array(spared) }
    }
    let index = made.count < prefix.count ? prefix[made.count] : 0
    guard index < values.count else { return nil }
    made.append((point, index, values[index], values.count))
    if let faultsFrom, values[index] >= faultsFrom { drawnFaults += 1 }
    return values[index]
  }

  /// The prefix of the next schedule in depth-first order: the choices up to the last one with
  /// a class left, that one moved to its next class; `nil` when every class of every choice was
  /// taken (the tree is done).
  ///
  /// - Parameter floor: choices before this index are not moved (a shard, or the plan's
  ///   subtree, keeps them).
  func next(floor: Int = 0) -> [Int]? {
    var index = made.count - 1
    while index >= floor {
      if made[index].taken + 1 < made[index].classes {
        return made[..<index].map(\.taken) + [made[index].taken + 1]
      }
      index -= 1
    }
    return nil
  }

  /// The choices made, as a recording's section would hold them.
  func choices(from start: Int = 0, to end: Int? = nil) -> [Choice] {
    made[start..<(end ?? made.count)].map { Choice(point: $0.point, value: $0.value) }
  }
}
