import Foundation
import GlanceKernel
import GlanceTestSupport
import Testing

private typealias F = ProgressFixture

@Suite("StepProgress")
struct StepProgressTests {
  @Test("no tasks: every figure is zero and there is no next step")
  func empty() throws {
    let zurich = try F.zone("Europe/Zurich")
    let now = try F.utc(2024, 5, 15, 10)
    let progress = StepProgress.empty
    #expect(progress.totalSteps == 0)
    #expect(progress.totalTasks == 0)
    #expect(progress.completedTasks == 0)
    #expect(progress.completedToday(at: now, in: zurich) == 0)
    #expect(progress.nextStep == nil)
    #expect(progress.activity(.week, endingAt: now, in: zurich).allSatisfy { $0.count == 0 })
    #expect(try StepProgress(tasks: [], completions: [:]) == .empty)
  }

  @Test("an empty task is not completed (unlike BabySteps' vacuous allSatisfy)")
  func emptyTaskIsNotCompleted() throws {
    let empty = StepTask(id: F.task(1), title: "Empty", order: 0, steps: [])
    let done = F.task(2, order: 1, steps: 10..<11)
    let progress = try StepProgress(
      tasks: [empty, done], completions: [F.step(10): try F.utc(2024, 5, 15, 8)])
    #expect(empty.isEmpty)
    #expect(!progress.isCompleted(empty))
    #expect(progress.isCompleted(done))
    #expect(progress.completedTasks == 1)
    #expect(progress.totalTasks == 2)
    // The empty task is neither in progress nor completed: there is nothing left to do.
    #expect(progress.nextStep == nil)
  }

  @Test("3 tasks × 2 steps, one task done today: today 2, total 6, tasks 1/3")
  func widgetExample() throws {
    let zurich = try F.zone("Europe/Zurich")
    let now = try F.utc(2024, 5, 15, 10)  // 12:00 CEST
    let tasks = [
      F.task(1, order: 0, steps: 0..<2), F.task(2, order: 1, steps: 2..<4),
      F.task(3, order: 2, steps: 4..<6),
    ]
    let completions = [F.step(0): try F.utc(2024, 5, 15, 6), F.step(1): try F.utc(2024, 5, 15, 9)]
    let progress = try StepProgress(tasks: tasks, completions: completions)
    #expect(progress.completedToday(at: now, in: zurich) == 2)
    #expect(progress.totalSteps == 6)
    #expect(progress.completedTasks == 1)
    #expect(progress.totalTasks == 3)
    #expect(progress.totalCompletedSteps == 2)
    #expect(
      progress.nextStep
        == NextStep(
          task: F.task(2), taskTitle: "Task 2", step: F.step(2), stepNumber: 1, stepCount: 2,
          completedCount: 0))
  }

  @Test("yesterday's completion is excluded from today; the day turns at local midnight")
  func yesterdayIsExcluded() throws {
    let zurich = try F.zone("Europe/Zurich")
    let now = try F.utc(2024, 5, 15, 10)
    // 2024-05-14 23:59:59.999 CEST and 2024-05-15 00:00 CEST.
    let lastOfYesterday = try F.utc(2024, 5, 14, 21, 59, 59, milliseconds: 999)
    let firstOfToday = try F.utc(2024, 5, 14, 22)
    let tasks = [F.task(1, order: 0, steps: 0..<2)]
    let yesterdayOnly = try StepProgress(tasks: tasks, completions: [F.step(0): lastOfYesterday])
    #expect(yesterdayOnly.completedToday(at: now, in: zurich) == 0)
    #expect(yesterdayOnly.completedSteps(on: try F.date(2024, 5, 14), in: zurich) == 1)
    let both = try StepProgress(
      tasks: tasks, completions: [F.step(0): lastOfYesterday, F.step(1): firstOfToday])
    #expect(both.completedToday(at: now, in: zurich) == 1)
    #expect(both.completedToday(at: firstOfToday, in: zurich) == 1)
    #expect(both.completedToday(at: lastOfYesterday, in: zurich) == 1)
  }

  @Test("completions of steps of deleted tasks are ignored (unlike BabySteps' orphans)")
  func orphansAreIgnored() throws {
    let zurich = try F.zone("Europe/Zurich")
    let now = try F.utc(2024, 5, 15, 10)
    let completions = [F.step(0): try F.utc(2024, 5, 15, 8), F.step(99): try F.utc(2024, 5, 15, 9)]
    let progress = try StepProgress(tasks: [F.task(1, order: 0, steps: 0..<3)], completions: completions)
    #expect(progress.completions == [F.step(0): try F.utc(2024, 5, 15, 8)])
    #expect(progress.completedToday(at: now, in: zurich) == 1)
    #expect(progress.activity(.week, endingAt: now, in: zurich).last?.count == 1)
    #expect(progress.totalCompletedSteps <= progress.totalSteps)
  }

  @Test("duplicate task or step ids are rejected, naming the duplicate")
  func duplicatesAreRejected() throws {
    #expect(throws: ProgressError.duplicateTask(F.task(1))) {
      try StepProgress(
        tasks: [F.task(1, order: 0, steps: 0..<1), F.task(1, order: 5, steps: 1..<2)], completions: [:])
    }
    #expect(throws: ProgressError.duplicateStep(F.step(1), firstTask: F.task(1), secondTask: F.task(2))) {
      try StepProgress(
        tasks: [F.task(2, order: 1, steps: 1..<2), F.task(1, order: 0, steps: 0..<2)], completions: [:])
    }
    let repeated = StepTask(id: F.task(3), title: "x", order: 0, steps: [F.step(4), F.step(4)])
    #expect(throws: ProgressError.duplicateStep(F.step(4), firstTask: F.task(3), secondTask: F.task(3))) {
      try StepProgress(tasks: [repeated], completions: [:])
    }
    let message = ProgressError.duplicateStep(F.step(1), firstTask: F.task(1), secondTask: F.task(2))
      .description
    #expect(message.contains(F.step(1).description) && message.contains(F.task(2).description))
  }

  /// Found by `make fuzz` (`Fuzz/Corpus/snapshot/crash-completion-far-future.json`): a decoded
  /// progress completed millions of years away trapped as soon as a figure asked for the day.
  @Test("a completion outside the years 1 to 9999 is refused, naming the first step in list order")
  func completionOutOfRange() throws {
    let far = Instant(millisecondsSince1970: 1_000_000_000_000_000_000)
    let tasks = [F.task(1, order: 0, steps: 0..<3)]
    #expect(throws: ProgressError.completionOutOfRange(F.step(1), completedAt: far)) {
      try StepProgress(
        tasks: tasks, completions: [F.step(2): Instant(millisecondsSince1970: .min), F.step(1): far])
    }
    // A completion of a deleted task's step is dropped, as before, not refused.
    #expect(try StepProgress(tasks: tasks, completions: [F.step(7): far]).completions.isEmpty)
    // Both ends of the range count, on their own days.
    let range = ZoneCalendar.supportedInstants
    let last = range.upperBound.advanced(by: -1)
    let zurich = try F.zone("Europe/Zurich")
    let edges = try StepProgress(tasks: tasks, completions: [F.step(0): range.lowerBound, F.step(1): last])
    #expect(edges.completedToday(at: last, in: zurich) == 1)
    #expect(edges.activity(.week, endingAt: last, in: zurich).last?.count == 1)
    let found = #"""
      {"completions":[{"completedAt":1e18,"step":"A0000000-0000-0000-0000-000000000001"}],
       "tasks":[{"id":"E242E1F8-C36C-495A-93FC-0C247A3E6E5F","order":1,
                 "steps":["A0000000-0000-0000-0000-000000000001"],"title":""}]}
      """#
    #expect(throws: DecodingError.self) { try JSONDecoder().decode(StepProgress.self, from: Data(found.utf8)) }
  }

  @Test("tasks are kept in (order, id) order whatever the input order")
  func tasksAreSorted() throws {
    let tasks = [
      F.task(3, order: 1, steps: 0..<1), F.task(2, order: 1, steps: 1..<2),
      F.task(1, order: 2, steps: 2..<3), F.task(4, order: -1, steps: 3..<4),
    ]
    let progress = try StepProgress(tasks: tasks, completions: [:])
    #expect(progress.tasks.map(\.id) == [F.task(4), F.task(2), F.task(3), F.task(1)])
    #expect(try StepProgress(tasks: tasks.reversed(), completions: [:]) == progress)
  }

  @Test("next step: first unfinished non-empty task by (order, id), its first open step")
  func nextStep() throws {
    let t = try F.utc(2024, 5, 15, 8)
    let tasks = [
      F.task(1, order: 0, steps: 0..<2),  // all done
      StepTask(id: F.task(2), title: "Empty", order: 1, steps: []),
      F.task(3, order: 2, steps: 2..<5),  // step 2 done, 3 open, 4 done
      F.task(4, order: 3, steps: 5..<6),
    ]
    let completions = [F.step(0): t, F.step(1): t, F.step(2): t, F.step(4): t]
    let progress = try StepProgress(tasks: tasks, completions: completions)
    #expect(
      progress.nextStep
        == NextStep(
          task: F.task(3), taskTitle: "Task 3", step: F.step(3), stepNumber: 2, stepCount: 3,
          completedCount: 2))
    #expect(progress.completedStepCount(of: tasks[2]) == 2)
  }

  @Test("activity windows have 7, 14 and 91 consecutive dates ending today", arguments: ActivityWindow.allCases)
  func activityWindowLength(window: ActivityWindow) throws {
    let zurich = try F.zone("Europe/Zurich")
    let now = try F.utc(2024, 4, 2, 10)
    let today = try F.date(2024, 4, 2)
    let first = today.adding(days: -Int64(window.rawValue - 1))
    let firstDay = try #require(zurich.dayInterval(of: first))
    let completions = [
      F.step(0): firstDay.start,  // first cell
      F.step(1): firstDay.start.advanced(by: -1),  // just before the window
      F.step(2): now,  // today
      F.step(3): try F.utc(2024, 3, 31, 22, 30),  // 00:30 CEST 1 April, not 31 March
    ]
    let progress = try StepProgress(tasks: [F.task(1, order: 0, steps: 0..<4)], completions: completions)
    let days = progress.activity(window, endingAt: now, in: zurich)
    #expect(days.count == window.rawValue)
    #expect(days.count == window.dayCount)
    #expect(days.first?.date == first)
    #expect(days.last?.date == today)
    #expect(zip(days, days.dropFirst()).allSatisfy { $0.date.adding(days: 1) == $1.date })
    #expect(days.first?.count == 1)
    #expect(days.last?.count == 1)
    let aprilFirst = try F.date(2024, 4, 1)
    #expect(days.first { $0.date == aprilFirst }?.count == 1)
    #expect(days.reduce(0) { $0 + $1.count } == 3)
    #expect(days.allSatisfy { $0.level == ActivityLevel(count: $0.count) })
  }

  @Test("a date the zone skipped (Apia 2011-12-30) is a cell with count 0")
  func activitySkippedDate() throws {
    let apia = try F.zone("Pacific/Apia")
    #expect(apia.dayInterval(of: try F.date(2011, 12, 30)) == nil)
    let now = try F.utc(2011, 12, 30, 22)  // 2011-12-31 12:00 +14
    let completions = [
      F.step(0): try F.utc(2011, 12, 30, 9),  // 2011-12-29 23:00 −10
      F.step(1): try F.utc(2011, 12, 30, 10),  // 2011-12-31 00:00 +14
    ]
    let progress = try StepProgress(tasks: [F.task(1, order: 0, steps: 0..<2)], completions: completions)
    let days = progress.activity(.week, endingAt: now, in: apia)
    let christmas = try F.date(2011, 12, 25)
    #expect(days.map(\.date) == (0..<7).map { christmas.adding(days: $0) })
    #expect(days.map(\.count) == [0, 0, 0, 0, 1, 0, 1])
    #expect(progress.completedSteps(on: try F.date(2011, 12, 30), in: apia) == 0)
    #expect(progress.completedToday(at: now, in: apia) == 1)
  }

  @Test(
    "activity levels: 0 none, 1–3 low, 4–6 medium, 7–9 high, 10+ very high",
    arguments: [
      (0, ActivityLevel.none), (1, .low), (3, .low), (4, .medium), (6, .medium), (7, .high),
      (9, .high), (10, .veryHigh), (1_000, .veryHigh),
    ])
  func activityLevels(count: Int, level: ActivityLevel) {
    #expect(ActivityLevel(count: count) == level)
    #expect(ActivityDay(date: CivilDate(dayNumber: 0), count: count).level == level)
  }

  @Test("levels are ordered none < low < medium < high < veryHigh")
  func levelOrder() {
    #expect(ActivityLevel.allCases == ActivityLevel.allCases.sorted())
    #expect(ActivityLevel.none < .veryHigh)
  }

  @Test("a negative activity count is a programmer error")
  func negativeCountTraps() async {
    await #expect(processExitsWith: .failure) { _ = ActivityLevel(count: -1) }
  }

  @Test("Codable: progress and activity days round-trip; a wrong stored level is rejected")
  func codable() throws {
    let tasks = [F.task(1, order: 0, steps: 0..<3), F.task(2, order: 1, steps: 3..<4)]
    let progress = try StepProgress(
      tasks: tasks, completions: [F.step(0): try F.utc(2024, 5, 15, 8), F.step(3): try F.utc(2024, 5, 14, 8)])
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    let data = try encoder.encode(progress)
    #expect(try JSONDecoder().decode(StepProgress.self, from: data) == progress)
    #expect(try encoder.encode(progress) == data)
    let day = ActivityDay(date: try F.date(2024, 5, 15), count: 5)
    #expect(try JSONDecoder().decode(ActivityDay.self, from: encoder.encode(day)) == day)
    let wrong = Data(#"{"count":5,"date":"2024-05-15","level":4}"#.utf8)
    #expect(throws: DecodingError.self) { try JSONDecoder().decode(ActivityDay.self, from: wrong) }
    let orphan = Data(
      #"{"completions":[{"completedAt":0,"step":"\#(F.step(9))"}],"tasks":[]}"#.utf8)
    #expect(throws: DecodingError.self) { try JSONDecoder().decode(StepProgress.self, from: orphan) }
  }

  @Test("completed tasks are counted by hand however the progress was made: made, completions replaced, a few updated")
  func completedTasksCountedByHand() throws {
    var random = GlanceTestSupport.SplitMix64(seed: 0xC0DE)
    let instant = try F.utc(2024, 5, 15, 8)
    // Tasks with 0…3 steps each, and the count a reader makes of them: a task is completed when
    // it has a step and every step is in the completions.
    func byHand(_ tasks: [StepTask], _ completions: [StepID: Instant]) -> Int {
      tasks.filter { task in !task.steps.isEmpty && task.steps.allSatisfy { completions.keys.contains($0) } }.count
    }
    func drawn(_ steps: [StepID]) -> [StepID: Instant] {
      var completions: [StepID: Instant] = [:]
      for step in steps where random.next() % 3 != 0 { completions[step] = instant }
      return completions
    }
    for _ in 0..<300 {
      var tasks: [StepTask] = []
      var next = 0
      for number in 0..<Int(random.next() % 5) {
        let count = Int(random.next() % 4)
        tasks.append(F.task(number, order: number, steps: next..<(next + count)))
        next += count
      }
      let steps = tasks.flatMap(\.steps)
      let made = try StepProgress(tasks: tasks, completions: drawn(steps))
      #expect(made.completedTasks == byHand(made.tasks, made.completions))
      let replaced = try made.replacingCompletions(drawn(steps))
      #expect(replaced.completedTasks == byHand(replaced.tasks, replaced.completions))
      let changed = steps.filter { _ in random.next() % 2 == 0 }
      let updated = try made.updatingCompletions(of: changed, from: drawn(changed), steps: Set(steps))
      #expect(updated.completedTasks == byHand(updated.tasks, updated.completions))
      #expect(updated.completedTasks <= updated.totalTasks)
    }
  }
}
