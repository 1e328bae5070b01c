import GlanceKernel
import GlanceSync

/// A tally design that dies where real apps died of `0xDEAD10CC`: Glance's converged tally
/// (``ConvergedTally``: the same engines, widget and watch), except that the app batches the
/// person's in-app changes and saves them with a debounced save, ``batchSaveMilliseconds`` after
/// the last change, holding the App Group database's write lock from the batch's first change to
/// its save (the pattern of an app that opens its write transaction early, or a Core Data or
/// SwiftData context that saves on a timer, and never asks for background time to finish).
///
/// - The first in-app tap or delete of a batch opens a transaction (`BEGIN IMMEDIATE`,
///   ``SimulatedEventLog/beginTransaction(in:)``): the app holds the write lock from then on,
///   and keeps the batch's changes in its memory, unsaved.
/// - Each change pushes the save back: it runs ``batchSaveMilliseconds`` after the last one, as a
///   step of the app's process. The save ends the transaction and hands the batch's changes to
///   the engine, which writes, reloads and tells the watch as the converged design does. A kill
///   before it loses the batch.
/// - Nothing saves the batch when the app goes to the background: when the person leaves the
///   app less than ``batchSaveMilliseconds`` after a change, the app still holds the lock when
///   iOS suspends it (``StoreFaults/suspensionMilliseconds`` on) and the system kills it
///   (`0xDEAD10CC`): the transaction is rolled back, and the person's changes in the batch are
///   lost (no-lost-write, convergence).
///
/// It is not one of ``StrategyName``'s strategies, so that the shipped runs keep their rows: run
/// it with ``Simulation/run(design:scenario:days:seed:store:detail:choices:)`` (the `store-locks`
/// scenario shows it failing where `converged` passes).
///
/// ## Laws
/// - A batch saved before the app is suspended is written as ``ConvergedTally`` writes it.
/// - It holds the lock across a background transition only for a batch not yet saved.
struct LockHoldingTally: TallySyncDesign {
  typealias Message = PeerPayload
  static let name = "lock-holding-tally"
  static let expectedToConverge = false
  static let widgetIntentRunsInApp = true

  /// How long after the person's last change the app saves its batch: longer than iOS lets an
  /// app run once in the background, which is the bug.
  static let batchSaveMilliseconds: Int64 = 10_000

  /// The debounced save of batch number `batch` (only the latest batch number saves).
  enum Step: Hashable, Sendable, OperationStep {
    case save(batch: Int)
    var isOperationStep: Bool { true }
  }

  /// An in-app change of the batch, not saved yet.
  private enum Change {
    case tap(Record)
    case delete(Record, by: PlannedAction)
  }

  private var converged: ConvergedTally
  /// Numbers the saves asked for: a change asks for a new one, which supersedes the earlier.
  private var saves = 0
  /// The batch's changes, in order: the app's memory (a new process starts without them).
  private var unsaved: [Change] = []

  init(scenario: Scenario, stores: RunStores) {
    converged = ConvergedTally(scenario: scenario, stores: stores)
  }

  /// The App Group store the app holds the lock of.
  private var log: SimulatedEventLog { converged.phone.log }

  /// Keeps `change` in the batch, opening the batch's transaction first if none is open, and
  /// asks for the save ``batchSaveMilliseconds`` from now (superseding the one asked before). A
  /// store that is busy refuses the transaction: the change is then written alone, as the
  /// converged design writes it.
  private mutating func batch(_ change: Change, world: inout World) {
    if !log.hasOpenTransaction {
      do {
        try log.beginTransaction(in: .app)
      } catch {
        precondition(WriteDeferral(error) != nil, "opening a transaction only defers: \(error)")
        write(change, world: &world)
        return
      }
    }
    unsaved.append(change)
    saves += 1
    world.schedule(step: Step.save(batch: saves), in: .app, after: Self.batchSaveMilliseconds)
  }

  /// Hands `change` to the converged engine.
  private mutating func write(_ change: Change, world: inout World) {
    switch change {
    case .tap(let record): converged.appTap(record, world: &world)
    case .delete(let target, let action): converged.appDelete(target, by: action, world: &world)
    }
  }

  mutating func step(_ step: Step, world: inout World) {
    guard case .save(let batch) = step, batch == saves, log.hasOpenTransaction else { return }
    // The save: the transaction ends, and the batch is written (the engine's writes are one
    // transaction each).
    do {
      _ = try log.commitTransaction()
    } catch {
      precondition(error is StoreWriteFailure, "an empty commit fails only as the world's write failure: \(error)")
    }
    let changes = unsaved
    unsaved = []
    for change in changes { write(change, world: &world) }
  }

  mutating func appTap(_ record: Record, world: inout World) { batch(.tap(record), world: &world) }

  mutating func appDelete(_ target: Record, by action: PlannedAction, world: inout World) {
    batch(.delete(target, by: action), world: &world)
  }

  /// A new process: the last one's unsaved batch is gone with it (its transaction was rolled
  /// back when it ended).
  mutating func appLaunched(world: inout World) {
    unsaved = []
    converged.appLaunched(world: &world)
  }

  mutating func widgetTap(_ record: Record, world: inout World) { converged.widgetTap(record, world: &world) }
  mutating func watchTap(_ record: Record, world: inout World) { converged.watchTap(record, world: &world) }
  mutating func watchAppLaunched(world: inout World) { converged.watchAppLaunched(world: &world) }
  mutating func appBecameActive(world: inout World) { converged.appBecameActive(world: &world) }
  mutating func appOpenedFromWidget(world: inout World) { converged.appOpenedFromWidget(world: &world) }
  mutating func zoneChanged(world: inout World) { converged.zoneChanged(world: &world) }
  mutating func wake(_ reason: WakeReason, world: inout World) { converged.wake(reason, world: &world) }
  mutating func backgroundRefresh(world: inout World) { converged.backgroundRefresh(world: &world) }

  mutating func receive(_ payload: PeerPayload, on device: Device, via channel: Channel, world: inout World) {
    converged.receive(payload, on: device, via: channel, world: &world)
  }

  func timeline(of widget: WidgetID, world: World) -> WidgetTimeline { converged.timeline(of: widget, world: world) }
  func display(on surface: Surface, world: World) -> Display { converged.display(on: surface, world: world) }
  func storedRecords(on device: Device) -> StoredRecords? { converged.storedRecords(on: device) }
}
