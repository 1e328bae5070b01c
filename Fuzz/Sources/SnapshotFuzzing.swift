import Foundation
import GlanceKernel

/// The JSON the step and tally widgets read (`TallySnapshot`, `StepsSnapshot`, from
/// `DatedSnapshot+Codable.swift`) and the app's `StepProgress` JSON, on any bytes: every input
/// goes through all three decoders.
///
/// Laws checked (from `DatedSnapshot.swift`, `StepProgress.swift`, `NextStep.swift`,
/// `TimelinePlanner.swift`):
/// - a refusal is a `DecodingError`;
/// - a decoded value re-encodes to bytes that decode to it and encode again to the same bytes;
/// - a snapshot's zone is known, its day key is the day of its `asOf` there, and at `asOf` it
///   shows its own figures (today's count, an activity window ending with today's cell);
/// - every widget timeline planned from a snapshot satisfies the planner's laws
///   (``TimelineChecks``);
/// - a progress lists its tasks in list order with distinct ids and steps, completes only its own
///   steps, and its next step is within its task; the steps snapshot the app takes of it survives
///   JSON.
enum SnapshotFuzzing {
  static let stepKinds: [WidgetKind] =
    StepsWidgetSize.allCases.map { .stepsProgress($0) }
    + ActivityWidgetSpan.allCases.map { .activity($0) } + [.nextStep]

  static func run(_ bytes: [UInt8]) {
    let data = Data(bytes)
    let context = "JSON \(String(decoding: bytes, as: UTF8.self).debugDescription)"
    if let tally = decoded(TallySnapshot.self, from: data, context: context) {
      checkRoundTrip(tally, context: context)
      checkTally(tally, context: context)
    }
    if let steps = decoded(StepsSnapshot.self, from: data, context: context) {
      checkRoundTrip(steps, context: context)
      checkSteps(steps, context: context)
    }
    if let progress = decoded(StepProgress.self, from: data, context: context) {
      checkRoundTrip(progress, context: context)
      checkProgress(progress, context: context)
    }
  }

  /// The value, or `nil` after checking that the refusal is a `DecodingError`.
  static func decoded<Value: Decodable>(
    _ type: Value.Type, from data: Data, context: String
  )
    -> Value?
  {
    do {
      return try JSONDecoder().decode(type, from: data)
    } catch {
      law(error is DecodingError, "\(context): \(type) refused with \(error)")
      return nil
    }
  }

  static func encoded(_ value: some Encodable) throws -> Data {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    return try encoder.encode(value)
  }

  static func checkRoundTrip<Value: Codable & Equatable>(_ value: Value, context: String) {
    do {
      let data = try encoded(value)
      let decoded = try JSONDecoder().decode(Value.self, from: data)
      law(decoded == value, "\(context): \(Value.self) decodes to \(decoded) after encoding")
      let dataAgain = try encoded(decoded)
      law(dataAgain == data, "\(context): \(Value.self) encoding is not stable")
    } catch {
      law(false, "\(context): \(Value.self) round trip threw \(error)")
    }
  }

  /// The calendar of a decoded day key, which decoding has already checked.
  static func calendar(of dayKey: DayKey, asOf: Instant, context: String) -> ZoneCalendar? {
    guard let calendar = try? ZoneCalendar(identifier: dayKey.zoneIdentifier) else {
      law(false, "\(context): decoded with the unknown zone \(dayKey.zoneIdentifier)")
      return nil
    }
    law(
      calendar.dayKey(containing: asOf) == dayKey, "\(context): \(dayKey) is not the day of \(asOf)"
    )
    return calendar
  }

  static func checkTally(_ tally: TallySnapshot, context: String) {
    law(tally.todayCount >= 0, "\(context): negative count")
    guard let calendar = calendar(of: tally.dayKey, asOf: tally.asOf, context: context) else {
      return
    }
    law(tally.count(at: tally.asOf, in: calendar) == tally.todayCount, "\(context): count at asOf")
    checkTimelines(.tally(tally), kinds: [.tally], calendar: calendar, context: context)
  }

  static func checkSteps(_ steps: StepsSnapshot, context: String) {
    law(
      steps.completedToday >= 0 && steps.completedToday <= steps.totalSteps
        && steps.completedTasks >= 0 && steps.completedTasks <= steps.totalTasks,
      "\(context): figures out of order")
    guard let calendar = calendar(of: steps.dayKey, asOf: steps.asOf, context: context) else {
      return
    }
    law(
      steps.completedToday(at: steps.asOf, in: calendar) == steps.completedToday,
      "\(context): completedToday at asOf")
    for span in ActivityWidgetSpan.allCases {
      let cells = steps.activity(span, at: steps.asOf, in: calendar)
      law(
        cells.count == span.rawValue && cells.last?.date == steps.dayKey.date
          && cells.last?.count == steps.completedToday,
        "\(context): the \(span) window at asOf is \(cells)")
    }
    checkTimelines(.steps(steps), kinds: stepKinds, calendar: calendar, context: context)
  }

  static func checkTimelines(
    _ snapshot: WidgetSnapshot, kinds: [WidgetKind], calendar: ZoneCalendar, context: String
  ) {
    let now = TimelineChecks.now(near: snapshot.asOf)
    let horizon = now.advanced(by: TimelineChecks.horizonMilliseconds)
    for kind in kinds {
      do throws(TimelineError) {
        let projection = try WidgetProjection(
          snapshot: snapshot, kind: kind, calendar: calendar, labels: .english)
        let timeline = try TimelinePlanner.plan(projection, now: now, horizon: horizon)
        TimelineChecks.check(timeline, of: projection, now: now, context: "\(context), \(kind)")
      } catch {
        law(false, "\(context), \(kind): no timeline from \(now) to \(horizon): \(error)")
      }
    }
  }

  static func checkProgress(_ progress: StepProgress, context: String) {
    let tasks = progress.tasks
    for index in tasks.indices.dropFirst() {
      let (previous, task) = (tasks[index - 1], tasks[index])
      law(
        previous.order < task.order || (previous.order == task.order && previous.id < task.id),
        "\(context): tasks \(index - 1) and \(index) out of list order")
    }
    let steps = tasks.flatMap(\.steps)
    law(Set(steps).count == steps.count, "\(context): a step listed twice")
    law(
      progress.completions.keys.allSatisfy(Set(steps).contains), "\(context): a stranger completed")
    law(progress.totalSteps == steps.count, "\(context): totalSteps")
    law(progress.completedTasks <= progress.totalTasks, "\(context): completedTasks")
    if let next = progress.nextStep {
      law(
        (1...max(next.stepCount, 1)).contains(next.stepNumber)
          && (0..<max(next.stepCount, 1)).contains(next.completedCount),
        "\(context): next step \(next)")
    }
    let zurich = WidgetCacheFuzzing.zurich
    let latest = progress.completions.values.max() ?? TimelineChecks.fallbackNow
    let snapshot = StepsSnapshot(
      progress: progress, asOf: TimelineChecks.now(near: latest), calendar: zurich)
    checkRoundTrip(snapshot, context: "\(context), its steps snapshot")
  }
}
