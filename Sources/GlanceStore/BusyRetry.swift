/// How a write meets another process's lock on the database: SQLite waits up to
/// ``timeoutMilliseconds`` for the lock (`PRAGMA busy_timeout`); when it is still held, the
/// store pauses and tries the whole write again, up to ``attemptsMax`` attempts in all, pausing
/// ``backoffMilliseconds`` before the second attempt and twice the previous pause before each
/// later one; the last attempt's `SQLITE_BUSY` is thrown as ``StoreError/busy(path:reason:)``.
///
/// Every write takes the write lock when its transaction begins (`BEGIN IMMEDIATE`), so a write
/// that meets the lock meets it before it has written anything: a refused attempt stored
/// nothing, and the next attempt is the same write from the start. An event is stored once by
/// id, so a write tried again never counts twice.
///
/// The pauses are fixed, not random (two writers pausing alike still take turns: SQLite's own
/// wait polls the lock), so a run is the same every time.
///
/// ## Laws
/// - `pauseMilliseconds(beforeAttempt: 2) == backoffMilliseconds`, and each later pause is twice
///   the one before.
/// - ``waitMillisecondsMax`` is `attemptsMax` timeouts plus the pauses between them: the longest
///   a write can wait before it throws ``StoreError/busy(path:reason:)``.
/// - A suspended store does not try again (``EventStore/suspendAll()``): it throws
///   ``StoreError/suspended(path:)`` instead.
public struct BusyRetry: Sendable, Hashable {
  /// How long SQLite waits for the lock in one attempt, in milliseconds (`busy_timeout`).
  public let timeoutMilliseconds: Int
  /// How many attempts a write makes in all (1: no retry).
  public let attemptsMax: Int
  /// The pause before the second attempt, in milliseconds; each later pause doubles.
  public let backoffMilliseconds: Int

  /// A retry policy. Programmer errors (a policy is a constant of the app) stop the process:
  /// `timeoutMilliseconds` must be in 0…60,000, `attemptsMax` in 1…10, `backoffMilliseconds`
  /// in 0…10,000.
  public init(timeoutMilliseconds: Int, attemptsMax: Int, backoffMilliseconds: Int) {
    precondition((0...60_000).contains(timeoutMilliseconds), "busy timeout \(timeoutMilliseconds) ms is not in 0...60000")
    precondition((1...10).contains(attemptsMax), "\(attemptsMax) attempts is not in 1...10")
    precondition((0...10_000).contains(backoffMilliseconds), "backoff \(backoffMilliseconds) ms is not in 0...10000")
    self.timeoutMilliseconds = timeoutMilliseconds
    self.attemptsMax = attemptsMax
    self.backoffMilliseconds = backoffMilliseconds
  }

  /// Three attempts of one second each, 100 ms and 200 ms apart: 3.3 s at most in all.
  ///
  /// A transaction of Glance's takes milliseconds, so a lock held for a second belongs to a
  /// process that is stuck (or suspended while holding it, which iOS ends with `0xDEAD10CC`,
  /// releasing the lock): a pause, then a new attempt, meets a free lock. The whole wait stays
  /// well inside the seconds iOS gives an app that enters the background, and a write on the
  /// main thread never waits longer than 3.3 s.
  public static let standard = BusyRetry(timeoutMilliseconds: 1_000, attemptsMax: 3, backoffMilliseconds: 100)

  /// The pause before attempt `attempt` (2…``attemptsMax``), in milliseconds.
  public func pauseMilliseconds(beforeAttempt attempt: Int) -> Int {
    precondition((2...attemptsMax).contains(attempt), "attempt \(attempt) is not a retry of 1...\(attemptsMax)")
    return backoffMilliseconds << (attempt - 2)
  }

  /// The longest a write waits for another process's lock before it throws, in milliseconds.
  public var waitMillisecondsMax: Int {
    let pauses = attemptsMax < 2 ? 0 : (2...attemptsMax).reduce(0) { $0 + pauseMilliseconds(beforeAttempt: $1) }
    return attemptsMax * timeoutMilliseconds + pauses
  }
}
