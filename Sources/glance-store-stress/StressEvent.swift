import Foundation
import GlanceKernel

/// The event a worker writes for one attempt, and the way back from an event id to the attempt.
///
/// An id's 16 bytes are, in `UUID.uuid` order: the magic `"gls!"` (4 bytes), the role's
/// ``StressRole/code`` (1 byte), the worker seed (4 bytes, big-endian), the restart generation
/// (3 bytes) and the worker's counter within the generation (4 bytes). The event is an add at an
/// instant that is a function of the id only.
///
/// ## Laws
/// - `StressEvent(id: e.event.id) == e` for every stress event `e` (an id names one attempt).
/// - Two different attempts `(role, seed, generation, counter)` have different ids, so ids are
///   unique across restarts as long as the driver never reuses a generation.
/// - `e.event` is the same value every time it is built: a re-sent event never conflicts.
struct StressEvent: Hashable, Sendable {
  /// The first four bytes of every stress id.
  static let magic: [UInt8] = Array("gls!".utf8)
  /// The largest generation an id holds (3 bytes).
  static let maximumGeneration: UInt32 = 0xFF_FFFF
  /// Where the events' instants start (2024-01-01T00:00:00Z).
  static let epoch: Int64 = 1_704_067_200_000

  /// Who wrote it.
  let role: StressRole
  /// The writing worker's `--worker-seed`.
  let seed: UInt32
  /// The writing worker's restart generation.
  let generation: UInt32
  /// The attempt's position in its generation, from 0.
  let counter: UInt32

  /// The attempt with these coordinates.
  init(role: StressRole, seed: UInt32, generation: UInt32, counter: UInt32) {
    precondition(generation <= Self.maximumGeneration, "generation \(generation) fits in 3 bytes")
    self.role = role
    self.seed = seed
    self.generation = generation
    self.counter = counter
  }

  /// The attempt `id` names, or `nil` when `id` is not a stress id.
  init?(id: EventID) {
    let b = withUnsafeBytes(of: id.uuid.uuid) { Array($0) }
    guard b.count == 16, Array(b[0..<4]) == Self.magic, let role = StressRole(code: b[4]) else { return nil }
    func number(_ range: Range<Int>) -> UInt32 { b[range].reduce(0) { $0 << 8 | UInt32($1) } }
    self.init(role: role, seed: number(5..<9), generation: number(9..<12), counter: number(12..<16))
    assert(self.id == id, "the id round-trips")
  }

  /// The attempt's id.
  var id: EventID {
    func bytes(_ value: UInt32, _ count: Int) -> [UInt8] {
      (0..<count).reversed().map { UInt8(truncatingIfNeeded: value >> (8 * UInt32($0))) }
    }
    let b = Self.magic + [role.code] + bytes(seed, 4) + bytes(generation, 3) + bytes(counter, 4)
    precondition(b.count == 16, "an id is 16 bytes")
    return EventID(UUID(uuid: (b[0], b[1], b[2], b[3], b[4], b[5], b[6], b[7], b[8], b[9], b[10], b[11], b[12], b[13], b[14], b[15])))
  }

  /// The event the attempt writes: an add, from the role's origin, at an instant fixed by the id.
  var event: Event {
    let offset = (Int64(generation) << 32 | Int64(counter)) % (Instant.millisecondsPerDay * 365)
    return Event(id: id, kind: .add, instant: Instant(millisecondsSince1970: Self.epoch + offset), origin: role.origin)
  }
}
