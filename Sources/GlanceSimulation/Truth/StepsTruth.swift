import GlanceKernel

/// The steps' truth (BabySteps): an in-app tap toggles one step of ``StepsPlan`` (chosen from
/// the action's id); the app and the widget should show the kernel's render models of a
/// `StepProgress` over the live completions (``StepsDisplay``).
///
/// ## Laws
/// - A step is completed exactly when ``liveRecords`` holds its completion.
/// - Only in-app taps change anything: the steps widget has no "+" and there is no watch.
struct StepsTruth: DomainModel {
  static let surfaces: [Surface] = [.app, .widget]

  private var completions: [StepID: Record] = [:]
  private(set) var liveRecords: [Record] = []
  private var memo: (key: DayMemoKey, display: Display)? = nil
  private var version = 0

  mutating func record(_ action: PlannedAction, in calendar: ZoneCalendar) -> Deed? {
    guard case .appTap = action.kind else { return nil }
    let step = StepsPlan.step(for: action)
    version += 1
    if let completion = completions.removeValue(forKey: step) {
      guard let index = liveRecords.lastIndex(of: completion) else { preconditionFailure("\(completion) is not live") }
      liveRecords.remove(at: index)
      return .uncomplete(step: step, target: completion)
    }
    let record = Record(id: action.eventID, instant: action.time)
    completions[step] = record
    liveRecords.insertSorted(record)
    return .complete(step: step, record: record)
  }

  mutating func expected(on surface: Surface, at instant: Instant, today: DayInterval, in calendar: ZoneCalendar) -> Display {
    precondition(surface == .app || surface == .widget, "the steps have no \(surface)")
    let key = DayMemoKey(version: version, dayStart: today.start, zone: calendar.identifier)
    if let memo, memo.key == key { return memo.display }
    let snapshot = StepsSnapshot(progress: StepsPlan.progress(completions.mapValues(\.instant)), asOf: instant, calendar: calendar)
    let display = Display.steps(StepsDisplay(snapshot: snapshot, at: instant, calendar: calendar))
    memo = (key, display)
    return display
  }
}
