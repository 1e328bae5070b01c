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
  public init(snapshot: StepsSnapshot, at instant: Instant, calendar: ZoneCalendar) {
    func model(_ kind: WidgetKind) -> WidgetModel {
      do {
        return try WidgetProjection(snapshot: .steps(snapshot), kind: kind, calendar: calendar, labels: .english)
          .model(at: instant)
      } catch {
        preconditionFailure("a steps snapshot fits the \(kind) widget: \(error)")
      }
    }
    guard case .stepsProgress(let progress) = model(.stepsProgress(.medium)),
      case .activity(let activity) = model(.activity(.week)),
      case .nextStep(let next) = model(.nextStep)
    else { preconditionFailure("the kernel renders each steps widget kind as its own model") }
    self.progress = progress
    self.activity = activity
    self.next = next
  }
}
