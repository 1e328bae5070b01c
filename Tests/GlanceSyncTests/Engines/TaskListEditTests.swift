import Foundation
import GlanceKernel
import GlanceSync
import Testing

/// The steps app's task-list edits and the budget app's expense edit, worked by hand: what the
/// app and the widget show afterwards, the widget reading the store alone.
@Suite("Task-list and expense edits")
struct TaskListEditTests {
  static func uuid(_ kind: UInt8, _ number: Int) -> UUID {
    UUID(uuid: (kind, UInt8(number), 0, 0, 0, 0, 0x40, 0, 0x80, 0, 0, 0, 0, 0, 0, 0))
  }
  static func task(_ number: Int) -> TaskID { TaskID(uuid(7, number)) }
  static func step(_ number: Int) -> StepID { StepID(uuid(5, number)) }
  /// Two tasks: "Walk" (steps 0, 1), "Read" (step 2).
  static let base = [
    StepTask(id: task(0), title: "Walk", order: 0, steps: [step(0), step(1)]),
    StepTask(id: task(1), title: "Read", order: 1, steps: [step(2)]),
  ]
  static let now = Instant(millisecondsSince1970: 1_773_907_200_000)  // 2026-03-19T08:00Z, 09:00 in Zurich

  /// Event ids 1, 2, 3, … in the order the app asks for them.
  final class Ids {
    var next: UInt8 = 0
    func callAsFunction() -> EventID {
      next += 1
      return EventID(UUID(uuid: (9, next, 0, 0, 0, 0, 0x40, 0, 0x80, 0, 0, 0, 0, 0, 0, 0)))
    }
  }

  func app() throws -> (StepsApp<FlakyLog>, FlakyLog, StepsWidget, RecordingPorts) {
    let ports = RecordingPorts()
    let store = FlakyLog()
    let app = try StepsApp<FlakyLog>(store: store, legacy: nil, tasks: Self.base, refreshBudget: 70, reloader: ports, wakes: ports)
    return (app, store, try StepsWidget(tasks: Self.base, refreshBudget: 70), ports)
  }

  @Test("added, extended, renamed, reordered and deleted: the widget lists what the app lists, and counts the same steps")
  func editsReachTheWidget() throws {
    var (app, store, widget, ports) = try app()
    let zurich = try ZoneCalendar(identifier: "Europe/Zurich")
    let ids = Ids()
    try app.complete(Self.step(2), id: ids(), at: Self.now)
    try app.addTask(Self.task(2), title: "Swim", steps: [Self.step(3), Self.step(4)], at: Self.now, ids: ids.callAsFunction)
    try app.addSteps([Self.step(5)], to: Self.task(0), at: Self.now, ids: ids.callAsFunction)
    try app.renameTask(Self.task(1), to: "Read more", at: Self.now, ids: ids.callAsFunction)
    try app.reorderTasks([Self.task(2), Self.task(1), Self.task(0)], at: Self.now, ids: ids.callAsFunction)
    try app.complete(Self.step(3), id: ids(), at: Self.now)
    // 1 complete, 3 for the new task, 3 renumbering Walk's steps, 1 rename, 3 for the reorder, 1 complete.
    #expect(ids.next == 12 && store.events.events.count == 12)
    let expected = [
      StepTask(id: Self.task(2), title: "Swim", order: 0, steps: [Self.step(3), Self.step(4)]),
      StepTask(id: Self.task(1), title: "Read more", order: 1, steps: [Self.step(2)]),
      StepTask(id: Self.task(0), title: "Walk", order: 2, steps: [Self.step(0), Self.step(1), Self.step(5)]),
    ]
    #expect(try app.progress().tasks == expected)
    #expect(try widget.progress(of: store).tasks == expected)
    let shown = try widget.display(of: store, at: Self.now, in: zurich)
    // Steps done today: Read's and Swim's first; 6 steps; Read (1 of 1) completed, of 3 tasks.
    #expect(shown.progress.completedToday == 2 && shown.progress.totalSteps == 6)
    #expect(try app.display(at: Self.now, in: zurich) == shown)
    // Deleting Read takes its done step out of every figure.
    try app.removeTask(Self.task(1), at: Self.now, ids: ids.callAsFunction)
    let after = try widget.display(of: store, at: Self.now, in: zurich)
    #expect(after.progress.completedToday == 1 && after.progress.totalSteps == 5)
    #expect(ports.reloads >= 1)
  }

  @Test("edits of what the app does not list, blank titles and partial reorderings are typed errors that write nothing")
  func refusedEdits() throws {
    var (app, store, _, _) = try app()
    let ids = Ids()
    #expect(throws: StepsEditError.unknownTask(Self.task(9))) {
      try app.renameTask(Self.task(9), to: "X", at: Self.now, ids: ids.callAsFunction)
    }
    #expect(throws: StepsEditError.blankTitle(" \t")) {
      try app.renameTask(Self.task(0), to: " \t", at: Self.now, ids: ids.callAsFunction)
    }
    #expect(throws: StepsEditError.taskExists(Self.task(1))) {
      try app.addTask(Self.task(1), title: "Again", steps: [], at: Self.now, ids: ids.callAsFunction)
    }
    #expect(throws: StepsEditError.notAReordering([Self.task(1)])) {
      try app.reorderTasks([Self.task(1)], at: Self.now, ids: ids.callAsFunction)
    }
    #expect(throws: StepsEditError.unknownStep(Self.step(9))) {
      try app.removeStep(Self.step(9), at: Self.now, ids: ids.callAsFunction)
    }
    #expect(throws: StepsEditError.unknownTask(Self.task(9))) {
      try app.addSteps([Self.step(8)], to: Self.task(9), at: Self.now, ids: ids.callAsFunction)
    }
    #expect(store.events.events.isEmpty && ids.next == 0)
    #expect("\(StepsEditError.blankTitle(""))".contains("white space"))
  }

  @Test("a new step after a removed one never shares its position: the task's steps are numbered anew")
  func addAfterRemove() throws {
    var (app, _, _, _) = try app()
    let ids = Ids()
    try app.removeStep(Self.step(0), at: Self.now, ids: ids.callAsFunction)
    try app.addSteps([Self.step(6)], to: Self.task(0), at: Self.now, ids: ids.callAsFunction)
    // BabySteps would give the new step order 1 (the count), tying with step 1's; here it is last.
    #expect(try app.progress().tasks.first { $0.id == Self.task(0) }?.steps == [Self.step(1), Self.step(6)])
  }

  @Test("an expense edit replaces the amount at the expense's own date, in one transaction; an unknown expense is refused")
  func expenseEdit() throws {
    let ports = RecordingPorts()
    let zurich = try ZoneCalendar(identifier: "Europe/Zurich")
    let periods = PayPeriods(payDay: PayDay(clamping: 27))
    let book = BudgetBook(
      payDay: PayDay(clamping: 27), firstPeriod: periods.period(containing: zurich.date(containing: Self.now)),
      income: Money(minorUnits: Int64(500_000), currency: .chf))
    var app = try BudgetApp(log: FlakyLog(), book: book, refreshBudget: 70, reloader: ports, wakes: ports)
    let ids = Ids()
    let first = ids()
    try app.add(try SubmittedExpense(amount: Money(minorUnits: Int64(2_000), currency: .chf), name: "Courses"), id: first, at: Self.now)
    // Edited ten days later, in the next period: the expense stays in its own.
    let later = Self.now.advanced(by: 10 * 86_400_000)
    let replacement = ids()
    try app.edit(
      first, to: try SubmittedExpense(amount: Money(minorUnits: Int64(1_250), currency: .chf), name: "Courses"),
      ids: (ids(), replacement), at: later)
    let expenses = app.log.replica().liveExpenses
    #expect(expenses.map(\.id) == [replacement] && expenses.first?.instant == Self.now)
    // 5 000 − 12.50 in the expense's period (27 February to 26 March); the next begins with
    // that period's 4 987.50 carried over, plus its own 5 000.
    #expect(try app.display(at: Self.now, in: zurich).remaining == Money(minorUnits: Int64(498_750), currency: .chf))
    #expect(try app.display(at: later, in: zurich).remaining == Money(minorUnits: Int64(998_750), currency: .chf))
    #expect(throws: BudgetEditError.unknownExpense(first)) {
      try app.edit(
        first, to: try SubmittedExpense(amount: Money(minorUnits: Int64(100), currency: .chf), name: "X"), ids: (ids(), ids()), at: later)
    }
  }
}
