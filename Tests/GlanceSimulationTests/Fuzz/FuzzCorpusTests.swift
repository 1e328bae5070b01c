import Foundation
import GlanceTestSupport
import Testing

/// The committed fuzz corpus (`Fuzz/Corpus/<target>/`: the hand-made seeds, and the input of
/// every crash `make fuzz` found) replayed through the normal build of `glance-fuzz`, so that
/// `make test` catches a regression without running libFuzzer.
@Suite("fuzz corpus")
struct FuzzCorpusTests {
  static let corpus = SimulationFixtures.root.appendingPathComponent("Fuzz/Corpus")

  /// The corpus folders, sorted: one per target (`make fuzz` fuzzes exactly these).
  static func folders() -> [String] {
    do {
      return try FileManager.default.contentsOfDirectory(atPath: corpus.path)
        .filter { !$0.hasPrefix(".") }.sorted()
    } catch {
      return []
    }
  }

  static func run(_ arguments: [String]) throws -> ProcessOutcome {
    // `swift build --build-tests` (make test) builds the binary next to the tests.
    let root = SimulationFixtures.root
    let binary = try #require(
      Executables.find("glance-fuzz", packageRoot: root),
      "no glance-fuzz binary at \(Executables.candidates("glance-fuzz", packageRoot: root).map(\.path))")
    return try Executables.run(binary, arguments, in: root)
  }

  @Test("every target has a corpus folder, and every folder is a target")
  func foldersAreTargets() throws {
    let listed = try Self.run(["--list"])
    #expect(listed.status == 0, "\(listed.errors)")
    #expect(listed.output.split(separator: "\n").map(String.init).sorted() == Self.folders())
  }

  @Test("each target replays its corpus with every law held", arguments: folders())
  func replay(target: String) throws {
    let folder = Self.corpus.appendingPathComponent(target).path
    let files = try FileManager.default.contentsOfDirectory(atPath: folder).filter {
      !$0.hasPrefix(".")
    }
    #expect(!files.isEmpty, "the \(target) corpus is empty")
    let outcome = try Self.run([target, folder])
    #expect(outcome.status == 0, "\(outcome.errors.suffix(4_000))")
    #expect(outcome.output == "\(target): \(files.count) inputs, every law held\n")
  }

  @Test("usage errors exit with 64")
  func usage() throws {
    for arguments in [[], ["no-such-target", "x"], ["money"]] {
      let outcome = try Self.run(arguments)
      #expect(outcome.status == 64, "\(arguments)")
      #expect(outcome.errors.contains("usage: glance-fuzz <target>"), "\(arguments)")
    }
  }
}
