import Foundation
import Yams

/// Reads scenario files (`Simulations/<name>.yaml`) into ``Scenario`` values.
///
/// Glance's own scenarios are built in: ``builtIn(named:)`` loads one by name on any machine and
/// from any folder, with no checkout of Glance at hand. A scenario file of your own package is
/// read with ``load(fileAt:)`` (ship it as a resource and pass `Bundle.module`'s path for it),
/// and text built in code with ``load(yaml:source:)``.
///
/// ```swift
/// let scenario = try ScenarioLoader.builtIn(named: "default")
/// let mine = try ScenarioLoader.load(fileAt: file.path)  // file: Bundle.module.url(forResource:…)
/// ```
///
/// The loader walks the YAML tree itself (no `Codable`), so that every error names the key path,
/// the line, the value found and what was expected (``ScenarioError``). Keys are the Swift property
/// names of ``Scenario``, ``Workload``, ``Faults``, ``Travel``, ``StoreMove``, ``Script``,
/// ``ScriptedAction`` (with `minutes` and `fromWidget` for an `appOpen`) and ``OutOfRangeSpell``;
/// `name` and `start` are required, every other key defaults to the model's default. Instants
/// in a script are written as `Instant.description` writes them: `2026-03-10T13:44:43.020Z`.
///
/// ```yaml
/// name: default
/// start: 2026-03-10
/// zone: Europe/Zurich
/// faults:
///   watchOutOfRangeMinutes: [20, 180]
///   duplicateDelivery: "1/20"
/// ```
///
/// ## Laws
/// - Loading never traps: any text loads or throws a ``ScenarioError`` (property-tested with
///   random bytes and random YAML-shaped text).
/// - A loaded scenario satisfies ``Scenario``'s laws: every field within its documented range,
///   `sleepHour > wakeHour`, travel in time order, `start` a date that exists in `zone`, a
///   `storeMove` only with the steps domain, and a script in order (``Script``'s laws).
/// - ``ScenarioWriter`` writes what it reads: loading a written scenario gives it back.
public enum ScenarioLoader {
  /// The most bytes of UTF-8 a scenario file may hold.
  public static let textLengthMax = 256 * 1024

  /// The scenario in `text`; `source` names the text in errors (a path, or a label in tests).
  ///
  /// - Throws: a ``ScenarioError`` naming the first problem in file order.
  public static func load(yaml text: String, source: String) throws(ScenarioError) -> Scenario {
    let byteCount = text.utf8.count
    guard byteCount <= textLengthMax else {
      throw .tooLarge(source: source, byteCount: byteCount, limit: textLengthMax)
    }
    let root = try compose(text, source: source)
    guard case .mapping = root else {
      throw .topLevelNotMapping(
        source: source, line: root.mark?.line ?? 1, found: ScenarioReader.shape(of: root))
    }
    return try ScenarioReader(source: source).scenario(from: root)
  }

  /// The scenario in the file at `path`; errors name the path as their source.
  ///
  /// - Throws: ``ScenarioError/fileNotFound(path:)`` when nothing is at `path`,
  ///   ``ScenarioError/unreadableFile(path:reason:)`` for a directory, an unreadable file or a
  ///   file that is not UTF-8, and any error of ``load(yaml:source:)``.
  public static func load(fileAt path: String) throws(ScenarioError) -> Scenario {
    try load(yaml: try readText(at: path), source: path)
  }

  // MARK: Built in

  /// What errors call the scenarios built into the binary, where they name a folder otherwise.
  public static let builtInLabel = "the built-in scenarios"

  /// The names of the scenarios built into the binary, sorted: the files of `Simulations/` as
  /// they were when it was built (see ``builtIn(named:)``).
  public static var builtInNames: [String] { builtInTexts.map(\.name).sorted() }

  /// The text of the built-in scenario `name`: byte for byte `Simulations/<name>.yaml` when the
  /// binary was built (`make scenarios` regenerates the embedded copy, and a test fails when it
  /// differs from the files).
  public static func builtInText(named name: String) -> String? {
    builtInTexts.first { $0.name == name }?.text
  }

  /// The built-in scenario `name`, from the text built into the binary: the same scenario on any
  /// machine and from any working directory, with no `Simulations/` folder at hand. Errors name
  /// its source as `Simulations/<name>.yaml`, the file it was built from.
  ///
  /// ```swift
  /// let scenario = try ScenarioLoader.builtIn(named: "travel")
  /// ```
  ///
  /// - Throws: ``ScenarioError/unknownScenario(name:directory:available:)`` naming
  ///   ``builtInLabel`` and listing ``builtInNames`` when there is no such scenario (a built-in
  ///   scenario always loads: a test loads each one).
  public static func builtIn(named name: String) throws(ScenarioError) -> Scenario {
    guard let text = builtInText(named: name) else {
      throw .unknownScenario(name: name, directory: builtInLabel, available: builtInNames)
    }
    return try load(yaml: text, source: joined("Simulations", name + ".yaml"))
  }

  // MARK: Folders

  /// The scenario `name`, read from `directory/name.yaml`.
  ///
  /// A `name` ending in `.yaml` is a path: it is read as given, or from `directory` when it has no
  /// `/` and is not found as given.
  ///
  /// - Throws: ``ScenarioError/unknownScenario(name:directory:available:)`` listing
  ///   ``availableScenarios(in:)`` when there is no such scenario, and any error of
  ///   ``load(fileAt:)``.
  public static func builtIn(
    named name: String, in directory: String
  ) throws(ScenarioError)
    -> Scenario
  {
    let files = FileManager.default
    if name.hasSuffix(".yaml") {
      let inDirectory = joined(directory, name)
      if !files.fileExists(atPath: name), !name.contains("/"), files.fileExists(atPath: inDirectory) {
        return try load(fileAt: inDirectory)
      }
      return try load(fileAt: name)
    }
    let path = joined(directory, name + ".yaml")
    guard !name.isEmpty, !name.contains("/"), !name.hasPrefix("."), files.fileExists(atPath: path)
    else {
      throw .unknownScenario(
        name: name, directory: directory, available: availableScenarios(in: directory))
    }
    return try load(fileAt: path)
  }

  /// The names of the scenarios in `directory` (its `*.yaml` files without the extension),
  /// sorted; empty when the directory cannot be listed.
  public static func availableScenarios(in directory: String) -> [String] {
    let names: [String]
    do {
      names = try FileManager.default.contentsOfDirectory(
        atPath: directory.isEmpty ? "." : directory)
    } catch {
      // A missing or unreadable directory has no scenarios; builtIn(named:in:) reports the name.
      return []
    }
    return names.filter { $0.hasSuffix(".yaml") && !$0.hasPrefix(".") && $0.count > 5 }
      .map { String($0.dropLast(5)) }
      .sorted()
  }

  // MARK: Files

  static func joined(_ directory: String, _ file: String) -> String {
    if directory.isEmpty { return file }
    return directory.hasSuffix("/") ? directory + file : directory + "/" + file
  }

  static func readText(at path: String) throws(ScenarioError) -> String {
    let files = FileManager.default
    var isDirectory: ObjCBool = false
    guard files.fileExists(atPath: path, isDirectory: &isDirectory) else {
      throw .fileNotFound(path: path)
    }
    guard !isDirectory.boolValue else {
      throw .unreadableFile(path: path, reason: "it is a directory")
    }
    if let size = fileSize(at: path), size > textLengthMax {
      throw .tooLarge(source: path, byteCount: size, limit: textLengthMax)
    }
    guard let data = files.contents(atPath: path) else {
      throw .unreadableFile(path: path, reason: "it cannot be opened for reading")
    }
    guard data.count <= textLengthMax else {
      throw .tooLarge(source: path, byteCount: data.count, limit: textLengthMax)
    }
    guard let text = String(validating: data, as: UTF8.self) else {
      throw .unreadableFile(path: path, reason: "it is not UTF-8 text")
    }
    return text
  }

  /// The size the file system reports, if it reports one; the read checks the size again.
  static func fileSize(at path: String) -> Int? {
    do {
      let attributes = try FileManager.default.attributesOfItem(atPath: path)
      return (attributes[.size] as? NSNumber)?.intValue
    } catch {
      return nil
    }
  }
}
