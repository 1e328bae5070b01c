import Foundation
import GlanceSimulation
import GlanceTestSupport
import Testing

/// One version string: the first release of CHANGELOG.md is what `simulate --version` prints,
/// what report headers say (`GlanceVersion`), and what every dependency line of the README and
/// the DocC articles asks for. A release is tagged from it, so it is a plain `major.minor.patch`.
@Suite("Release version")
struct ReleaseVersionTests {
  static func text(_ path: String) throws -> String {
    try String(contentsOf: SimulationFixtures.root.appendingPathComponent(path), encoding: .utf8)
  }

  /// The first `## [x.y.z]` heading of the changelog.
  static func changelogVersion() throws -> String? {
    try text("CHANGELOG.md").split(separator: "\n").lazy
      .compactMap { line in line.firstMatch(of: /^## \[([^\]]+)\]/).map { String($0.1) } }
      .first
  }

  /// The versions that `.package(url: …glance…, from: "x")` lines ask for in `file`.
  static func dependencyVersions(in file: String) throws -> [String] {
    try text(file).matches(of: /\.package\(url: "[^"]*glance[^"]*", from: "([^"]+)"\)/).map { String($0.1) }
  }

  @Test("CHANGELOG's first release is GlanceVersion.string, a plain major.minor.patch")
  func changelogAgrees() throws {
    let version = try #require(try Self.changelogVersion(), "CHANGELOG.md has no `## [x.y.z]` heading")
    #expect(version == GlanceVersion.string)
    #expect(version.wholeMatch(of: /\d+\.\d+\.\d+/) != nil, "\(version) is not ready to be tagged")
  }

  @Test("the README and every DocC article ask for that version")
  func documentsAgree() throws {
    let readme = try Self.dependencyVersions(in: "README.md")
    #expect(readme == [GlanceVersion.string], "README.md: \(readme)")
    let catalogs = try FileManager.default.subpathsOfDirectory(
      atPath: SimulationFixtures.root.appendingPathComponent("Sources").path
    )
    .filter { $0.contains(".docc/") && $0.hasSuffix(".md") }
    .sorted()
    var lines = 0
    for article in catalogs {
      for version in try Self.dependencyVersions(in: "Sources/" + article) {
        #expect(version == GlanceVersion.string, "Sources/\(article) asks for \(version)")
        lines += 1
      }
    }
    #expect(lines > 0, "no DocC article shows the dependency line")
  }

  @Test("simulate --version prints it")
  func commandAgrees() throws {
    let result = try SimulateCommandTests.run(["--version"])
    #expect(result.status == 0, "\(result.errors)")
    #expect(result.output.trimmingCharacters(in: .whitespacesAndNewlines) == GlanceVersion.string)
  }
}
