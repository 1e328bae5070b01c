public import GlanceKernel

/// Where the converged design keeps its devices' stores during a run.
///
/// The stores are the tally's: the phone's App Group store, which the app, the widget intent and
/// the watch receiver write, and the watch's own. (The converged steps design models its store
/// move in memory, and the converged budget design keeps no event log.)
///
/// - ``memory`` (the default): the kernel's replicas, with the counts kept alongside them.
/// - ``durable(named:open:)``: event logs the caller opens, such as GlanceStore's SQLite
///   `EventStore` (`simulate --store sqlite`). Every write goes to the log, and every figure a
///   surface shows is the kernel's count of what the log hands back (`EventLog.replica(in:)`),
///   so a run proves the protocol on that store.
///
/// GlanceSimulation depends on the kernel alone: it sees a durable store only as an
/// `EventLog`.
///
/// ## Laws
/// - The backend changes no verdict and no count: a store that keeps the `EventLog` laws gives
///   the same outcome as ``memory`` for the same request (checked on SQLite by the CLI tests).
/// - A store that fails stops the run with ``SimulationError/storeFailed(strategy:domain:store:reason:)``;
///   no outcome is made from a run whose store failed.
public struct StoreBackend: Sendable {
  /// The backend's name, as in `--store` and reports.
  public let name: String
  /// Opens a new, empty log for the store named by its argument; `nil` for ``memory``.
  let open: (@Sendable (String) throws -> any EventLog)?

  /// The kernel's replicas in memory.
  public static let memory = StoreBackend(name: "memory", open: nil)

  /// Logs that `open` creates: one call per device store and per play of a run, each with a
  /// name no other call used (letters, digits and dashes, for example
  /// `converged-tally-phone-1`), each expected to return an empty log.
  public static func durable(named name: String, open: @escaping @Sendable (String) throws -> any EventLog) -> StoreBackend {
    StoreBackend(name: name, open: open)
  }

  /// Whether this is the in-memory default.
  public var isMemory: Bool { open == nil }
}

/// The stores of one play of one design: opens them from the backend under unique names, and
/// keeps the first failure (a design's methods cannot throw; the run checks it when the play
/// ends). A design hands it to `SimulatedEventLog.init(_:on:stores:)`.
public final class RunStores {
  let backend: StoreBackend
  /// Names every store of this play (`<strategy>-<domain>-<store>-<play>`).
  private let prefix: String
  private let play: Int
  /// The first error a store raised, with what was being done.
  private(set) var failure: (store: String, reason: String)?
  /// The write failures the world arms for this play (a ``SimulatedEventLog`` on the phone meets
  /// them).
  public let faults: StoreFaults

  init(backend: StoreBackend, strategy: String, domain: Domain, play: Int) {
    self.backend = backend
    self.prefix = "\(strategy)-\(domain.rawValue)"
    self.play = play
    self.faults = StoreFaults()
  }

  /// A copy of `stores` as they stand (their faults copied), for a play an exploration resumes
  /// from a snapshot; the logs over them are copied by the design that holds them
  /// (``SimulatedEventLog/copy(into:)``).
  ///
  /// - Precondition: the stores are in memory (a durable store is a file, never copied).
  private init(copying stores: RunStores) {
    precondition(stores.backend.isMemory, "only in-memory stores are copied")
    backend = stores.backend
    prefix = stores.prefix
    play = stores.play
    failure = stores.failure
    faults = stores.faults.copy()
  }

  /// A copy of these stores as they stand, sharing nothing with them (``init(copying:)``).
  func copy() -> RunStores { RunStores(copying: self) }

  /// In-memory stores.
  convenience init() {
    self.init(backend: .memory, strategy: "memory", domain: .tally, play: 0)
  }

  /// A new durable log for `store`; `nil` with the memory backend or when opening failed.
  func open(_ store: String) -> (any EventLog)? {
    guard let open = backend.open else { return nil }
    let name = "\(prefix)-\(store)-\(play)"
    do {
      return try open(name)
    } catch {
      fail(store, error)
      return nil
    }
  }

  /// Records `error` unless an earlier failure is recorded.
  func fail(_ store: String, _ error: any Error) {
    if failure == nil { failure = (store, "\(error)") }
  }
}
