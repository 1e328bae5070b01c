import ArgumentParser
import Foundation
import GlanceSimulation

/// Writing a run's or a sweep's folder into `--out` without ever replacing another scenario's.
///
/// A folder is named after the scenario's `name` (`x-seed42-days30`, `sweep-x-seeds1-100-days30`),
/// so two different scenarios that share a name would share a folder. Before writing, the folder's
/// existing report is checked: a run replaces a report of the same scenario (the same `--scenario`
/// reference, or one that loads to an equal scenario), a sweep a sweep of the same reference or
/// whose `shard.json` has the same scenario digest. Anything else is refused with exit 64, naming both scenarios' sources;
/// nothing is written.
enum ReportFolders {
  /// Writes `report` into `out/<directoryName>/` and returns that folder.
  ///
  /// Exits 64 when the folder holds another scenario's report, 74 (naming the folder and the
  /// system's reason) when it cannot be written.
  static func write(_ report: Report, into out: String) throws(ExitCode) -> String {
    let folder = (out as NSString).appendingPathComponent(report.directoryName)
    try checkReportOwner(of: folder, for: report)
    do {
      return try report.write(into: out)
    } catch {
      printError("cannot write the report into \(folder): \(OutputFolder.reason(of: error))")
      throw .ioFailure
    }
  }

  /// What `report.json` says of the scenario it was made from (its header).
  private struct ExistingReport: Decodable {
    struct Header: Decodable {
      let scenario: String
      let scenarioReference: String
      let seed: UInt64
    }
    let header: Header
  }

  /// Exits 64 when `folder` holds the report of a scenario other than `report`'s.
  static func checkReportOwner(of folder: String, for report: Report) throws(ExitCode) {
    let path = (folder as NSString).appendingPathComponent("report.json")
    // No report there (or not one this binary can read): nothing to protect.
    guard let data = FileManager.default.contents(atPath: path),
      let existing = try? JSONDecoder().decode(ExistingReport.self, from: data)
    else { return }
    let header = existing.header
    // The same source again is a rerun (of a scenario perhaps edited since): it replaces its report.
    guard header.scenarioReference != report.scenarioReference else { return }
    let ours = report.outcome.request.scenario
    if let theirs = scenario(header.scenarioReference, seed: header.seed), theirs == ours { return }
    printError(
      "\(folder) holds the report of the scenario \(header.scenario) from \(header.scenarioReference); "
        + "this run's scenario \(ours.name) from \(report.scenarioReference) is another scenario of the same name. "
        + "Rename one of them (its name:), or choose another --out.")
    throw .usage
  }

  /// The scenario a report's `scenarioReference` names, when it can still be loaded.
  static func scenario(_ reference: String, seed: UInt64) -> Scenario? {
    if reference == ScenarioGenerator.reference { return ScenarioGenerator.scenario(seed: seed) }
    if reference.hasSuffix(".yaml") { return try? ScenarioLoader.load(fileAt: reference) }
    return try? ScenarioLoader.builtIn(named: reference)
  }

  /// Exits 64 when `folder` holds a sweep of a scenario other than `manifest`'s: another
  /// reference, and another digest of every field (which `shard.json` records).
  static func checkSweepOwner(of folder: String, for manifest: SweepManifest) throws(ExitCode) {
    try checkShardOwner(
      of: folder, kind: "sweep", scenario: manifest.scenario, reference: manifest.scenarioReference, digest: manifest.scenarioDigest)
  }

  /// What a sweep's or an exploration's `shard.json` says of its scenario.
  private struct ExistingShard: Decodable {
    let scenario: String
    let scenarioReference: String
    let scenarioDigest: String
  }

  /// Exits 64 when `folder` holds a `kind` (`sweep`, `exploration`) of a scenario other than
  /// `scenario` from `reference` with `digest`: another reference, and another digest.
  static func checkShardOwner(of folder: String, kind: String, scenario: String, reference: String, digest: String) throws(ExitCode) {
    let path = (folder as NSString).appendingPathComponent(SweepFolder.manifestFile)
    guard let data = FileManager.default.contents(atPath: path),
      let existing = try? JSONDecoder().decode(ExistingShard.self, from: data),
      existing.scenarioDigest != digest, existing.scenarioReference != reference
    else { return }
    printError(
      "\(folder) holds \(kind.hasPrefix("e") ? "an" : "a") \(kind) of the scenario \(existing.scenario) from \(existing.scenarioReference); "
        + "this \(kind)'s scenario \(scenario) from \(reference) is another scenario of the same name. "
        + "Rename one of them (its name:), or choose another --out.")
    throw .usage
  }
}
