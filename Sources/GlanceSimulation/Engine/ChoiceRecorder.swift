/// Where a recording run (``ChoiceMode/record``) collects its sections: the plan's, then each
/// design's first play, in the order played. A reference, so that the run's plays, which each
/// hold a copy of the run's ``RunInputs``, add to one recording; it lives for one
/// ``Simulation/run(_:store:detail:choices:)`` on one thread.
///
/// ## Laws
/// - Sections come out in the order added; a design's replays for its violations' traces add
///   nothing (they make the same choices as its first play).
final class ChoiceRecorder {
  private(set) var sections: [ChoiceSection] = []

  /// Adds `section` after those added before.
  func add(_ section: ChoiceSection) {
    precondition(!sections.contains { $0.name == section.name }, "section \(section.name) is recorded twice")
    sections.append(section)
  }

  /// What was recorded.
  var recording: ChoiceRecording { ChoiceRecording(sections: sections) }
}
