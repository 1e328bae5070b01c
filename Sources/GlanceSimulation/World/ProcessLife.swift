/// One launch of a process (the app, its widget extension or the watch app), from its launch to
/// its end (a kill, or the app's update): the world begins one at every launch and ends it with
/// the process. A ``ProcessMemory`` holds the life it was kept in, and reads as empty once that
/// life has ended.
///
/// A class, so that the world and every copy of a design see the same end (the engine keeps a
/// copy of the design to undo an action a store write failure struck).
///
/// ## Laws
/// - A life ends once, and never begins again: a launch begins a new one.
final class ProcessLife {
  /// The process it is a life of.
  let process: Process
  /// Whether the process has ended.
  private(set) var ended = false

  init(of process: Process) {
    self.process = process
  }

  /// The process ends: what it kept in memory is gone.
  func end() {
    precondition(!ended, "a life of the \(World.traceName(process)) ended twice")
    ended = true
  }

  /// A copy of this life as it stands: a play resumed from a snapshot ends its own lives, never
  /// the snapshot's.
  func copy() -> ProcessLife {
    let copy = ProcessLife(of: process)
    copy.ended = ended
    return copy
  }
}
