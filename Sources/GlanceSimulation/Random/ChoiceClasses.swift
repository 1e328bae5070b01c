/// The values an exploration tries at a choice: one representative of each class of values that
/// can change an outcome (DocC: Exploring small worlds, The abstraction).
///
/// | kind | classes tried, in order |
/// |---|---|
/// | ``ChoiceKind/uniform(_:)`` of at most ``enumeratedMax`` values | every value, lowest first |
/// | ``ChoiceKind/uniform(_:)`` of more | its lowest and its highest (the shortest and the longest latency; on time and as late as WidgetKit may be) |
/// | ``ChoiceKind/chance(_:)`` | `0` (does not happen) then `1` (happens), each where the chance admits it |
/// | ``ChoiceKind/first(among:)`` | `0..<count`: each event first |
/// | ``ChoiceKind/grant`` | `1` (granted) then `0` (denied) |
/// | ``ChoiceKind/word`` | one value, the word the seed's stream of that label draws first (a word keys ids; it decides no order) |
///
/// ## Laws
/// - Every value listed is admitted by its kind, the list is never empty and holds no value
///   twice; its first value is the kind's default when it has one.
/// - A uniform's and a chance's values are in increasing order (so the values that are a drawn
///   fault, the highest, come last: the exploration trail's bound leaves out a suffix).
/// - A kind left out of `explored` (``ExploredChoices``) lists its first value only.
public enum ChoiceClasses {
  /// The widest uniform choice enumerated whole; a wider one is a timing, tried at its extremes.
  public static let enumeratedMax: UInt64 = 16

  /// The values tried at a choice of `kind` labelled `label`, in order.
  public static func values(of point: ChoicePoint, seed: UInt64, explored: ExploredChoices = .all) -> [Int64] {
    let all: [Int64]
    let kind: ExploredChoices
    switch point.kind {
    case .uniform(let range):
      let (span, overflow) = range.upperBound.subtractingReportingOverflow(range.lowerBound)
      let narrow = !overflow && span < Int64(enumeratedMax)
      all = narrow ? Self.members(of: range) : [range.lowerBound, range.upperBound]
      kind = narrow ? .enumerations : .timings
    case .chance:
      all = [0, 1].filter { point.kind.admits($0) }
      kind = .chances
    case .first(let count):
      all = Self.members(of: 0...Int64(count - 1))
      kind = .eventOrder
    case .grant:
      all = [1, 0]
      kind = .grants
    case .word:
      var stream = RandomStream.derived(root: seed, label: point.label.name)
      return [Int64(bitPattern: stream.next())]
    }
    return explored.contains(kind) ? all : [all[0]]
  }

  /// Every member of `range`, lowest first: a loop over its bounds (an array made from the range
  /// as a collection went through its generic index, a runtime metadata lookup at every choice
  /// an exploration makes).
  private static func members(of range: ClosedRange<Int64>) -> [Int64] {
    var members: [Int64] = []
    members.reserveCapacity(Int(enumeratedMax))
    var value = range.lowerBound
    while true {
      members.append(value)
      if value == range.upperBound { return members }
      value += 1
    }
  }
}
