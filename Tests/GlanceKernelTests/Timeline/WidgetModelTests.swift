import GlanceKernel
import Testing

/// The step widgets' render models, hand-worked, from events through a replica and a snapshot.
@Suite("Step widget models")
struct WidgetModelTests {
  /// Three tasks of two steps; task 1 done (one step yesterday, one today), task 2 half done
  /// today, task 3 untouched. Zurich, planned at 2024-06-14 20:00 local.
  static func snapshot(_ extraTasks: [StepTask] = []) throws -> (StepsSnapshot, ZoneCalendar, Instant) {
    let zurich = DayFixtures.calendar("Europe/Zurich")
    let now = DayFixtures.utc("2024-06-14T18:00:00Z")
    let tasks =
      [
        ProgressFixture.task(1, order: 0, steps: 0..<2),
        ProgressFixture.task(2, order: 1, steps: 2..<4),
        ProgressFixture.task(3, order: 2, steps: 4..<6),
      ] + extraTasks
    var replica = Replica()
    let completions: [(Int, String)] = [(0, "2024-06-13T09:00:00Z"), (1, "2024-06-14T07:00:00Z"), (2, "2024-06-14T17:30:00Z")]
    for (number, (step, time)) in completions.enumerated() {
      let event = Event(
        id: ProgressFixture.event(number), kind: .complete(step: ProgressFixture.step(step)),
        instant: DayFixtures.utc(time), origin: .app)
      try replica.insert(event)
    }
    let progress = try replica.stepProgress(tasks: tasks)
    return (StepsSnapshot(progress: progress, asOf: now, calendar: zurich), zurich, now)
  }

  static func model(_ kind: WidgetKind, at instant: Instant, labels: StepsWidgetLabels = .english) throws -> WidgetModel {
    let (snapshot, zurich, _) = try Self.snapshot()
    return try WidgetProjection(snapshot: .steps(snapshot), kind: kind, calendar: zurich, labels: labels).model(at: instant)
  }

  @Test("progress summary, small and medium, in English and Japanese")
  func progressSummary() throws {
    let (_, _, now) = try Self.snapshot()
    guard case .stepsProgress(let small) = try Self.model(.stepsProgress(.small), at: now) else {
      Issue.record("not a progress model")
      return
    }
    #expect(small.headline == "today 2/6")
    #expect(small.detail == nil)
    #expect(small.progress == Ratio(numerator: 1, denominator: 3))
    guard case .stepsProgress(let medium) = try Self.model(.stepsProgress(.medium), at: now) else { return }
    #expect(medium.detail == "tasks 1/3")
    guard case .stepsProgress(let japanese) = try Self.model(.stepsProgress(.small), at: now, labels: .japanese) else { return }
    #expect(japanese.headline == "今日 2/6")
  }

  @Test("after midnight, today is 0/6 and the activity window has moved by one day")
  func afterMidnight() throws {
    let (_, zurich, now) = try Self.snapshot()
    let midnight = zurich.nextRollover(after: now)
    guard case .stepsProgress(let small) = try Self.model(.stepsProgress(.small), at: midnight) else { return }
    #expect(small.headline == "today 0/6")
    guard case .activity(let before) = try Self.model(.activity(.week), at: now),
      case .activity(let after) = try Self.model(.activity(.week), at: midnight)
    else { return }
    #expect(before.days.map(\.count) == [0, 0, 0, 0, 0, 1, 2])
    #expect(after.days.map(\.count) == [0, 0, 0, 0, 1, 2, 0])
    #expect(after.days.last?.date == (try CivilDate(iso8601: "2024-06-15")))
    guard case .activity(let fortnight) = try Self.model(.activity(.fortnight), at: now) else { return }
    #expect(fortnight.days.count == 14)
    #expect(fortnight.days.map(\.level).suffix(2) == [.low, .low])
  }

  @Test("next step: the first task in progress, its first open step; then all done; then no steps")
  func nextStep() throws {
    let (_, _, now) = try Self.snapshot()
    guard case .nextStep(let next) = try Self.model(.nextStep, at: now) else { return }
    #expect(next.title == "Task 2")
    #expect(next.detail == "step 2/2")
    #expect(next.nextStep?.step == ProgressFixture.step(3))

    let zurich = DayFixtures.calendar("Europe/Zurich")
    let empty = StepsSnapshot(progress: .empty, asOf: now, calendar: zurich)
    let projection = try WidgetProjection(snapshot: .steps(empty), kind: .nextStep, calendar: zurich, labels: .english)
    guard case .nextStep(let none) = projection.model(at: now) else { return }
    #expect(none.nextStep == nil && none.title == "No steps yet" && none.detail == nil)
    var replica = Replica()
    try replica.insert(Event(id: ProgressFixture.event(50), kind: .complete(step: ProgressFixture.step(10)), instant: now, origin: .watch))
    let finished = try replica.stepProgress(tasks: [ProgressFixture.task(9, order: 0, steps: 10..<11)])
    let done = try WidgetProjection(
      snapshot: .steps(StepsSnapshot(progress: finished, asOf: now, calendar: zurich)), kind: .nextStep,
      calendar: zurich, labels: .japanese)
    guard case .nextStep(let allDone) = done.model(at: now) else { return }
    #expect(allDone.nextStep == nil && allDone.title == "すべて完了")
    let summary = try WidgetProjection(snapshot: .steps(empty), kind: .stepsProgress(.medium), calendar: zurich, labels: .english)
    guard case .stepsProgress(let nothing) = summary.model(at: now) else { return }
    #expect(nothing.headline == "No steps yet" && nothing.detail == nil && nothing.progress == nil)
  }
}
