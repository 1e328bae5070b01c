import Foundation
import GlanceKernel
import GlanceTestSupport
import Testing

/// ``StepProgress/init(tasks:completions:)`` (sorted keys and binary search) against a reference
/// model that states the rules with sets and list-order scans: the same tasks and completions, or
/// the same error, for inputs with repeated task ids, steps listed twice, order ties, orphan
/// completions and instants out of range.
@Suite("StepProgress init properties")
struct StepProgressInitProperties {
  /// The parts a progress keeps.
  struct Parts: Equatable {
    let tasks: [StepTask]
    let completions: [StepID: Instant]
  }

  /// The rules as the type's discussion states them: sort by (order, id); the first task id seen
  /// again in list order is refused, then the first step seen again (naming the first task that
  /// lists it); then the first completion, in list order, out of range; completions of no step drop.
  static func reference(tasks: [StepTask], completions: [StepID: Instant]) -> Result<Parts, ProgressError> {
    let sorted = tasks.sorted { $0.order != $1.order ? $0.order < $1.order : $0.id < $1.id }
    var taskIDs: Set<TaskID> = []
    for task in sorted where !taskIDs.insert(task.id).inserted { return .failure(.duplicateTask(task.id)) }
    var steps: Set<StepID> = []
    for task in sorted {
      for step in task.steps where !steps.insert(step).inserted {
        let owner = sorted.first { $0.steps.contains(step) }
        return .failure(.duplicateStep(step, firstTask: owner?.id ?? task.id, secondTask: task.id))
      }
    }
    for task in sorted {
      for step in task.steps {
        if let instant = completions[step], !ZoneCalendar.supportedInstants.contains(instant) {
          return .failure(.completionOutOfRange(step, completedAt: instant))
        }
      }
    }
    return .success(Parts(tasks: sorted, completions: completions.filter { steps.contains($0.key) }))
  }

  @Test("init equals the reference model, errors included")
  func initEqualsReference() {
    var outcomes: Set<String> = []
    for seed in UInt64(1)...2_000 {
      var random = GlanceTestSupport.SplitMix64(seed: seed)
      // Few task numbers and overlapping step ranges, so that ids repeat now and then.
      let tasks = (0..<random.below(6)).map { _ in
        let first = random.below(40)
        return ProgressFixture.task(random.below(8), order: random.below(3), steps: first..<(first + random.below(5)))
      }
      // Completions of any step numbered below 45 (orphans too), or only of steps of the tasks.
      let owned = Set(tasks.flatMap(\.steps))
      let onlyOwned = random.below(3) == 0
      var completions: [StepID: Instant] = [:]
      for number in 0..<45 where random.below(3) == 0 && (!onlyOwned || owned.contains(ProgressFixture.step(number))) {
        let far = random.below(40) == 0
        completions[ProgressFixture.step(number)] =
          Instant(millisecondsSince1970: far ? Int64.max - Int64(number) : 1_700_000_000_000 + Int64(number))
      }
      let progress = Result { () throws(ProgressError) in try StepProgress(tasks: tasks, completions: completions) }
      let actual = progress.map { Parts(tasks: $0.tasks, completions: $0.completions) }
      let expected = Self.reference(tasks: tasks, completions: completions)
      #expect(actual == expected, "seed \(seed)")
      switch expected {
      case .success(let parts): outcomes.insert(parts.completions.count < completions.count ? "dropped" : "kept")
      case .failure(.duplicateTask): outcomes.insert("duplicateTask")
      case .failure(.duplicateStep): outcomes.insert("duplicateStep")
      case .failure(.completionOutOfRange): outcomes.insert("completionOutOfRange")
      }
    }
    // Every branch was drawn, so a difference in any would have shown.
    #expect(outcomes == ["dropped", "kept", "duplicateTask", "duplicateStep", "completionOutOfRange"])
  }
}
