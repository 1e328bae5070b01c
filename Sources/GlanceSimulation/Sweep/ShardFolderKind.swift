import Foundation

/// What a shard folder holds, as its `shard.json` says: a sweep's lines, or an exploration's
/// figures (a manifest with `"kind": "explore"`; a sweep's manifest has no kind, as before
/// explorations had folders).
///
/// ## Laws
/// - The kind is read from the manifest alone, before anything else of the folder.
/// - ``of(all:)`` gives one kind for folders that all hold it, and refuses a mix, naming each
///   kind's folders.
public enum ShardFolderKind: Hashable, Sendable {
  case sweep
  case exploration

  /// The `kind` an exploration's manifest holds.
  public static let explorationKind = "explore"

  /// Only the kind of a manifest.
  private struct Probe: Decodable {
    let kind: String?
  }

  /// The kind of the folder at `folder`.
  ///
  /// - Throws: ``SweepError/notASweepFolder(path:)`` without a `shard.json`,
  ///   ``SweepError/malformedManifest(path:reason:)`` when it is not JSON or names another kind.
  public static func of(_ folder: String) throws(SweepError) -> ShardFolderKind {
    let path = (folder as NSString).appendingPathComponent(SweepFolder.manifestFile)
    guard FileManager.default.fileExists(atPath: path) else { throw .notASweepFolder(path: folder) }
    let data = try SweepFolder.contents(path)
    let probe: Probe
    do {
      probe = try JSONDecoder().decode(Probe.self, from: data)
    } catch {
      throw .malformedManifest(path: path, reason: "\(error)")
    }
    switch probe.kind {
    case nil: return .sweep
    case explorationKind: return .exploration
    case let other?: throw .malformedManifest(path: path, reason: "kind \(other); this binary reads sweeps and \(explorationKind)")
    }
  }

  /// The one kind of every folder of `folders`.
  ///
  /// - Throws: ``SweepError/nothingToMerge`` for no folder, ``SweepError/mixedKinds(sweeps:explorations:)``
  ///   for both kinds, and what ``of(_:)`` throws for a folder.
  public static func of(all folders: [String]) throws(SweepError) -> ShardFolderKind {
    guard !folders.isEmpty else { throw .nothingToMerge }
    var sweeps: [String] = []
    var explorations: [String] = []
    for folder in folders {
      switch try of(folder) {
      case .sweep: sweeps.append(folder)
      case .exploration: explorations.append(folder)
      }
    }
    guard sweeps.isEmpty || explorations.isEmpty else { throw .mixedKinds(sweeps: sweeps, explorations: explorations) }
    return sweeps.isEmpty ? .exploration : .sweep
  }
}
