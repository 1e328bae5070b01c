import Foundation
import Testing

/// CONTRIBUTING.md, *The simulator's floors*: each folder of GlanceSimulation is a floor, and a
/// floor may use the types of the floors below it, never of one above (the way the purity tests
/// scan for banned APIs, this scans for back references). So the world never reaches into the
/// judge, the judge never borrows a file from the designs it judges, and a fault, a checker or a
/// report can be added on its floor without touching the ones below.
@Suite("The simulator's floors")
struct FloorsTests {
  /// The floors, lowest first: the order CONTRIBUTING.md and the DocC article *The simulator*
  /// draw.
  static let floors = [
    "Basics", "Random", "Devices", "Charts", "Faults", "Scenario", "Person", "World", "Strategies", "Truth", "Judge",
    "Engine", "Shrink", "Reports", "Sweep", "Explore",
  ]

  /// One source file: its floor, its path in the module, its text.
  struct Source {
    let floor: String
    let path: String
    let text: String
  }

  /// Every Swift source of GlanceSimulation.
  static func sources() throws -> [Source] {
    let directory = SimulationFixtures.root.appendingPathComponent("Sources/GlanceSimulation")
    let enumerator = FileManager.default.enumerator(atPath: directory.path)
    var sources: [Source] = []
    while let relative = enumerator?.nextObject() as? String {
      guard relative.hasSuffix(".swift") else { continue }
      let floor = relative.split(separator: "/").count > 1 ? String(relative.split(separator: "/")[0]) : "."
      let text = try String(contentsOf: directory.appendingPathComponent(relative), encoding: .utf8)
      sources.append(Source(floor: floor, path: relative, text: text))
    }
    return sources.sorted { $0.path < $1.path }
  }

  /// The code of `text` without its comments and string literals (a type named in a doc comment
  /// or a message is no reference).
  static func code(_ text: String) -> String {
    var code = text.replacing(/\/\*[\s\S]*?\*\//, with: " ")
    code = code.replacing(/"""[\s\S]*?"""/, with: "\"\"")
    code = code.replacing(/\/\/[^\n]*/, with: "")
    return code.replacing(/"(?:\\.|[^"\\\n])*"/, with: "\"\"")
  }

  /// The types declared at the top level of `text` (nested types are named through their parent,
  /// which is the reference that counts).
  static func declaredTypes(_ text: String) -> [String] {
    let declaration =
      /(?m)^(?:@\w+(?:\([^)]*\))?\s+)*(?:(?:public|package|internal|fileprivate|private|final|indirect|nonisolated)\s+)*(?:struct|enum|class|protocol|actor|typealias)\s+([A-Z]\w*)/
    return code(text).matches(of: declaration).map { String($0.output.1) }
  }

  /// Every use in `sources` of a type declared on a floor above the user's: `path: Type (Floor)`.
  /// A source outside every floor, or a floor missing from `floors`, is a reference too.
  static func backReferences(_ sources: [Source], floors: [String]) -> [String] {
    var problems: [String] = []
    var owner: [String: String] = [:]
    for source in sources {
      guard floors.contains(source.floor) else {
        problems.append("\(source.path): its folder \(source.floor) is no floor; add it to the floors, in order")
        continue
      }
      for type in declaredTypes(source.text) { owner[type] = source.floor }
    }
    for source in sources {
      guard let rank = floors.firstIndex(of: source.floor) else { continue }
      let names = Set(code(source.text).matches(of: /\b[A-Z]\w*\b/).map { String($0.output) })
      for name in names.sorted() {
        guard let floor = owner[name], let above = floors.firstIndex(of: floor), above > rank else { continue }
        problems.append("\(source.path): \(name) (\(floor), above \(source.floor))")
      }
    }
    return problems
  }

  @Test("no folder of GlanceSimulation uses a type of a floor above it")
  func noBackReference() throws {
    let sources = try Self.sources()
    #expect(sources.count > 100, "found only \(sources.count) sources")
    let problems = Self.backReferences(sources, floors: Self.floors)
    #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
    let present = Set(sources.map(\.floor))
    #expect(present == Set(Self.floors), "floors without a folder: \(Set(Self.floors).subtracting(present).sorted())")
  }

  @Test("a back reference planted on a low floor is found, and named")
  func plantedBackReferenceIsFound() throws {
    var sources = try Self.sources()
    sources.append(Source(floor: "Basics", path: "Basics/Planted.swift", text: "/// A `World`.\nstruct Planted { let world: World }\n"))
    sources.append(Source(floor: "Random", path: "Random/Quoted.swift", text: "let quoted = \"Report\" // Report\n"))
    let problems = Self.backReferences(sources, floors: Self.floors)
    #expect(problems == ["Basics/Planted.swift: World (World, above Basics)"])
  }

  @Test("a folder that is no floor is found")
  func unknownFolderIsFound() throws {
    var sources = try Self.sources()
    sources.append(Source(floor: "Elsewhere", path: "Elsewhere/Stray.swift", text: "enum Stray {}\n"))
    let problems = Self.backReferences(sources, floors: Self.floors)
    #expect(problems == ["Elsewhere/Stray.swift: its folder Elsewhere is no floor; add it to the floors, in order"])
  }

  @Test("CONTRIBUTING.md and the article draw the floors in this order")
  func documentsDrawTheFloors() throws {
    let line = Self.floors.joined(separator: " → ")
    for document in ["CONTRIBUTING.md", "Sources/GlanceSimulation/GlanceSimulation.docc/TheSimulator.md"] {
      let text = try String(contentsOf: SimulationFixtures.root.appendingPathComponent(document), encoding: .utf8)
      #expect(text.contains(line), "\(document) does not draw the floors as \(line)")
    }
  }
}
