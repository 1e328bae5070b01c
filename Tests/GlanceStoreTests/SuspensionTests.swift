import Foundation
import GlanceKernel
import GlanceStore
import Testing

/// A suspended store takes no lock (iOS kills a process suspended while it holds one on an App
/// Group database, `0xDEAD10CC`): the transaction it runs is rolled back, later writes throw
/// `suspended` having stored nothing, reads go on, and after the resume the same writes succeed,
/// counted once.
///
/// `EventStore.suspendAll()` suspends every store of the process; the tests that share this
/// process with others suspend one store (the `suspend()` test hook), and the one test of
/// `suspendAll()` runs in a process of its own (an exit test).
@Suite("Event store: suspension")
struct SuspensionTests {
  static let now = Fixtures.utc("2024-06-14T10:00:00Z")
  static let zurich = Fixtures.zurich
  /// One short wait, no retry: a write that meets a lock fails at once.
  static let impatient = BusyRetry(timeoutMilliseconds: 50, attemptsMax: 1, backoffMilliseconds: 0)

  @Test(
    "a transaction running when the store is suspended is rolled back; later writes throw suspended, reads go on; after the resume the write counts once"
  )
  func suspendDuringTransaction() throws {
    let directory = try TemporaryDirectory("store-suspend")
    defer { directory.remove() }
    let url = directory.file("glance.sqlite")
    let app = try EventStore(at: url, check: .quick)
    let widget = try EventStore(at: url, check: .quick, busyRetry: Self.impatient)
    let tap = Fixtures.add(1, at: Self.now)
    let suspended = StoreError.suspended(path: url.path)
    #expect(throws: suspended) {
      try app.record(tap, insideTransaction: { app.suspend() })  // applicationDidEnterBackground, mid-write
    }
    #expect(app.isSuspended)
    #expect(try widget.eventCount() == 0 && widget.outboxCount() == 0, "nothing of the transaction is stored")
    // No lock is held: the widget writes at once (one attempt of 50 ms would fail otherwise).
    let other = Fixtures.add(2, at: Self.now.advanced(by: 1_000), from: .widgetIntent)
    #expect(try widget.record(other))
    #expect(throws: suspended) { try app.record(tap) }
    #expect(throws: suspended) { try app.record(tap, snapshotAt: Self.now, in: Self.zurich) }
    #expect(throws: suspended) { try app.receive([Fixtures.add(3, at: Self.now, from: .watch)]) }
    #expect(throws: suspended) { try app.acknowledge([other.id]) }
    #expect(try widget.replica() == Replica(events: [other]) && widget.outboxCount() == 1, "the refused writes stored nothing")
    // Reads go on while suspended.
    #expect(try app.replica() == Replica(events: [other]))
    #expect(try app.todayCount(at: Self.now.advanced(by: 2_000), in: Self.zurich) == 1)
    app.resume()
    #expect(!app.isSuspended)
    #expect(try app.record(tap), "the same write after the resume")
    #expect(try !app.record(tap), "counted once")
    #expect(try app.replica() == Replica(events: [tap, other]) && app.outboxCount() == 2)
  }

  @Test("a suspended store holds no lock: another connection writes while it is suspended and between its refused writes")
  func noLockWhileSuspended() throws {
    let directory = try TemporaryDirectory("store-suspend-nolock")
    defer { directory.remove() }
    let url = directory.file("glance.sqlite")
    let app = try EventStore(at: url, check: .quick)
    let widget = try EventStore(at: url, check: .quick, busyRetry: Self.impatient)
    app.suspend()
    for number in UInt8(1)...5 {
      #expect(throws: StoreError.suspended(path: url.path)) { try app.record(Fixtures.add(number, at: Self.now)) }
      #expect(try widget.record(Fixtures.add(100 + number, at: Self.now, from: .widgetIntent)))
    }
    #expect(try widget.eventCount() == 5)
  }

  @Test("suspended and busy are deferrals (try later); every other store error is final")
  func deferrals() {
    let path = "/tmp/glance.sqlite"
    #expect(StoreError.suspended(path: path).deferral == .suspended)
    #expect(StoreError.busy(path: path, reason: "locked").deferral == .busy)
    #expect(StoreError.database(path: path, reason: "disk full").deferral == nil)
    #expect(StoreError.corrupted(path: path, reason: "bad page").deferral == nil)
    #expect(StoreError.suspended(path: path).description.contains(path))
  }

  @Test("suspendAll() and resumeAll(): GRDB's notifications suspend every store of the process, roll back its transaction, and resume it")
  func suspendAllInAProcessOfItsOwn() async {
    // A process of its own: the notification reaches every store of the process, and the other
    // tests' stores run in this one.
    await #expect(processExitsWith: .success) {
      let directory = try TemporaryDirectory("store-suspend-all")
      defer { directory.remove() }
      let url = directory.file("glance.sqlite")
      let app = try EventStore(at: url, check: .quick)
      let widget = try EventStore(at: url, check: .quick)
      let tap = Fixtures.add(1, at: SuspensionTests.now)
      do throws(StoreError) {
        try app.record(tap, insideTransaction: { EventStore.suspendAll() })
        preconditionFailure("a transaction running at suspendAll() committed")
      } catch {
        precondition(error == .suspended(path: url.path), "\(error)")
      }
      precondition(app.isSuspended && widget.isSuspended, "both stores are suspended")
      let stored = try app.eventCount()
      precondition(stored == 0, "reads go on, and the transaction was rolled back")
      do throws(StoreError) {
        try widget.record(tap)
        preconditionFailure("a write while suspended committed")
      } catch {
        precondition(error == .suspended(path: url.path), "\(error)")
      }
      EventStore.resumeAll()
      precondition(!app.isSuspended, "resumed")
      let (first, again) = (try app.record(tap), try widget.record(tap))
      precondition(first && !again, "written once after the resume")
      let count = try widget.eventCount()
      precondition(count == 1, "one event, not \(count)")
    }
  }
}
