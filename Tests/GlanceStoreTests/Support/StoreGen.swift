import Foundation
import GlanceKernel
import GlanceStore
import GlanceTestSupport
import PropertyBased

/// Generators for the store's properties.
///
/// One generated seed per case is expanded by SplitMix64 into a *pool* of events (ids from
/// drawn bytes, never `UUID()`), then into a sequence of writes that pick pool events with
/// repeats and in any order. An id always names the same pool event, so writes never conflict
/// unless a property plants a conflict on purpose.
enum StoreGen {
  static let poolSize = 20
  /// Removal targets reach a few ids past the pool: tombstones whose target never arrives.
  static let danglingTargets = 3
  static let stepCount = 3
  /// 2024-03-30T12:00Z: ±72 h reaches across Zurich's spring-forward night.
  static let base = Instant(millisecondsSince1970: 1_711_800_000_000)
  /// Zones the counts are checked in (DST, a skipped day's zone, a half-hour offset, UTC).
  static let zones = ["Europe/Zurich", "America/New_York", "Pacific/Apia", "Asia/Kolkata", "UTC"].map(Fixtures.calendar)

  /// How a pick reaches the store.
  enum Write: Sendable, CustomStringConvertible {
    /// `record(_:)`: a write on this device, queued for the peer.
    case record(Event)
    /// `record(_:snapshotAt:in:)`: the widget intent's write.
    case intent(Event)
    /// `receive(_:)`: a batch from the peer.
    case receive([Event])

    var events: [Event] {
      switch self {
      case .record(let event), .intent(let event): return [event]
      case .receive(let events): return events
      }
    }

    var description: String {
      switch self {
      case .record(let event): return "record \(event.id)"
      case .intent(let event): return "intent \(event.id)"
      case .receive(let events): return "receive \(events.map(\.id))"
      }
    }
  }

  /// One case: the pool, the writes in order, and the instants and zone to count at.
  struct Case: Sendable, CustomStringConvertible {
    let pool: [Event]
    let writes: [Write]
    let calendar: ZoneCalendar
    let instants: [Instant]

    /// Every event written, in write order, repeats included.
    var written: [Event] { writes.flatMap(\.events) }

    var description: String {
      "\(pool.count) pool events, \(writes.count) writes in \(calendar.identifier)"
    }
  }

  /// Cases of 1 to 30 writes over a pool.
  static var cases: Generator<Case, some SendableSequenceType> {
    Gen.uint64().map { seed in
      var words = SplitMix64(seed: seed)
      let pool = pool(&words)
      var writes: [Write] = []
      for _ in 0..<(1 + words.below(30)) {
        switch words.below(4) {
        case 0: writes.append(.record(pool[words.below(pool.count)]))
        case 1: writes.append(.intent(pool[words.below(pool.count)]))
        default: writes.append(.receive((0..<words.below(6)).map { _ in pool[words.below(pool.count)] }))
        }
      }
      let instants = (0..<4).map { _ in base.advanced(by: Int64(words.below(145) - 72) * Instant.millisecondsPerHour) }
      return Case(pool: pool, writes: writes, calendar: zones[words.below(zones.count)], instants: instants)
    }
  }

  /// A pool of `poolSize` events in id order: event `k`'s id has byte 0 = `k`, byte 1 drawn.
  static func pool(_ words: inout SplitMix64) -> [Event] {
    let jitters = (0..<(poolSize + danglingTargets)).map { _ in UInt8(truncatingIfNeeded: words.next()) }
    return (0..<poolSize).map { index in
      let kind: EventKind
      switch words.below(14) {
      case 0...3: kind = .add
      case 4, 5: kind = .remove(target: id(words.below(poolSize + danglingTargets), jitters))
      case 6: kind = .complete(step: Fixtures.stepID(UInt8(words.below(stepCount))))
      case 7: kind = .uncomplete(step: Fixtures.stepID(UInt8(words.below(stepCount))))
      case 8, 9: kind = .expense(amount: amount(&words), note: notes[words.below(notes.count)])
      default: kind = taskListKind(&words)
      }
      let hours = Int64(words.below(145) - 72)
      let jitterMilliseconds = Int64(words.below(1000))
      return Event(
        id: id(index, jitters), kind: kind,
        instant: base.advanced(by: hours * Instant.millisecondsPerHour + jitterMilliseconds),
        origin: Origin.allCases[words.below(Origin.allCases.count)])
    }
  }

  static let taskCount = 2

  /// The task `index` (`0x7A` then `index`).
  static func taskID(_ index: UInt8) -> TaskID {
    TaskID(UUID(uuid: (0x7A, index, 0, 0, 0, 0, 0x40, 0, 0x80, 0, 0, 0, 0, 0, 0, 0x03)))
  }

  /// One of the task list's four edits over `taskCount` tasks and `stepCount` steps; orders
  /// reach `Int`'s extremes and below zero.
  static func taskListKind(_ words: inout SplitMix64) -> EventKind {
    let task = taskID(UInt8(words.below(taskCount)))
    let step = Fixtures.stepID(UInt8(words.below(stepCount)))
    let orders: [Int] = [0, 1, 2, -1, .min, .max, Int(truncatingIfNeeded: words.next())]
    let order = orders[words.below(orders.count)]
    switch words.below(4) {
    case 0: return .defineTask(task, title: notes[words.below(notes.count)], order: order)
    case 1: return .removeTask(task)
    case 2: return .defineStep(step, task: task, order: order)
    default: return .removeStep(step)
    }
  }

  static func id(_ index: Int, _ jitters: [UInt8]) -> EventID {
    EventID(
      UUID(uuid: (UInt8(index), jitters[index], 0x4E, 0x11, 0, 0, 0x40, 0, 0x80, 0, 0, 0, 0, 0, 0, 0x01)))
  }

  static let notes = ["", "Café", "Brot & Käse", "quote ' and \" and ;", "emoji 🚲", "line\nbreak"]

  /// Amounts of any sign, some far beyond `Int64` (the GMP path).
  static func amount(_ words: inout SplitMix64) -> Money {
    let small = Int64(bitPattern: words.next()) % 1_000_000
    guard words.below(4) == 0 else { return Money(minorUnits: small, currency: .chf) }
    do {
      return try Money(canonical: "\(small)987654321987654321987654321.05", currency: .eur)
    } catch {
      preconditionFailure("a canonical amount parses: \(error)")
    }
  }

  /// Events whose every field is drawn over its whole range: any 16 id bytes, any `Int64`
  /// instant, every kind (the task list's edits with any `Int` order), huge amounts, notes and
  /// titles with quotes and emoji.
  static var anyEvents: Generator<[Event], some SendableSequenceType> {
    Gen.uint64().map { seed in
      var words = SplitMix64(seed: seed)
      return (0..<(1 + words.below(12))).map { index in
        var bytes = (0..<16).map { _ in UInt8(truncatingIfNeeded: words.next()) }
        bytes[0] = UInt8(index)  // distinct ids
        let uuid = UUID(
          uuid: (
            bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7], bytes[8], bytes[9],
            bytes[10], bytes[11], bytes[12], bytes[13], bytes[14], bytes[15]
          ))
        let instants: [Int64] = [.min, .max, 0, -1, Int64(bitPattern: words.next())]
        let kinds: [EventKind] = [
          .add, .remove(target: EventID(uuid)), .complete(step: Fixtures.stepID(bytes[1])),
          .uncomplete(step: Fixtures.stepID(bytes[2])), .expense(amount: amount(&words), note: notes[words.below(notes.count)]),
          taskListKind(&words), taskListKind(&words),
        ]
        return Event(
          id: EventID(uuid), kind: kinds[words.below(kinds.count)],
          instant: Instant(millisecondsSince1970: instants[words.below(instants.count)]),
          origin: Origin.allCases[words.below(3)])
      }
    }
  }
}

/// What the store must hold after a case's writes, computed without the store.
struct StoreModel {
  var replica = Replica()
  /// The events queued for the peer, in order: those first written by `record` or an intent.
  var outbox: [Event] = []

  /// Applies `write`; returns what the store must report (new or not, or the count of new).
  mutating func apply(_ write: StoreGen.Write) throws -> Int {
    switch write {
    case .record(let event), .intent(let event):
      guard !replica.contains(event.id) else { return 0 }
      try replica.insert(event)
      outbox.append(event)
      return 1
    case .receive(let events):
      let before = replica.count
      for event in events { try replica.insert(event) }
      return replica.count - before
    }
  }
}
