/// What one process of a design keeps in memory (the app's, the widget extension's or the watch
/// app's), which the world forgets when the process ends: a kill, or the app's update. A design
/// that keeps a process's memory here cannot read it after the process is gone, even from
/// ``SyncDesign/display(on:world:)`` or ``SyncDesign/storedRecords(on:)``, which are asked while
/// no process runs; it keeps it again at the process's next launch
/// (``SyncDesign/appLaunched(world:)``, ``SyncDesign/widgetExtensionLaunched(world:)``,
/// ``SyncDesign/watchAppLaunched(world:)``).
///
/// ```swift
/// private var watch = ProcessMemory<[Instant]>(of: .watchApp)
/// mutating func watchAppLaunched(world: inout World) { watch.keep([], in: world) }
/// mutating func watchTap(_ record: Record, world: inout World) { watch.modify { $0.append(record.instant) } }
/// func storedRecords(on device: Device) -> StoredRecords? { .instants(watch.value ?? []) }
/// ```
///
/// ## Laws
/// - After `m.keep(v, in: world)`, `m.value == v` until the process that was running then ends;
///   from then on `m.value == nil`, until it is kept again (by a later launch).
/// - `modify` changes a value that is still kept, and nothing else: once the process has ended
///   it returns `nil` and `value` stays `nil`.
/// - Keeping a value while the process is not running keeps nothing (no process holds it):
///   `value` is then `nil`.
public struct ProcessMemory<Value> {
  /// The process whose memory this is.
  public let process: Process
  private var held: Value? = nil
  /// The launch of ``process`` that kept ``held``.
  private var life: ProcessLife? = nil

  /// Nothing kept yet.
  public init(of process: Process) {
    self.process = process
  }

  /// What the process keeps: `nil` before it kept anything, and once the process that kept it
  /// ended.
  public var value: Value? {
    guard let life, !life.ended else { return nil }
    return held
  }

  /// Keeps `value` in the memory of the running ``process``, replacing what it kept; while the
  /// process is not running, nothing is kept.
  public mutating func keep(_ value: Value, in world: World) {
    let life = world.life(of: process)
    (held, self.life) = (life == nil ? nil : value, life)
  }

  /// Changes what the process keeps with `body`, when it still keeps something; returns what
  /// `body` returned, or `nil` when the process keeps nothing (it ended, or kept nothing yet).
  @discardableResult
  public mutating func modify<Result>(_ body: (inout Value) -> Result) -> Result? {
    guard var current = value else { return nil }
    held = nil  // `current` is then the only copy: `body` changes it in place.
    defer { held = current }
    return body(&current)
  }
}
