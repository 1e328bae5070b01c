import Foundation
import GlanceKernel
import GlanceSync
import Testing

/// A commit that fails (a full disk, an I/O error) is tried once more; a second failure is
/// thrown, with nothing recorded, whatever the engine.
@Suite("Write failures")
struct WriteFailureTests {
  static let settings = TallySettings(dailyLimit: 10, streakLimit: 30)
  static let now = Instant(millisecondsSince1970: 1_773_907_200_000)
  static let zurich: ZoneCalendar = {
    do { return try ZoneCalendar(identifier: "Europe/Zurich") } catch { preconditionFailure("\(error)") }
  }()
  static func id(_ number: UInt8) -> EventID { EventID(UUID(uuid: (3, number, 0, 0, 0, 0, 0x40, 0, 0x80, 0, 0, 0, 0, 0, 0, 0))) }

  static func phone(failures: Int) throws -> (TallyPhone<FlakyLog>, RecordingPorts) {
    let ports = RecordingPorts()
    let phone = try TallyPhone(
      log: FlakyLog(failures: failures), settings: settings, refreshBudget: 70, link: ports, reloader: ports, wakes: ports)
    return (phone, ports)
  }

  @Test("one failed commit: the tap, the widget's tap and the delete are recorded on the second try")
  func oneFailureIsRetried() throws {
    var (phone, ports) = try Self.phone(failures: 1)
    try phone.tap(id: Self.id(1), at: Self.now)
    phone.log.failures = 1
    try phone.widgetTap(id: Self.id(2), at: Self.now.advanced(by: 1_000))
    phone.log.failures = 1
    try phone.delete(Self.id(1), id: Self.id(3), at: Self.now.advanced(by: 2_000))
    #expect(phone.log.events.count == 3 && phone.log.failures == 0)
    #expect(try phone.summary(at: Self.now.advanced(by: 3_000), in: Self.zurich).count == 1)
    #expect(ports.take(.applicationContext).count == 3, "each change pushed once")
  }

  @Test("two failed commits in a row: the engine throws and records nothing")
  func twoFailuresThrow() throws {
    var (phone, ports) = try Self.phone(failures: 2)
    #expect(throws: FlakyLog.IOError.self) { try phone.tap(id: Self.id(1), at: Self.now) }
    #expect(phone.log.events.count == 0 && ports.take(.applicationContext).isEmpty)
  }

  @Test("a watch's tap delivered while the phone's store fails once is kept: WatchConnectivity will not deliver it again")
  func deliveryIsRetried() throws {
    let watchPorts = RecordingPorts()
    var watch = TallyWatch(log: FlakyLog(failures: 1), settings: Self.settings, link: watchPorts)
    try watch.tap(id: Self.id(1), at: Self.now)
    let sent = watchPorts.take(.transferUserInfo)
    var (phone, _) = try Self.phone(failures: 1)
    try phone.received(sent[0], at: Self.now.advanced(by: 1_000), foreground: false)
    #expect(phone.log.events.count == 1 && watch.log.events.count == 1)
  }

  @Test("the budget's expense and the steps' completion are retried too")
  func otherEngines() throws {
    let ports = RecordingPorts()
    let book = BudgetBook(
      payDay: try PayDay(27), firstPeriod: try BudgetPeriod(year: 2026, month: 1), income: Money(minorUnits: Int64(500_000), currency: .chf)
    )
    var budget = try BudgetApp(log: FlakyLog(failures: 1), book: book, refreshBudget: 70, reloader: ports, wakes: ports)
    try budget.add(
      try SubmittedExpense(amount: Money(minorUnits: Int64(1_250), currency: .chf), name: "Café"), id: Self.id(1), at: Self.now)
    #expect(budget.log.events.count == 1)
    let step = StepID(UUID(uuid: (5, 0, 0, 0, 0, 0, 0x40, 0, 0x80, 0, 0, 0, 0, 0, 0, 0)))
    let task = StepTask(id: TaskID(UUID(uuid: (7, 0, 0, 0, 0, 0, 0x40, 0, 0x80, 0, 0, 0, 0, 0, 0, 0))), title: "T", order: 0, steps: [step])
    var steps = try StepsApp(store: FlakyLog(failures: 1), legacy: nil, tasks: [task], refreshBudget: 70, reloader: ports, wakes: ports)
    try steps.complete(step, id: Self.id(2), at: Self.now)
    #expect(steps.store?.events.count == 1)
  }
}
