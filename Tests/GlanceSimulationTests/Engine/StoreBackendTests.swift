import Foundation
import GlanceKernel
import GlanceSimulation
import Testing

/// The converged design on a durable ``StoreBackend``: any log that keeps the kernel's
/// `EventLog` laws gives the in-memory outcome, and a failing one stops the run with a typed
/// error. (The CLI tests run the same comparison on GlanceStore's SQLite store.)
@Suite("Store backends")
struct StoreBackendTests {
  /// A log that works for `writesBeforeFailure` writes, then fails every write.
  struct FlakyLog: EventLog {
    struct DiskFull: Error, CustomStringConvertible {
      var description: String { "disk full" }
    }
    var events = Replica()
    var writesLeft: Int

    mutating func record(_ event: Event) throws -> Bool {
      guard writesLeft > 0 else { throw DiskFull() }
      writesLeft -= 1
      return try events.record(event)
    }

    mutating func receive(_ events: [Event]) throws -> Int {
      guard writesLeft > 0 else { throw DiskFull() }
      writesLeft -= 1
      return try self.events.receive(events)
    }

    func replica() -> Replica { events }
    func replica(in instants: Range<Instant>) -> Replica { events.slice(instants) }
  }

  @Test(
    "the kernel's Replica as a durable log: the converged outcome of every scenario is the in-memory one",
    arguments: ["default", "travel", "no-midnight"])
  func replicaBackendMatchesMemory(scenario: String) throws {
    let request = SimulationRequest(
      scenario: try SimulationFixtures.scenario(scenario), days: 10, seed: 42, strategies: [.converged])
    let memory = try Simulation.run(request)
    let opened = OpenedNames()
    let durable = try Simulation.run(
      request,
      store: .durable(named: "replica") { name in
        opened.append(name)
        return Replica()
      })
    #expect(durable.results == memory.results)
    #expect(durable.store == "replica" && memory.store == "memory")
    // One phone and one watch store for the tally's play (more only when a replay is needed).
    #expect(opened.names.prefix(2) == ["converged-tally-phone-0", "converged-tally-watch-0"])
    #expect(Set(opened.names).count == opened.names.count, "every store has its own name")
  }

  @Test("a store that fails mid-run stops the run with storeFailed, naming the strategy, domain and store")
  func failingStoreIsATypedError() throws {
    let request = SimulationRequest(
      scenario: try SimulationFixtures.scenario("default"), days: 3, seed: 42, strategies: [.converged])
    let backend = StoreBackend.durable(named: "flaky") { name in
      FlakyLog(writesLeft: name.contains("phone") ? 5 : Int.max)
    }
    #expect(
      throws: SimulationError.storeFailed(strategy: "converged", domain: "tally", store: "phone", reason: "disk full")
    ) {
      try Simulation.run(request, store: backend)
    }
    let failure = SimulationError.storeFailed(strategy: "converged", domain: "tally", store: "phone", reason: "disk full")
    #expect(failure.description == "converged (tally): the phone store failed: disk full")
  }

  @Test("a store that cannot be opened is a typed error too")
  func unopenableStore() throws {
    let request = SimulationRequest(
      scenario: try SimulationFixtures.scenario("default"), days: 1, seed: 42, strategies: [.converged])
    struct NoSpace: Error, CustomStringConvertible { var description: String { "no space left" } }
    let backend = StoreBackend.durable(named: "full") { _ -> any EventLog in throw NoSpace() }
    #expect(
      throws: SimulationError.storeFailed(strategy: "converged", domain: "tally", store: "phone", reason: "no space left")
    ) {
      try Simulation.run(request, store: backend)
    }
  }
}

/// The names a backend was asked to open, in order (the closure is `@Sendable`).
final class OpenedNames: @unchecked Sendable {
  private let lock = NSLock()
  private var list: [String] = []

  func append(_ name: String) { lock.withLock { list.append(name) } }
  var names: [String] { lock.withLock { list } }
}
