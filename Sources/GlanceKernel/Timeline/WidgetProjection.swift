/// What a step or tally widget shows at any instant, from a dated snapshot: the pure projection
/// the planner's entries must agree with.
///
/// Every figure that depends on "today" is computed for the local day of the instant in
/// ``calendar``'s zone, so the model changes only at local day boundaries
/// (``ZoneCalendar/nextRollover(after:)``): today's count and steps reset to 0 (the snapshot
/// knows no event of the new day), and the activity window shifts by one cell. The next-step
/// widget does not depend on time at all.
///
/// ## Laws
/// - `model(at:)` is constant on each local day of `calendar` (and constant forever for
///   `.nextStep`).
/// - A snapshot of another day or zone never shows as today's: its counts project to 0.
public struct WidgetProjection: TimelineProjection {
  public let snapshot: WidgetSnapshot
  public let kind: WidgetKind
  public let calendar: ZoneCalendar
  public let labels: StepsWidgetLabels

  /// The projection of `snapshot` for `kind`, with "today" taken in `calendar`'s zone (the
  /// device's current zone, as the apps do).
  ///
  /// - Throws: ``TimelineError/snapshotDoesNotFit(kind:snapshot:)`` when a tally snapshot is given
  ///   to a step widget or the other way round.
  public init(
    snapshot: WidgetSnapshot, kind: WidgetKind, calendar: ZoneCalendar, labels: StepsWidgetLabels
  ) throws(TimelineError) {
    switch (snapshot, kind) {
    case (.tally, .tally), (.steps, .stepsProgress), (.steps, .activity), (.steps, .nextStep):
      break
    case (.tally, _):
      throw .snapshotDoesNotFit(kind: kind, snapshot: "tally")
    case (.steps, .tally):
      throw .snapshotDoesNotFit(kind: kind, snapshot: "steps")
    }
    self.snapshot = snapshot
    self.kind = kind
    self.calendar = calendar
    self.labels = labels
  }

  public func model(at instant: Instant) -> WidgetModel {
    switch (snapshot, kind) {
    case (.tally(let tally), _):
      return .tally(TallyWidgetModel(count: tally.count(at: instant, in: calendar)))
    case (.steps(let steps), .stepsProgress(let size)):
      let today = calendar.date(containing: instant)
      return .stepsProgress(Self.progressModel(steps, size: size, on: today, in: calendar, labels: labels))
    case (.steps(let steps), .activity(let span)):
      let today = calendar.date(containing: instant)
      return .activity(ActivityWidgetModel(span: span, days: steps.activity(span, on: today, in: calendar)))
    case (.steps(let steps), .nextStep), (.steps(let steps), .tally):
      // `.tally` with a steps snapshot is refused by `init`.
      return .nextStep(Self.nextStepModel(steps, labels: labels))
    }
  }

  public func nextChangePoint(after instant: Instant) -> Instant? {
    if case .nextStep = kind { return nil }
    return calendar.nextRollover(after: instant)
  }

  /// The progress widget's model on the local date `date` of `calendar` (``StepsDisplay`` asks
  /// for the three step models of one date, and looks the date up once).
  static func progressModel(
    _ steps: StepsSnapshot, size: StepsWidgetSize, on date: CivilDate, in calendar: ZoneCalendar, labels: StepsWidgetLabels
  ) -> StepsProgressModel {
    let today = steps.completedToday(on: date, in: calendar)
    let empty = steps.totalSteps == 0
    return StepsProgressModel(
      size: size,
      completedToday: today,
      totalSteps: steps.totalSteps,
      completedTasks: steps.completedTasks,
      totalTasks: steps.totalTasks,
      headline: empty ? labels.noSteps : "\(labels.today) \(today)/\(steps.totalSteps)",
      detail: size == .medium && !empty ? "\(labels.tasks) \(steps.completedTasks)/\(steps.totalTasks)" : nil,
      progress: empty ? nil : Ratio(numerator: today, denominator: steps.totalSteps))
  }

  /// The next-step widget's model (it does not depend on time).
  static func nextStepModel(_ steps: StepsSnapshot, labels: StepsWidgetLabels) -> NextStepModel {
    guard let next = steps.nextStep else {
      return NextStepModel(nextStep: nil, title: steps.totalSteps == 0 ? labels.noSteps : labels.allDone, detail: nil)
    }
    return NextStepModel(nextStep: next, title: next.taskTitle, detail: "\(labels.step) \(next.stepNumber)/\(next.stepCount)")
  }
}

extension TimelinePlanner {
  /// The timeline of a step or tally widget: ``WidgetProjection`` planned from `now` to `horizon`.
  ///
  /// - Throws: ``TimelineError`` for a snapshot that does not fit the kind or a bad horizon.
  public static func plan(
    _ snapshot: WidgetSnapshot, kind: WidgetKind, now: Instant, horizon: Instant,
    calendar: ZoneCalendar, labels: StepsWidgetLabels
  ) throws(TimelineError) -> Timeline<WidgetModel> {
    let projection = try WidgetProjection(snapshot: snapshot, kind: kind, calendar: calendar, labels: labels)
    return try plan(projection, now: now, horizon: horizon)
  }
}
