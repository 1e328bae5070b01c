import Foundation
import GlanceKernel
import GlanceSync
import Testing

/// The engines over a store that is suspended (`EventStore.suspendAll()`: the process is about
/// to be suspended) or busy (another process holds it): every write the person made is kept,
/// shown, and committed exactly once after the resume, in the order made.
@Suite("Suspended and busy stores")
struct SuspendedStoreTests {
  static let settings = TallySettings(dailyLimit: 10, streakLimit: 30)
  /// 2026-03-19T08:00Z.
  static let now = Instant(millisecondsSince1970: 1_773_907_200_000)
  static let zurich: ZoneCalendar = {
    do { return try ZoneCalendar(identifier: "Europe/Zurich") } catch { preconditionFailure("\(error)") }
  }()

  static func id(_ number: UInt8) -> EventID {
    EventID(UUID(uuid: (0x5D, number, 0, 0, 0, 0, 0x40, 0, 0x80, 0, 0, 0, 0, 0, 0, 0)))
  }

  static func at(_ seconds: Int64) -> Instant { now.advanced(by: seconds * 1_000) }

  static func phone(_ log: DeferringLog, ports: RecordingPorts) throws -> TallyPhone<DeferringLog> {
    try TallyPhone(log: log, settings: settings, refreshBudget: 70, link: ports, reloader: ports, wakes: ports)
  }

  @Test(
    "taps, a widget tap, a delete and a watch delivery made while the store is suspended are all committed once, in order, after the resume"
  )
  func phoneCommitsAfterResume() throws {
    let log = DeferringLog()
    let ports = RecordingPorts()
    let watchPorts = RecordingPorts()
    var watch = TallyWatch(log: Replica(), settings: Self.settings, link: watchPorts)
    try watch.tap(id: Self.id(9), at: Self.at(0))
    let delivery = watchPorts.take(.transferUserInfo)[0]
    var phone = try Self.phone(log, ports: ports)
    try phone.tap(id: Self.id(1), at: Self.at(1))
    log.suspended = true  // EventStore.suspendAll(): the app entered the background
    try phone.tap(id: Self.id(2), at: Self.at(2))
    try phone.widgetTap(id: Self.id(3), at: Self.at(3))
    try phone.delete(Self.id(1), id: Self.id(4), at: Self.at(4))
    try phone.received(delivery, at: Self.at(5), foreground: false)
    try phone.tap(id: Self.id(2), at: Self.at(2))  // the app repeats a tap it was not sure of
    #expect(log.events.count == 1 && phone.pendingWrites.count == 4)
    #expect(try phone.summary(at: Self.at(6), in: Self.zurich).count == 3, "the person sees their taps: 1, 2, 3, 9, 1 deleted")
    let pushesBefore = ports.take(.applicationContext).count
    log.suspended = false  // EventStore.resumeAll()
    try phone.retryPendingWrites(at: Self.at(7), foreground: false)
    #expect(log.written == [[Self.id(1)], [Self.id(2)], [Self.id(3)], [Self.id(4)], [Self.id(9)]])
    #expect(phone.pendingWrites.isEmpty && log.events.count == 5)
    #expect(try phone.summary(at: Self.at(8), in: Self.zurich).count == 3)
    #expect(pushesBefore == 1 && ports.take(.applicationContext).count == 1, "the committed writes are pushed to the watch once")
    try phone.retryPendingWrites(at: Self.at(9), foreground: false)
    try phone.becameActive(at: Self.at(10))
    #expect(log.written.count == 5 && ports.take(.applicationContext).isEmpty, "nothing is written or pushed twice")
  }

  @Test("the writes waiting are committed by the next call before its own write, and by becameActive")
  func nextCallCommitsFirst() throws {
    let log = DeferringLog()
    let ports = RecordingPorts()
    var phone = try Self.phone(log, ports: ports)
    log.busyWrites = 1  // another process holds the store longer than the store waits
    try phone.tap(id: Self.id(1), at: Self.at(1))
    #expect(phone.pendingWrites.count == 1 && log.written.isEmpty)
    try phone.tap(id: Self.id(2), at: Self.at(2))
    #expect(log.written == [[Self.id(1)], [Self.id(2)]] && phone.pendingWrites.isEmpty)
    log.suspended = true
    try phone.tap(id: Self.id(3), at: Self.at(3))
    log.suspended = false
    try phone.becameActive(at: Self.at(4))
    #expect(log.written.last == [Self.id(3)] && log.events.count == 3)
  }

  @Test("a write the store refuses for good is still thrown at once, never kept")
  func refusedForGoodIsThrown() throws {
    let log = DeferringLog()
    var phone = try Self.phone(log, ports: RecordingPorts())
    log.failures = 2
    #expect(throws: DeferringLog.IOError.self) { try phone.tap(id: Self.id(1), at: Self.at(1)) }
    #expect(phone.pendingWrites.isEmpty && log.events.count == 0)
  }

  @Test("pending writes saved by the app are committed by the next engine, once")
  func savedAcrossAKill() throws {
    let log = DeferringLog()
    var phone = try Self.phone(log, ports: RecordingPorts())
    log.suspended = true
    try phone.tap(id: Self.id(1), at: Self.at(1))
    let saved = try JSONDecoder().decode(PendingWrites.self, from: JSONEncoder().encode(phone.pendingWrites))
    log.suspended = false  // the app was killed; relaunched, it resumes and makes a new engine
    var relaunched = try TallyPhone(
      log: log, settings: Self.settings, refreshBudget: 70, link: RecordingPorts(), reloader: RecordingPorts(),
      wakes: RecordingPorts(), pendingWrites: saved)
    try relaunched.becameActive(at: Self.at(2))
    try relaunched.tap(id: Self.id(1), at: Self.at(1))  // and the old engine's write, if it had made it
    #expect(log.events.count == 1 && relaunched.pendingWrites.isEmpty)
  }

  @Test("a watch tap while the watch's store is suspended is sent at once, shown, and committed after the resume")
  func watchTap() throws {
    let log = DeferringLog()
    let ports = RecordingPorts()
    var watch = TallyWatch(log: log, settings: Self.settings, link: ports)
    log.suspended = true  // applicationWillResignActive: EventStore.suspendAll()
    try watch.tap(id: Self.id(1), at: Self.at(1))
    #expect(ports.take(.transferUserInfo).count == 1, "WatchConnectivity keeps it across a kill")
    #expect(try watch.badge(at: Self.at(2), in: Self.zurich).count == 1 && log.events.count == 0)
    log.suspended = false
    try watch.retryPendingWrites()
    #expect(log.events.count == 1 && watch.pendingWrites.isEmpty)
    #expect(try watch.badge(at: Self.at(3), in: Self.zurich).count == 1)
  }

  @Test("a digest arriving while the watch's store is suspended is merged after the resume")
  func watchDigest() throws {
    let phonePorts = RecordingPorts()
    var phone = try TallyPhone(
      log: Replica(), settings: Self.settings, refreshBudget: 70, link: phonePorts, reloader: phonePorts, wakes: phonePorts)
    try phone.tap(id: Self.id(1), at: Self.at(1))
    try phone.tap(id: Self.id(2), at: Self.at(2))
    let digests = phonePorts.take(.applicationContext)
    let log = DeferringLog()
    var watch = TallyWatch(log: log, settings: Self.settings, link: RecordingPorts())
    log.suspended = true
    try watch.received(digests[1])
    #expect(try watch.badge(at: Self.at(3), in: Self.zurich).count == 2 && log.events.count == 0)
    log.suspended = false
    try watch.received(digests[0])  // an older digest, late: the waiting merge goes first
    #expect(log.events.count == 2 && watch.pendingWrites.isEmpty)
  }

  @Test("the budget's expense and the steps' completion, deferred, are shown and committed after the resume")
  func otherEngines() throws {
    let ports = RecordingPorts()
    let book = BudgetBook(
      payDay: try PayDay(27), firstPeriod: try BudgetPeriod(year: 2026, month: 1), income: Money(minorUnits: Int64(500_000), currency: .chf)
    )
    let budgetLog = DeferringLog()
    var budget = try BudgetApp(log: budgetLog, book: book, refreshBudget: 70, reloader: ports, wakes: ports)
    let shownBefore = try budget.display(at: Self.at(1), in: Self.zurich)
    budgetLog.suspended = true
    try budget.add(
      try SubmittedExpense(amount: Money(minorUnits: Int64(1_250), currency: .chf), name: "Café"), id: Self.id(1), at: Self.at(1))
    #expect(try budget.display(at: Self.at(2), in: Self.zurich) != shownBefore, "the expense shows while it waits")
    budgetLog.suspended = false
    try budget.retryPendingWrites(at: Self.at(3))
    #expect(budgetLog.events.count == 1 && budget.pendingWrites.isEmpty)

    let step = StepID(UUID(uuid: (5, 0, 0, 0, 0, 0, 0x40, 0, 0x80, 0, 0, 0, 0, 0, 0, 0)))
    let task = StepTask(id: TaskID(UUID(uuid: (7, 0, 0, 0, 0, 0, 0x40, 0, 0x80, 0, 0, 0, 0, 0, 0, 0))), title: "T", order: 0, steps: [step])
    let stepsLog = DeferringLog()
    var steps = try StepsApp(store: stepsLog, legacy: nil, tasks: [task], refreshBudget: 70, reloader: ports, wakes: ports)
    stepsLog.suspended = true
    try steps.complete(step, id: Self.id(2), at: Self.at(4))
    #expect(try steps.progress().totalCompletedSteps == 1 && stepsLog.events.count == 0)
    stepsLog.suspended = false
    try steps.retryPendingWrites(at: Self.at(5))
    #expect(stepsLog.events.count == 1 && steps.pendingWrites.isEmpty)
  }
}
