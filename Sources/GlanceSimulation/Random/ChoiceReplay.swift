/// The ``ChoiceSource`` that feeds a recorded section back, choice by choice.
///
/// ## Laws
/// - Asked the section's choice points in order, it answers the recorded values, and
///   ``finish()`` succeeds once all were read.
/// - Asked a point other than the recorded one at index `i`, it throws
///   ``ChoiceReplayError/mismatch(section:index:expected:found:)``; asked past the end,
///   ``ChoiceReplayError/exhausted(section:index:found:)``; finished early,
///   ``ChoiceReplayError/unread(section:index:remaining:)``. It never guesses.
public struct ChoiceReplay: ChoiceSource {
  public let section: ChoiceSection
  /// The index of the next choice to answer.
  public private(set) var position = 0

  /// A replay of `section` from its first choice.
  public init(_ section: ChoiceSection) {
    self.section = section
  }

  public mutating func choose(_ point: ChoicePoint) throws(ChoiceReplayError) -> Int64 {
    guard position < section.choices.count else {
      throw .exhausted(section: section.name, index: position, found: point)
    }
    let recorded = section.choices[position]
    guard recorded.point == point else {
      throw .mismatch(section: section.name, index: position, expected: recorded.point, found: point)
    }
    position += 1
    return recorded.value
  }

  public func finish() throws(ChoiceReplayError) {
    guard position == section.choices.count else {
      throw .unread(section: section.name, index: position, remaining: section.choices.count - position)
    }
  }
}
