import Foundation
import GlanceKernel

/// What the domain models and the designs read from an action's (random) id: a byte to choose
/// with (which step a tap toggles, which edit an edit makes, an edited amount), and the ids of
/// what the action makes beside its own event.
extension PlannedAction {
  /// Byte `index` of the action's id (random past its first 7 bytes).
  func idByte(_ index: Int) -> UInt8 {
    withUnsafeBytes(of: eventID.uuid.uuid) { $0[index] }
  }

  /// The id of the `number`-th thing (0…65 534) the action makes (a new task, its steps, the
  /// events a design writes for an edit, a tombstone): the action's id with its eighth and tenth
  /// bytes (random) moved by `number + 1`, so that the ids one action makes differ from each
  /// other and from its own, and ids made by different actions differ as their ids do.
  func madeID(_ number: Int) -> UUID {
    precondition((0..<65_535).contains(number), "an action makes at most 65 535 ids")
    var bytes = eventID.uuid.uuid
    withUnsafeMutableBytes(of: &bytes) {
      $0[7] = $0[7] &+ UInt8(truncatingIfNeeded: number + 1)
      $0[9] = $0[9] &+ UInt8(truncatingIfNeeded: (number + 1) >> 8)
    }
    return UUID(uuid: bytes)
  }
}
