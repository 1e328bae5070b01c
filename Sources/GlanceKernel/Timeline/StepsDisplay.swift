/// What the steps app and widget show: BabySteps' progress ("today 5/12", tasks done), the
/// last seven days of activity and the next step, as the kernel renders them.
///
/// ## Laws
/// - Every field is the kernel's render model of one `StepsSnapshot` at one instant
///   (``init(snapshot:at:calendar:)``): the three agree on the day and the data.
public struct StepsDisplay: Hashable, Sendable {
  /// "today 5/12", the totals and the bar.
  public let progress: StepsProgressModel
  /// One cell per day of the last seven, ending today.
  public let activity: ActivityWidgetModel
  /// The next step of the first task in progress.
  public let next: NextStepModel

  /// The display of `snapshot` at `instant`, with "today" in `calendar`'s zone.
  ///
  /// The models are ``WidgetProjection``'s for the medium progress widget, the week's activity
  /// and the next step, each made for the local date of `instant`, looked up once.
  public init(snapshot: StepsSnapshot, at instant: Instant, calendar: ZoneCalendar) {
    let today = calendar.date(containing: instant)
    self.progress = WidgetProjection.progressModel(snapshot, size: .medium, on: today, in: calendar, labels: .english)
    self.activity = ActivityWidgetModel(span: .week, days: snapshot.activity(.week, on: today, in: calendar))
    self.next = WidgetProjection.nextStepModel(snapshot, labels: .english)
  }
}
