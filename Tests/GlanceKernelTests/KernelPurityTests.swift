import Foundation
import Testing

/// The kernel is pure (CONTRIBUTING.md, Purity): the instant, the zone and any
/// randomness are inputs. This scans every kernel source for the calls that would break that.
@Suite("Kernel purity")
struct KernelPurityTests {
  static let forbidden: [(pattern: String, why: String)] = [
    (#"\bDate\(\)"#, "reads the clock"),
    (#"\.now\b"#, "reads the clock"),
    (#"\b(ContinuousClock|SuspendingClock)\b"#, "reads the clock"),
    (#"\b(Calendar|TimeZone|Locale)\.(current|autoupdatingCurrent)\b"#, "reads the device's settings"),
    (#"\b(Locale|NSLocale|NumberFormatter|DateFormatter|ISO8601DateFormatter)\b|FormatStyle\b"#, "reads locale data"),
    (#"\bUUID\(\)"#, "draws a random identifier"),
    (#"\bSystemRandomNumberGenerator\b"#, "draws system randomness"),
    (#"\.(random|randomElement|shuffled|shuffle)\((?!.*using:)"#, "draws system randomness"),
    (#"\bhashValue\b"#, "depends on the per-process hash seed"),
    (#"\bTask(\.sleep|\s*\{)"#, "depends on scheduling"),
    (#"\bDispatchQueue\b|\bThread\b"#, "depends on scheduling"),
  ]

  static func kernelSources() throws -> [(name: String, text: String)] {
    let tests = URL(fileURLWithPath: #filePath)  // …/Tests/GlanceKernelTests/KernelPurityTests.swift
    let root = tests.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    let directory = root.appendingPathComponent("Sources/GlanceKernel")
    let enumerator = FileManager.default.enumerator(atPath: directory.path)
    var files: [(String, String)] = []
    while let relative = enumerator?.nextObject() as? String {
      guard relative.hasSuffix(".swift") else { continue }
      files.append((relative, try String(contentsOf: directory.appendingPathComponent(relative), encoding: .utf8)))
    }
    return files.sorted { $0.0 < $1.0 }
  }

  @Test("no kernel source reads the clock, the device's zone, locale data, or randomness")
  func noAmbientInputs() throws {
    let sources = try Self.kernelSources()
    try #require(sources.count >= 40, "found only \(sources.count) kernel sources")
    let rules = try Self.forbidden.map { (try Regex($0.pattern), $0.pattern, $0.why) }
    for (name, text) in sources {
      for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
        let code = String(line.split(separator: "//", maxSplits: 1, omittingEmptySubsequences: false).first ?? "")
        for (regex, pattern, why) in rules where code.contains(regex) {
          Issue.record("\(name):\(number + 1) \(why) (\(pattern)): \(line)")
        }
      }
    }
  }
}
