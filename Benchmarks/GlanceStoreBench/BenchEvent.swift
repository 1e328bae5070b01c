import Foundation
import GlanceKernel

/// One add of the benchmark, with the bytes the raw baseline binds (computed before timing).
struct BenchEvent {
  let event: Event
  let idBytes: [UInt8]
  let origin: String

  /// The add number `counter` of writer `writer` in run `run`: ids unique across writers and runs.
  init(run: Int, writer: Int, counter: Int) {
    var b = [UInt8](repeating: 0, count: 16)
    b[0] = 0x67  // "g"
    b[1] = UInt8(truncatingIfNeeded: writer)
    for i in 0..<4 { b[2 + i] = UInt8(truncatingIfNeeded: run >> (8 * (3 - i))) }
    for i in 0..<8 { b[8 + i] = UInt8(truncatingIfNeeded: counter >> (8 * (7 - i))) }
    let origins: [Origin] = [.app, .widgetIntent, .watch]
    let origin = origins[writer % 3]
    idBytes = b
    self.origin = origin.rawValue
    event = Event(
      id: EventID(UUID(uuid: (b[0], b[1], b[2], b[3], b[4], b[5], b[6], b[7], b[8], b[9], b[10], b[11], b[12], b[13], b[14], b[15]))),
      kind: .add, instant: Instant(millisecondsSince1970: 1_704_067_200_000 + Int64(counter) * 1_000), origin: origin)
  }

  static func batch(run: Int, writer: Int, count: Int) -> [BenchEvent] {
    (0..<count).map { BenchEvent(run: run, writer: writer, counter: $0) }
  }
}
