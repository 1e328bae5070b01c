import Foundation
import GlanceKernel
import GlanceSimulation
import Testing

/// The scenario files shipped in `Simulations/`.
@Suite("Scenario files")
struct ScenarioFilesTests {
  /// `…/Simulations`, found from this file's path (`…/Tests/GlanceSimulationTests/Scenario/`).
  static let directory = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("Simulations").path

  static let shipped = [
    "default", "no-midnight", "store-locks", "store-move", "store-move-widget-first", "travel", "year-end",
  ]

  static func load(_ name: String) throws -> Scenario {
    try ScenarioLoader.builtIn(named: name, in: directory)
  }

  @Test("the directory lists exactly the shipped scenarios, sorted")
  func listsShippedScenarios() {
    #expect(ScenarioLoader.availableScenarios(in: Self.directory) == Self.shipped)
  }

  @Test("the scenarios built into simulate are the files of Simulations/, byte for byte (else run `make scenarios`)")
  func builtInCopiesMatchTheFiles() throws {
    #expect(ScenarioLoader.builtInNames == ScenarioLoader.availableScenarios(in: Self.directory), "run `make scenarios`")
    for name in ScenarioLoader.availableScenarios(in: Self.directory) {
      let file = try Data(contentsOf: URL(fileURLWithPath: Self.directory + "/\(name).yaml"))
      let embedded = try #require(ScenarioLoader.builtInText(named: name), "\(name).yaml is not built in: run `make scenarios`")
      #expect(Data(embedded.utf8) == file, "the built-in \(name) differs from Simulations/\(name).yaml: run `make scenarios`")
    }
  }

  @Test("a built-in scenario loads as its file does", arguments: shipped)
  func builtInLoadsAsTheFile(name: String) throws {
    #expect(try ScenarioLoader.builtIn(named: name) == Self.load(name))
  }

  @Test("an unknown built-in name lists the built-in scenarios")
  func unknownBuiltIn() {
    #expect(throws: ScenarioError.unknownScenario(name: "atlantis", directory: ScenarioLoader.builtInLabel, available: Self.shipped)) {
      try ScenarioLoader.builtIn(named: "atlantis")
    }
  }

  @Test("every shipped file loads, is named after its file and explains itself", arguments: shipped)
  func everyFileLoads(name: String) throws {
    let scenario = try Self.load(name)
    #expect(scenario.name == name)
    #expect(!scenario.summary.isEmpty)
    let text = try String(contentsOfFile: Self.directory + "/\(name).yaml", encoding: .utf8)
    #expect(text.hasPrefix("# \(name) — "), "the file starts with a header comment")
    // Every key line is preceded by a comment line saying what it means.
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    for (index, line) in lines.enumerated() where Self.isKeyLine(line) {
      let previous = lines[index - 1].trimmingCharacters(in: .whitespaces)
      #expect(previous.hasPrefix("#"), "\(name).yaml:\(index + 1) has no comment: \(line)")
    }
  }

  /// `key:` lines at the start of a mapping entry, not continuation lines or later travel fields.
  static func isKeyLine(_ line: Substring) -> Bool {
    let trimmed = line.drop { $0 == " " }
    guard let colon = trimmed.firstIndex(of: ":"), colon > trimmed.startIndex,
      trimmed[..<colon].allSatisfy({ $0.isASCII && $0.isLetter })
    else { return false }
    // A travel item's later entries (`    hour: 20`) are described by the item's comment.
    return !(line.hasPrefix("    ") && ["hour:", "zone:"].contains { trimmed.hasPrefix($0) })
  }

  @Test("default.yaml has the documented values")
  func defaultValues() throws {
    let scenario = try Self.load("default")
    #expect(scenario.zone == "Europe/Zurich")
    #expect(scenario.start == (try CivilDate(year: 2026, month: 3, day: 10)))
    #expect(scenario.domains == [.tally, .steps, .budget])
    #expect(scenario.payDay == 27)
    #expect(scenario.refreshBudget == 70)
    #expect(scenario.workload.lateNightTaps)
    #expect(scenario.workload.busyDays == [10])
    #expect(scenario.faults.appKillsPerDay >= 1)
    #expect(scenario.faults.watchOutOfRangePerDay >= 1)
    #expect(scenario.faults.watchOutOfRangeMinutes == 20...180)
    #expect(scenario.faults.duplicateDelivery == Chance(numerator: 1, denominator: 20))
    #expect(scenario.travel.isEmpty)
    // Every fault kind of the world, the store move's interruption included.
    #expect(scenario.storeMove == StoreMove(day: 1, copyFails: false, widgetOpensFirst: false, interruptedBefore: .copyWAL))
    let faults = scenario.faults
    #expect(
      [faults.widgetKillsPerDay, faults.watchKillsPerDay, faults.storeWriteFailuresPerDay, faults.corruptedDefaultsPerDay]
        .allSatisfy { $0 >= 1 })
    #expect(faults.messageFailure.numerator > 0 && faults.replyTimeout.numerator > 0)
  }

  @Test("default.yaml's 30 days hold the pay-day boundary, the month end and the DST change")
  func defaultCalendar() throws {
    let scenario = try Self.load("default")
    let calendar = try ZoneCalendar(identifier: scenario.zone)
    let days = (0..<30).map { scenario.start.adding(days: Int64($0)) }
    #expect(days.contains(try CivilDate(year: 2026, month: 3, day: scenario.payDay)))
    #expect(days.contains(try CivilDate(year: 2026, month: 3, day: 31)))
    #expect(days.contains(try CivilDate(year: 2026, month: 4, day: 1)))
    let dst = try #require(calendar.dayInterval(of: try CivilDate(year: 2026, month: 3, day: 29)))
    #expect(dst.durationMilliseconds == 23 * Instant.millisecondsPerHour)
    #expect(days.contains(dst.date))
    #expect(scenario.workload.busyDays.allSatisfy { (0..<30).contains($0) })
  }

  @Test("no-midnight.yaml plays a day that starts at 01:00 local")
  func noMidnightDay() throws {
    let scenario = try Self.load("no-midnight")
    #expect(scenario.zone == "America/Santiago")
    #expect(scenario.domains == [.tally, .steps])
    let calendar = try ZoneCalendar(identifier: scenario.zone)
    let day = try #require(calendar.dayInterval(of: try CivilDate(year: 2026, month: 9, day: 6)))
    let localStart = day.start.secondsSince1970 + calendar.utcOffsetSeconds(at: day.start)
    #expect(((localStart % 86_400) + 86_400) % 86_400 == 3600, "the day starts at 01:00")
    #expect(day.durationMilliseconds == 23 * Instant.millisecondsPerHour)
    #expect(scenario.start <= day.date && day.date < scenario.start.adding(days: 7))
  }

  @Test("travel.yaml crosses the date line and comes back within a week")
  func travelWeek() throws {
    let scenario = try Self.load("travel")
    #expect(scenario.zone == "Pacific/Auckland")
    #expect(scenario.domains == [.tally, .steps])
    #expect(scenario.travel.map(\.zone) == ["America/Los_Angeles", "Pacific/Auckland"])
    #expect(scenario.travel.allSatisfy { $0.day < 7 })
  }

  @Test("year-end.yaml plays the budget across 27 and 31 December")
  func yearEnd() throws {
    let scenario = try Self.load("year-end")
    #expect(scenario.domains == [.budget])
    #expect(scenario.payDay == 27)
    #expect(scenario.zone == "Europe/Zurich")
    #expect(scenario.start == (try CivilDate(year: 2026, month: 12, day: 15)))
  }

  @Test("the store-move scenarios play one BabySteps fault each")
  func storeMoves() throws {
    let copyFails = try Self.load("store-move")
    #expect(copyFails.domains == [.steps])
    #expect(copyFails.storeMove == StoreMove(day: 3, copyFails: true, widgetOpensFirst: false))
    let widgetFirst = try Self.load("store-move-widget-first")
    #expect(widgetFirst.storeMove == StoreMove(day: 3, copyFails: false, widgetOpensFirst: true))
  }

  @Test("a name ending in .yaml is a path, in the directory or as given")
  func pathNames() throws {
    #expect(try ScenarioLoader.builtIn(named: "travel.yaml", in: Self.directory).name == "travel")
    let path = Self.directory + "/year-end.yaml"
    #expect(try ScenarioLoader.builtIn(named: path, in: "/nonexistent").name == "year-end")
    #expect(try ScenarioLoader.load(fileAt: path).name == "year-end")
  }

  @Test("an unknown name lists the available scenarios")
  func unknownName() {
    #expect(
      throws: ScenarioError.unknownScenario(
        name: "nope", directory: Self.directory, available: Self.shipped)
    ) {
      try ScenarioLoader.builtIn(named: "nope", in: Self.directory)
    }
    #expect(
      throws: ScenarioError.unknownScenario(
        name: "../default", directory: Self.directory, available: Self.shipped)
    ) {
      try ScenarioLoader.builtIn(named: "../default", in: Self.directory)
    }
    #expect(ScenarioLoader.availableScenarios(in: "/nonexistent/glance") == [])
  }

  @Test("a missing file, a directory and a non-UTF-8 file are typed errors naming the path")
  func unreadableFiles() throws {
    #expect(throws: ScenarioError.fileNotFound(path: "/nonexistent/glance.yaml")) {
      try ScenarioLoader.load(fileAt: "/nonexistent/glance.yaml")
    }
    #expect(throws: ScenarioError.unreadableFile(path: Self.directory, reason: "it is a directory")) {
      try ScenarioLoader.load(fileAt: Self.directory)
    }
    #expect(throws: ScenarioError.fileNotFound(path: "missing.yaml")) {
      try ScenarioLoader.builtIn(named: "missing.yaml", in: Self.directory)
    }
    let temporary = FileManager.default.temporaryDirectory
      .appendingPathComponent("glance-scenario-\(ProcessInfo.processInfo.processIdentifier).yaml")
    try Data([0x6E, 0x61, 0x6D, 0x65, 0x3A, 0x20, 0xFF, 0xFE]).write(to: temporary)
    defer { _ = try? FileManager.default.removeItem(at: temporary) }
    #expect(
      throws: ScenarioError.unreadableFile(path: temporary.path, reason: "it is not UTF-8 text")
    ) {
      try ScenarioLoader.load(fileAt: temporary.path)
    }
  }
}
