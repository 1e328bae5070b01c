import ArgumentParser
import Foundation
import GlanceSimulation

/// What `explore --out` and `merge` of an exploration's shards share: writing an exploration's
/// folder into `--out` (never over another scenario's of the same name), and the lines they
/// print about it.
enum ExploreFolders {
  /// Writes the folder of `figures`, explored as `manifest` says, into `out` and returns it.
  ///
  /// Exits 64 when `out` holds that folder for another scenario of the same name, 74 (naming
  /// the folder and the system's reason) when it cannot be written.
  @discardableResult
  static func write(_ manifest: ExplorationManifest, figures: ExplorationFigures, into out: String) throws(ExitCode) -> String {
    let folder = (out as NSString).appendingPathComponent(ExplorationFolder.defaultName(manifest))
    try ReportFolders.checkShardOwner(
      of: folder, kind: "exploration", scenario: manifest.scenario, reference: manifest.scenarioReference,
      digest: manifest.scenarioDigest)
    do {
      try ExplorationFolder.write(manifest, figures: figures, into: folder)
    } catch {
      printError("cannot write the exploration into \(folder): \(OutputFolder.reason(of: error))")
      throw .ioFailure
    }
    print("  report: \(folder)/\(ExplorationFolder.reportFile)")
    return folder
  }

  /// `simulate merge` of the folders of an exploration's shards: writes the whole exploration's
  /// folder into `out`, prints its figures, and exits 1 when a design expected to converge broke
  /// an invariant.
  static func merge(_ folders: [String], into out: String) throws(ExitCode) {
    let merged = try MergeCommand.checked { () throws(SweepError) in try ExplorationFolder.merge(folders) }
    try OutputFolder.prepare(out)
    let figures = merged.figures
    print(
      "merged: \(folders.count) shards of \(figures.design) (\(figures.domain.rawValue)), \(figures.moves) moves: "
        + "\(figures.plans) plans, \(figures.schedules) schedules, \(figures.choicePoints) choice points, \(figures.statesPhrase)")
    try write(merged.manifest, figures: figures, into: out)
    if let (plan, violation) = figures.counterexample {
      print("  violated in \(figures.violatingPlansPhrase); first at plan \(plan), schedule \(violation.schedule)")
    } else {
      print("  every invariant held")
    }
    if figures.failsExpectation { throw ExitCode.invariantBroken }
  }
}
