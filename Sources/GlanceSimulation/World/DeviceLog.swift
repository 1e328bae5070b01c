import GlanceKernel

/// One device's event log in a converged design: the counted in-memory replica, or a durable
/// ``EventLog`` from the run's backend, behind one interface.
///
/// ## Laws
/// - Both backings answer alike for the same writes: ``count(in:)`` is the number of live adds
///   on the day, ``latestLiveAdd(in:)`` the latest of them by (instant, id), ``liveInstants()``
///   every live add's instant, ascending.
/// - A durable log is only read through the kernel (`Replica` slices), never counted apart.
struct DeviceLog {
  /// The store's name within the design (`phone`, `watch`).
  let name: String
  private var memory = CountedReplica()
  private var durable: (any EventLog)?
  private let stores: RunStores

  init(_ name: String, stores: RunStores) {
    self.name = name
    self.stores = stores
    self.durable = stores.open(name)
  }

  /// Records an event this device made; `true` when it was new.
  @discardableResult
  mutating func record(_ event: Event) -> Bool {
    guard var log = durable else { return memory.insert(event) }
    defer { durable = log }
    return attempt(false) { try log.record(event) }
  }

  /// Inserts events from the peer; how many were new.
  @discardableResult
  mutating func receive(_ events: [Event]) -> Int {
    guard var log = durable else { return events.reduce(0) { $0 + (memory.insert($1) ? 1 : 0) } }
    defer { durable = log }
    return attempt(0) { try log.receive(events) }
  }

  /// The live adds on `day`.
  func count(in day: DayInterval) -> Int {
    guard let log = durable else { return memory.live.count(in: day) }
    return attempt(0) { try log.replica(in: day.start..<day.end).liveAdds.count }
  }

  /// The latest live add on `day`, by (instant, id): what a delete in the app removes.
  func latestLiveAdd(in day: DayInterval) -> Event? {
    let adds: [Event]
    if let log = durable {
      adds = attempt([]) { try log.replica(in: day.start..<day.end).liveAdds }
    } else {
      adds = memory.replica.liveAdds.filter { day.contains($0.instant) }
    }
    return adds.max { ($0.instant, $0.id) < ($1.instant, $1.id) }
  }

  /// Every live add's instant, ascending.
  func liveInstants() -> [Instant] {
    guard let log = durable else { return memory.live.values }
    return attempt([]) { try log.replica().liveAdds.map(\.instant).sorted() }
  }

  /// `body`'s value, or `fallback` once the store failed (the failure is kept for the run).
  private func attempt<Value>(_ fallback: Value, _ body: () throws -> Value) -> Value {
    guard stores.failure == nil else { return fallback }
    do {
      return try body()
    } catch {
      stores.fail(name, error)
      return fallback
    }
  }
}

/// A replica with its live adds kept sorted by instant, so that counting "today" after every
/// event costs two binary searches instead of a pass over the whole log.
///
/// ## Laws
/// - `live` holds exactly the instants of `replica.liveAdds`.
struct CountedReplica {
  private(set) var replica = Replica()
  private(set) var live = SortedInstants()
  /// The live adds by id (looked up, never iterated).
  private var liveAdds: [EventID: Instant] = [:]
  /// Every id a removal targets (looked up, never iterated).
  private var removed: Set<EventID> = []

  /// Inserts `event`; `false` when the replica already held it (a duplicate delivery).
  @discardableResult
  mutating func insert(_ event: Event) -> Bool {
    guard !replica.contains(event.id) else { return false }
    do {
      try replica.insert(event)
    } catch {
      preconditionFailure("the workload drew one id twice: \(error)")
    }
    switch event.kind {
    case .add:
      if !removed.contains(event.id) {
        live.insert(event.instant)
        liveAdds[event.id] = event.instant
      }
    case .remove(let target):
      removed.insert(target)
      if let instant = liveAdds.removeValue(forKey: target) { live.remove(instant) }
    case .complete, .uncomplete, .expense:
      break
    }
    return true
  }
}
