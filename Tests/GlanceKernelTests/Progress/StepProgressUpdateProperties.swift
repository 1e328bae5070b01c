import Foundation
import GlanceKernel
import GlanceTestSupport
import Testing

/// ``StepProgress/updatingCompletions(of:from:steps:)`` against ``StepProgress/replacingCompletions(_:)``
/// of the whole map it stands for: the same progress, or the same error (an instant out of
/// range names the first such step in list order).
@Suite("StepProgress update properties")
struct StepProgressUpdateProperties {
  /// An instant in the supported years, or (rarely) one beyond them.
  static func instant(_ random: inout GlanceTestSupport.SplitMix64) -> Instant {
    guard random.below(12) != 0 else { return Instant(millisecondsSince1970: Int64.max - Int64(random.below(1_000))) }
    return Instant(millisecondsSince1970: 1_700_000_000_000 + Int64(random.below(1_000_000_000)))
  }

  @Test("updating the changed steps equals replacing the whole map, error included")
  func updatingEqualsReplacing() throws {
    var sawError = false
    for seed in UInt64(1)...400 {
      var random = GlanceTestSupport.SplitMix64(seed: seed)
      let tasks = (0..<(1 + random.below(4))).map { number in
        ProgressFixture.task(number, order: random.below(3), steps: (number * 10)..<(number * 10 + random.below(6)))
      }
      let steps = Set(tasks.flatMap(\.steps))
      // Completions of steps of the tasks and of steps of none (a deleted task's).
      var before: [StepID: Instant] = [:]
      for number in 0..<50 where random.below(3) == 0 {
        before[ProgressFixture.step(number)] = Instant(millisecondsSince1970: 1_700_000_000_000 + Int64(number))
      }
      let progress = try StepProgress(tasks: tasks, completions: before)
      var after = before
      var changed: [StepID] = []
      for _ in 0..<random.below(8) {
        let step = ProgressFixture.step(random.below(50))
        changed.append(step)
        after[step] = random.below(3) == 0 ? nil : Self.instant(&random)
      }
      // The map the update stands for: the changed steps from `after`, the others from `progress`.
      var whole = progress.completions
      for step in changed { whole[step] = after[step] }
      let updated = Result { () throws(ProgressError) in
        try progress.updatingCompletions(of: changed, from: after, steps: steps)
      }
      let replaced = Result { () throws(ProgressError) in try progress.replacingCompletions(whole) }
      #expect(updated == replaced, "seed \(seed)")
      if case .failure = replaced { sawError = true }
    }
    #expect(sawError, "no seed drew an instant out of range")
  }
}
