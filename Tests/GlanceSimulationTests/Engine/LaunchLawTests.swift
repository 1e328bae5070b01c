import GlanceKernel
@testable import GlanceSimulation
import GlanceSync
import Testing

/// A design sees only what an app sees: it is never told of a kill or of the app's update, only
/// launched again. Each probe below wraps a design of Glance's own and checks, at every launch,
/// that the launch follows exactly the kills so far, and that every callback of the app runs in a
/// launched process of the installed version.
@Suite("Launches")
struct LaunchLawTests {
  /// The converged tally, counting the launches of the app and of the watch app.
  struct TallyProbe: Mutant {
    static let name = "launch-probe-tally"
    var inner: ConvergedTally
    var appLaunches = 0
    var watchLaunches = 0
    init(inner: ConvergedTally) { self.inner = inner }

    mutating func appLaunched(world: inout World) {
      appLaunches += 1
      #expect(world.appRunning && !world.appForeground, "launched, not yet in the foreground")
      #expect(appLaunches == 1 + world.injector.count(.appKill), "a launch at first use, then one after each kill")
      inner.appLaunched(world: &world)
    }

    mutating func watchAppLaunched(world: inout World) {
      watchLaunches += 1
      #expect(world.watchAppRunning)
      #expect(watchLaunches == 1 + world.injector.count(.watchAppKill), "a launch at first use, then one after each kill")
      inner.watchAppLaunched(world: &world)
    }

    mutating func appBecameActive(world: inout World) {
      #expect(world.appRunning && appLaunches > 0)
      inner.appBecameActive(world: &world)
    }

    mutating func wake(_ reason: WakeReason, world: inout World) {
      #expect(world.appRunning, "a wake runs in a launched app")
      inner.wake(reason, world: &world)
    }

    mutating func receive(_ message: PeerPayload, on device: Device, via channel: Channel, world: inout World) {
      if device == .phone { #expect(world.appRunning, "a delivery from the watch launches the app") }
      inner.receive(message, on: device, via: channel, world: &world)
    }
  }

  @Test("the app and the watch app are launched at first use and once after every kill, and never told of the kill")
  func tallyLaunches() throws {
    var scenario = try SimulationFixtures.scenario("default")
    scenario.domains = [.tally]
    let result = try Simulation.run(design: TallyProbe.self, scenario: scenario, days: 7, seed: 42)
    #expect(result.faults[.appKill, default: 0] > 0 && result.faults[.watchAppKill, default: 0] > 0, "the premise: kills struck")
    #expect(result.converged, "\(result.violations.map(\.detail))")
  }

  /// MirrorSmoker's legacy design, whose widget intent runs in the widget extension: counting the
  /// extension's launches.
  struct ExtensionProbe: Mutant {
    static let name = "launch-probe-extension"
    static var expectedToConverge: Bool { false }
    var inner: MirrorSmokerLegacy
    var launches = 0
    init(inner: MirrorSmokerLegacy) { self.inner = inner }

    mutating func widgetExtensionLaunched(world: inout World) {
      launches += 1
      #expect(world.widgetExtensionRunning)
      #expect(launches == 1 + world.injector.count(.widgetKill), "a launch at first use, then one after each kill")
      inner.widgetExtensionLaunched(world: &world)
    }

    mutating func step(_ step: MirrorSmokerStep, world: inout World) {
      if case .intent = step { #expect(world.widgetExtensionRunning, "the intent runs in a launched extension") }
      inner.step(step, world: &world)
    }
  }

  @Test("the widget extension is launched for its first timeline and once after every kill")
  func extensionLaunches() throws {
    var scenario = try SimulationFixtures.scenario("default")
    scenario.domains = [.tally]
    let result = try Simulation.run(design: ExtensionProbe.self, scenario: scenario, days: 7, seed: 42)
    #expect(result.faults[.widgetKill, default: 0] > 0, "the premise: the extension was killed")
  }

  /// The converged steps, checking the version each process of the app runs.
  struct UpdateProbe: Mutant {
    static let name = "launch-probe-update"
    var inner: ConvergedSteps
    /// The version the running process was launched as.
    var launchedVersion: Int? = nil
    var versions: [Int] = []
    init(inner: ConvergedSteps) { self.inner = inner }

    mutating func appLaunched(world: inout World) {
      // The widget arrives with the update: before it, version 1; from it on, version 2.
      #expect(world.appVersion == (world.widgetInstalled ? 2 : 1))
      launchedVersion = world.appVersion
      if versions.last != world.appVersion { versions.append(world.appVersion) }
      inner.appLaunched(world: &world)
    }

    mutating func appBecameActive(world: inout World) {
      #expect(launchedVersion == world.appVersion, "the app runs the installed version: the update ended the old process")
      #expect(versions.count <= 2)
      inner.appBecameActive(world: &world)
    }

    mutating func widgetExtensionLaunched(world: inout World) {
      #expect(world.widgetInstalled && world.appVersion == 2, "the widget arrives with the update")
      inner.widgetExtensionLaunched(world: &world)
    }
  }

  @Test("after the update every launch of the app runs the new version, and the store move keeps every record")
  func updateLaunchesNewVersion() throws {
    let scenario = try SimulationFixtures.scenario("store-move-widget-first")
    let result = try Simulation.run(design: UpdateProbe.self, scenario: scenario, days: 5, seed: 42)
    #expect(result.converged, "\(result.violations.map(\.detail))")
    #expect(result.checks[.noDataLoss, default: 0] > 0, "the premise: the move was judged")
  }
}
