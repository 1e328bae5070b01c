import Foundation
import GlanceKernel
import GlanceSync
import Testing

/// ``PendingWrites`` on its own: order, once, bounded, nothing lost, no change where nothing
/// defers.
@Suite("Pending writes")
struct PendingWritesTests {
  static let now = Instant(millisecondsSince1970: 1_773_907_200_000)

  static func add(_ number: Int) -> Event {
    Event(id: id(number), kind: .add, instant: now.advanced(by: Int64(number) * 1_000), origin: .app)
  }

  static func id(_ number: Int) -> EventID {
    EventID(UUID(uuid: (9, UInt8(number & 0xFF), UInt8(number >> 8), 0, 0, 0, 0x40, 0, 0x80, 0, 0, 0, 0, 0, 0, 0)))
  }

  @Test("writes deferred while the log is suspended are handed to it, in order, once it is resumed")
  func orderAfterResume() throws {
    var log = DeferringLog()
    var pending = PendingWrites()
    var changes = 0
    log.suspended = true
    for number in 1...3 {
      #expect(try pending.write(.record(Self.add(number)), to: &log, counting: &changes) == .suspended)
    }
    #expect(log.deferred == 3, "each call tries the oldest waiting write once; a new one waits behind it, untried")
    #expect(pending.count == 3 && log.written.isEmpty && changes == 0)
    log.suspended = false
    #expect(try pending.write(.receive([Self.add(4), Self.add(5)]), to: &log, counting: &changes) == nil)
    #expect(log.written == [[Self.id(1)], [Self.id(2)], [Self.id(3)], [Self.id(4), Self.id(5)]])
    #expect(pending.isEmpty && changes == 4 && log.events.count == 5)
  }

  @Test("a write repeated while it waits is kept once, and counted once")
  func repeatIsKeptOnce() throws {
    var log = DeferringLog()
    var pending = PendingWrites()
    var changes = 0
    log.suspended = true
    try pending.write(.record(Self.add(1)), to: &log, counting: &changes)
    try pending.write(.record(Self.add(1)), to: &log, counting: &changes)
    try pending.write(.receive([Self.add(1)]), to: &log, counting: &changes)
    #expect(pending.count == 1)
    log.suspended = false
    try pending.commit(to: &log, counting: &changes)
    #expect(log.events.count == 1 && changes == 1)
  }

  @Test("a busy log takes the waiting write at the next call, before the new one")
  func busyThenNext() throws {
    var log = DeferringLog()
    var pending = PendingWrites()
    var changes = 0
    log.busyWrites = 1
    #expect(try pending.write(.record(Self.add(1)), to: &log, counting: &changes) == .busy)
    #expect(try pending.write(.record(Self.add(2)), to: &log, counting: &changes) == nil)
    #expect(log.written == [[Self.id(1)], [Self.id(2)]] && changes == 2)
  }

  @Test("a waiting write the log refuses for good is thrown and dropped; the later ones still wait and are taken")
  func refusedForGood() throws {
    var log = DeferringLog()
    var pending = PendingWrites()
    var changes = 0
    log.suspended = true
    for number in 1...3 { try pending.write(.record(Self.add(number)), to: &log, counting: &changes) }
    log.suspended = false
    try pending.commit(to: &log, counting: &changes)  // takes 1, 2, 3
    log.suspended = true
    for number in 4...6 { try pending.write(.record(Self.add(number)), to: &log, counting: &changes) }
    log.suspended = false
    log.failures = 2  // the first waiting write fails, and fails again when tried once more
    #expect(throws: DeferringLog.IOError.self) { try pending.commit(to: &log, counting: &changes) }
    #expect(pending.events.map(\.id) == [Self.id(5), Self.id(6)], "the refused write is dropped, the others wait")
    try pending.commit(to: &log, counting: &changes)
    #expect(log.events.count == 5 && changes == 5 && pending.isEmpty)
  }

  @Test("no more than capacity writes wait: the next deferred write is refused, kept nowhere")
  func bounded() throws {
    var log = DeferringLog()
    var pending = PendingWrites()
    var changes = 0
    log.suspended = true
    for number in 0..<PendingWrites.capacity { try pending.write(.record(Self.add(number)), to: &log, counting: &changes) }
    let overflow = Self.add(PendingWrites.capacity)
    #expect(throws: PendingWritesError.full(capacity: PendingWrites.capacity, deferral: .suspended, event: overflow.id)) {
      try pending.write(.record(overflow), to: &log, counting: &changes)
    }
    #expect(pending.count == PendingWrites.capacity && !pending.events.contains(overflow))
  }

  @Test("with a log that never defers, the log sees exactly the writes made, and nothing waits")
  func noChangeWithoutDeferral() throws {
    var log = DeferringLog()
    var pending = PendingWrites()
    var changes = 0
    try pending.write(.record(Self.add(1)), to: &log, counting: &changes)
    try pending.write(.receive([]), to: &log, counting: &changes)
    try pending.write(.record(Self.add(1)), to: &log, counting: &changes)
    #expect(log.written == [[Self.id(1)], [], [Self.id(1)]] && pending.isEmpty && changes == 1)
  }

  @Test("the waiting events are shown as the log will hold them")
  func applied() throws {
    var log = DeferringLog()
    var pending = PendingWrites()
    var changes = 0
    try pending.write(.record(Self.add(1)), to: &log, counting: &changes)
    log.suspended = true
    try pending.write(.record(Self.add(2)), to: &log, counting: &changes)
    #expect(try pending.applied(to: log.replica()) == Replica(events: [Self.add(1), Self.add(2)]))
  }

  @Test("pending writes encode and decode to the same writes; more than capacity, or an empty write, is refused")
  func codable() throws {
    var log = DeferringLog()
    var pending = PendingWrites()
    var changes = 0
    log.suspended = true
    try pending.write(.record(Self.add(1)), to: &log, counting: &changes)
    try pending.write(.receive([Self.add(2), Self.add(3)]), to: &log, counting: &changes)
    let data = try JSONEncoder().encode(pending)
    #expect(try JSONDecoder().decode(PendingWrites.self, from: data) == pending)
    let empty = Data(#"{"writes":[{"receive":{"_0":[]}}]}"#.utf8)
    #expect(throws: DecodingError.self) { try JSONDecoder().decode(PendingWrites.self, from: empty) }
    let write = String(decoding: try JSONEncoder().encode(PendingWrite.record(Self.add(1))), as: UTF8.self)
    let writes = Array(repeating: write, count: PendingWrites.capacity + 1).joined(separator: ",")
    let tooMany = Data(("{\"writes\":[" + writes + "]}").utf8)
    #expect(throws: DecodingError.self) { try JSONDecoder().decode(PendingWrites.self, from: tooMany) }
  }
}
