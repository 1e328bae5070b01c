import Foundation
import GlanceKernel

/// Small builders for progress and replication examples: UTC instants, dates, zones and ids
/// made from integers (never `UUID()`).
enum ProgressFixture {
  /// The instant of this UTC wall-clock time.
  static func utc(
    _ year: Int, _ month: Int, _ day: Int, _ hour: Int = 0, _ minute: Int = 0, _ second: Int = 0,
    milliseconds: Int64 = 0
  ) throws -> Instant {
    let dayNumber = try CivilDate(year: year, month: month, day: day).dayNumber
    let seconds = dayNumber * 86_400 + Int64(hour * 3600 + minute * 60 + second)
    return Instant(secondsSince1970: seconds).advanced(by: milliseconds)
  }

  static func date(_ year: Int, _ month: Int, _ day: Int) throws -> CivilDate {
    try CivilDate(year: year, month: month, day: day)
  }

  static func zone(_ identifier: String) throws -> ZoneCalendar {
    try ZoneCalendar(identifier: identifier)
  }

  /// A UUID whose bytes are `tag`, then `number` big-endian, then zeros (version/variant bits
  /// set so it prints like a real v4 UUID).
  static func uuid(tag: UInt8, _ number: Int) -> UUID {
    let value = UInt16(number)
    return UUID(
      uuid: (
        tag, UInt8(value >> 8), UInt8(value & 0xFF), 0, 0, 0, 0x40, 0, 0x80, 0, 0, 0, 0, 0, 0, 0
      ))
  }

  static func step(_ number: Int) -> StepID { StepID(uuid(tag: 0x51, number)) }
  static func task(_ number: Int) -> TaskID { TaskID(uuid(tag: 0x7A, number)) }
  static func event(_ number: Int) -> EventID { EventID(uuid(tag: 0xE0, number)) }

  /// Task `number` with steps `firstStep ..< firstStep + stepCount`.
  static func task(_ number: Int, order: Int, steps: Range<Int>) -> StepTask {
    StepTask(id: task(number), title: "Task \(number)", order: order, steps: steps.map(step))
  }
}
