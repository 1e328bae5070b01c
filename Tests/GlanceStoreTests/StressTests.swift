import Foundation
import GlanceTestSupport
import Testing

/// The `glance-store-stress` binary as `make test` runs it: app, widget and watch writer
/// processes on one database, killed with `SIGKILL` at random and restarted, for a short run
/// (`make stress` runs a long one). The binary checks the laws itself (see `StressCheck`); the
/// test asserts that it says so and that enough kills happened for the run to mean something,
/// under both synchronous modes: a process kill loses nothing committed under either
/// (`SynchronousMode`; only a power cut tells them apart).
@Suite("Store stress (SIGKILLed processes)")
struct StressTests {
  /// How long the short run kills workers.
  static let seconds = 15
  /// Kills the short run must reach (one every 20–200 ms, 110 ms on average, is about 135).
  static let minimumKills = 100

  static let packageRoot = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

  /// The run takes 15 s alone; the limit is a safety net for a loaded machine (74 s was seen
  /// with the whole suite and a long stress run sharing two cores), not a measure.
  @Test(
    "killed writers lose no acknowledged write, write nothing twice and leave a sound file",
    .timeLimit(.minutes(3)), arguments: ["full", "normal"])
  func killedWritersLoseNothing(synchronous: String) throws {
    let binary = try #require(
      Executables.find("glance-store-stress", packageRoot: Self.packageRoot),
      "no glance-store-stress binary at \(Executables.candidates("glance-store-stress", packageRoot: Self.packageRoot).map(\.path)); `swift build --build-tests` builds it"
    )
    let directory = try TemporaryDirectory("stress-\(synchronous)")
    defer { directory.remove() }
    let outcome = try Executables.run(
      binary,
      [
        "drive", "--db", directory.file("stress.sqlite").path, "--seconds", String(Self.seconds), "--seed", "42",
        "--synchronous", synchronous,
      ])
    let printed = outcome.output
    let report = printed + outcome.errors
    #expect(outcome.status == 0, "\(report)")
    #expect(printed.contains("integrity: ok"), "\(report)")
    #expect(printed.contains("invariants: ok"), "\(report)")
    let kills = printed.split(separator: "\n").first { $0.hasPrefix("kills survived: ") }
      .flatMap { Int($0.dropFirst("kills survived: ".count)) }
    let killCount = try #require(kills, "no kill count in: \(report)")
    #expect(killCount >= Self.minimumKills, "\(report)")
  }
}
