import Foundation
import Testing

/// CONTRIBUTING.md, Purity, for the simulator: nothing in GlanceSimulation reads the clock, the device's zone,
/// the system RNG or the per-process hash seed. (`simulate` may draw a seed when none is given;
/// it is the one allowed exception and lives in Sources/simulate.)
@Suite("Simulation purity")
struct SimulationPurityTests {
  static let forbidden: [(pattern: String, why: String)] = [
    (#"\bDate\(\)"#, "reads the clock"),
    (#"\b(Date|ContinuousClock|SuspendingClock)\.now\b"#, "reads the clock"),
    (#"\b(ContinuousClock|SuspendingClock)\b"#, "reads the clock"),
    (#"\b(Calendar|TimeZone|Locale)\.(current|autoupdatingCurrent)\b"#, "reads the device's settings"),
    (#"\bUUID\(\)"#, "draws a random identifier"),
    (#"\bSystemRandomNumberGenerator\b"#, "draws system randomness"),
    (#"\.(random|randomElement|shuffled)\("#, "uses the standard library's random mapping"),
    (#"\bhashValue\b"#, "depends on the per-process hash seed"),
    (#"\bTask(\.sleep|\s*\{)"#, "depends on scheduling"),
    (#"\bDispatchQueue\b|\bThread\b"#, "depends on scheduling"),
  ]

  /// The one file allowed threads, and why: the sweep's runner runs whole seeds side by side.
  /// Each seed is a pure function of the request and the seed that shares nothing with the
  /// others, and the lines leave in seed order whatever thread ran which seed (SweepProperties
  /// checks that they do not depend on the number of jobs).
  static let threadsAllowed = (file: "Sweep/SweepRunner.swift", pattern: #"\bDispatchQueue\b|\bThread\b"#)

  /// GlanceSync's engines too: the simulator runs them, and passes them every instant and zone.
  /// (Its Apple adapters, compiled only where WatchConnectivity and WidgetKit exist, talk to the
  /// platform by design.)
  @Test(
    "no simulation or engine source reads the clock, the device's settings or system randomness",
    arguments: ["Sources/GlanceSimulation", "Sources/GlanceSync"])
  func noAmbientInputs(folder: String) throws {
    let directory = SimulationFixtures.root.appendingPathComponent(folder)
    let enumerator = FileManager.default.enumerator(atPath: directory.path)
    var files = 0
    var allowedUses = 0
    let rules = try Self.forbidden.map { (try Regex($0.pattern), $0.pattern, $0.why) }
    while let relative = enumerator?.nextObject() as? String {
      guard relative.hasSuffix(".swift"), !relative.hasPrefix("Adapters/") else { continue }
      files += 1
      let text = try String(contentsOf: directory.appendingPathComponent(relative), encoding: .utf8)
      for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
        let code = String(line.split(separator: "//", maxSplits: 1, omittingEmptySubsequences: false).first ?? "")
        for (regex, pattern, why) in rules where code.contains(regex) {
          if folder == "Sources/GlanceSimulation", relative == Self.threadsAllowed.file, pattern == Self.threadsAllowed.pattern {
            allowedUses += 1
            continue
          }
          Issue.record("\(relative):\(number + 1) \(why) (\(pattern)): \(line)")
        }
      }
    }
    #expect(files >= 15, "found only \(files) sources in \(folder)")
    if folder == "Sources/GlanceSimulation" {
      #expect(allowedUses > 0, "\(Self.threadsAllowed.file) starts no thread any more: drop the exception")
    }
  }
}
