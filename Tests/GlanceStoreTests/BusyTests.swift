import Foundation
import GlanceKernel
import GlanceStore
import Testing

/// Two stores on one file, two connections as an app and its widget extension hold: a writer
/// meeting the other's lock waits, tries again, then throws `busy` having stored nothing, and
/// the same write succeeds once the lock is released, counted once.
@Suite("Event store: busy")
struct BusyTests {
  static let now = Fixtures.utc("2024-06-14T10:00:00Z")
  /// Short waits, so that the tests take well under a second: 100 ms a try, three tries.
  static let fast = BusyRetry(timeoutMilliseconds: 100, attemptsMax: 3, backoffMilliseconds: 20)

  @Test(
    "a write meeting another connection's lock waits every attempt, throws busy, stores nothing, and succeeds once the lock is released")
  func busyThenReleased() throws {
    let directory = try TemporaryDirectory("store-busy")
    defer { directory.remove() }
    let url = directory.file("glance.sqlite")
    let widget = try EventStore(at: url, check: .quick, busyRetry: Self.fast)
    let app = try EventStore(at: url, check: .quick, busyRetry: Self.fast)
    let held = Fixtures.add(1, at: Self.now, from: .widgetIntent)
    let blocked = Fixtures.add(2, at: Self.now.advanced(by: 1_000))
    var refused: StoreError? = nil
    var waited = Duration.zero
    var readWhileHeld = -1
    let clock = ContinuousClock()
    try widget.record(
      held,
      insideTransaction: {
        // The widget's transaction holds the write lock: the app's write meets it.
        let start = clock.now
        do throws(StoreError) {
          try app.record(blocked)
        } catch {
          refused = error
        }
        waited = clock.now - start
        do throws(StoreError) {
          readWhileHeld = try app.eventCount()  // a reader never waits for a writer (WAL)
        } catch {
          Issue.record("a read failed while another connection wrote: \(error)")
        }
      })
    guard case .busy(let path, let reason) = refused else {
      Issue.record("expected busy, got \(String(describing: refused))")
      return
    }
    #expect(path == url.path && reason.contains("3 attempts"))
    // Three waits of 100 ms, and pauses of 20 and 40 ms between them.
    #expect(waited >= .milliseconds(300) && waited < .milliseconds(1_500), "waited \(waited)")
    #expect(readWhileHeld == 0, "the app reads while the widget writes")
    #expect(try app.replica() == Replica(events: [held]), "the refused write stored nothing")
    #expect(try app.record(blocked), "the same write, once the lock is free")
    #expect(try !app.record(blocked), "and once only")
    #expect(try widget.replica() == Replica(events: [held, blocked]) && widget.outboxCount() == 2)
  }

  @Test("with one attempt, a write meeting the lock throws busy after one wait")
  func oneAttempt() throws {
    let directory = try TemporaryDirectory("store-busy-one")
    defer { directory.remove() }
    let url = directory.file("glance.sqlite")
    let holder = try EventStore(at: url, check: .quick)
    let writer = try EventStore(
      at: url, check: .quick, busyRetry: BusyRetry(timeoutMilliseconds: 50, attemptsMax: 1, backoffMilliseconds: 0))
    var refused: StoreError? = nil
    try holder.record(
      Fixtures.add(1, at: Self.now),
      insideTransaction: {
        do throws(StoreError) {
          try writer.receive([Fixtures.add(2, at: Self.now)])
        } catch {
          refused = error
        }
      })
    guard case .busy = refused else {
      Issue.record("expected busy, got \(String(describing: refused))")
      return
    }
    #expect(try writer.eventCount() == 1)
  }

  @Test("the standard retry: three attempts of one second, 100 ms then 200 ms apart, 3.3 s at most")
  func standardPolicy() {
    let standard = BusyRetry.standard
    #expect(standard.timeoutMilliseconds == 1_000 && standard.attemptsMax == 3)
    #expect(standard.pauseMilliseconds(beforeAttempt: 2) == 100 && standard.pauseMilliseconds(beforeAttempt: 3) == 200)
    #expect(standard.waitMillisecondsMax == 3_300)
    #expect(BusyRetry(timeoutMilliseconds: 10, attemptsMax: 1, backoffMilliseconds: 5).waitMillisecondsMax == 10)
  }

  @Test("each pause doubles the one before")
  func pausesDouble() {
    let retry = BusyRetry(timeoutMilliseconds: 0, attemptsMax: 10, backoffMilliseconds: 7)
    for attempt in 3...10 {
      #expect(retry.pauseMilliseconds(beforeAttempt: attempt) == 2 * retry.pauseMilliseconds(beforeAttempt: attempt - 1))
    }
  }

  @Test("a retry policy out of range is a programmer error")
  func outOfRange() async {
    await #expect(processExitsWith: .failure) {
      _ = BusyRetry(timeoutMilliseconds: 100, attemptsMax: 0, backoffMilliseconds: 10)
    }
  }
}
