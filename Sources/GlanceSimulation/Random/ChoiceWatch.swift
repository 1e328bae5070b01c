/// What a recording or sourced ``Choices`` keeps beside its streams: its section, what it
/// recorded or the source that answers it, how many choices were made and its first failure.
/// Kept out of line (a reference) so that the door a world carries stays a few words, whatever
/// a replay holds; copied before a shared one is changed, so a door keeps value semantics.
///
/// ## Laws
/// - Never changed while shared (``Choices`` copies it first), which makes `@unchecked Sendable`
///   sound.
final class ChoiceWatch: @unchecked Sendable {
  let section: ChoiceSectionName
  var recorded: [Choice]?
  var source: (any ChoiceSource)?
  var count = 0
  var failure: ChoiceReplayError?

  init(section: ChoiceSectionName, recorded: [Choice]?, source: (any ChoiceSource)?) {
    self.section = section
    self.recorded = recorded
    self.source = source
  }

  /// The watch of a random door: never changed (the random door never reaches it).
  static let unwatched = ChoiceWatch(section: .plan, recorded: nil, source: nil)

  /// An unshared copy.
  func copy() -> ChoiceWatch {
    let copy = ChoiceWatch(section: section, recorded: recorded, source: source)
    copy.count = count
    copy.failure = failure
    return copy
  }
}
