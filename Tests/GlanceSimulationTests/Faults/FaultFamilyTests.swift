import GlanceKernel
@testable import GlanceSimulation
import Testing

/// The seam of the fault families (CONTRIBUTING.md, *Fault families*): each family is declared
/// once, and the reader, the writer, the generator, the planner, the engine and the shrinker go
/// through ``FaultFamily/all``.
@Suite("Fault families")
struct FaultFamilyTests {
  static let start = Instant(millisecondsSince1970: 1_773_100_800_000)  // 2026-03-10T00:00:00.000Z

  static func at(minutes: Int64) -> Instant { start.advanced(by: minutes * Instant.millisecondsPerMinute) }

  @Test("each family is listed once; kinds, scenario keys and script keys are distinct, and the kinds are FaultKind's")
  func familiesAreDistinct() {
    let names = FaultFamily.all.map(\.name)
    #expect(Set(names).count == names.count, "\(names)")
    let kinds = FaultFamily.all.flatMap(\.kinds)
    #expect(Set(kinds).count == kinds.count, "\(kinds)")
    #expect(Set(kinds).isSubset(of: Set(FaultKind.allCases)))
    let keys = FaultFamily.settings.map(\.key)
    #expect(Set(keys).count == keys.count, "\(keys)")
    let scriptKeys = FaultFamily.scripts.map(\.key)
    #expect(Set(scriptKeys).count == scriptKeys.count && !scriptKeys.contains("actions"), "\(scriptKeys)")
    // Every scenario key and script key is found by its own key, in its own family.
    for family in FaultFamily.all {
      for setting in family.settings { #expect(FaultFamily.setting(forKey: setting.key)?.key == setting.key) }
      if let script = family.script { #expect(FaultFamily.script(forKey: script.key)?.key == script.key) }
    }
    #expect(FaultFamily.setting(forKey: "kills") == nil && FaultFamily.script(forKey: "appKillsPerDay") == nil)
  }

  @Test("the families' order is the schema's: the faults section's keys, then the script's lists")
  func orderIsTheSchemas() {
    #expect(
      ScenarioReader.faultsKeys == [
        "appKillsPerDay", "watchOutOfRangePerDay", "watchOutOfRangeMinutes", "duplicateDelivery", "lateFiringSecondsMax",
        "widgetKillsPerDay", "watchKillsPerDay", "messageFailure", "replyTimeout", "storeWriteFailuresPerDay",
        "corruptedDefaultsPerDay", "storeBusyPerDay", "storeBusySeconds",
      ])
    #expect(
      ScenarioReader.scriptKeys == [
        "actions", "kills", "outOfRange", "widgetKills", "watchKills", "storeWriteFailures", "corruptedDefaults", "storeBusy",
      ])
    #expect(
      ScenarioReader.scriptExpectation
        == "a mapping of actions, kills, outOfRange, widgetKills, watchKills, storeWriteFailures, corruptedDefaults and storeBusy")
    #expect(ScenarioGenerator.version == 4)
  }

  @Test("every default and every typical range the generator draws from lies within its setting's bounds")
  func defaultsWithinBounds() {
    let defaults = Faults()
    for setting in FaultFamily.settings {
      switch setting.value {
      case .integer(let path, let bounds, let typical):
        #expect(bounds.contains(defaults[keyPath: path]) && bounds.clamped(to: typical) == typical, "\(setting.key)")
      case .range(let path, let bounds, let typicalLow, let typicalHigh):
        let range = defaults[keyPath: path]
        #expect(bounds.contains(range.lowerBound) && bounds.contains(range.upperBound), "\(setting.key)")
        #expect(bounds.clamped(to: typicalLow) == typicalLow && bounds.clamped(to: typicalHigh) == typicalHigh, "\(setting.key)")
      case .chance: break
      }
    }
  }

  /// Faults with every setting away from its default: the upper bound, `[1, 1440]`, or `1/3`.
  static var everySettingChanged: Faults {
    var faults = Faults()
    for setting in FaultFamily.settings {
      switch setting.value {
      case .integer(let path, let bounds, _): faults[keyPath: path] = bounds.upperBound
      case .range(let path, let bounds, _, _): faults[keyPath: path] = bounds
      case .chance(let path): faults[keyPath: path] = Chance(numerator: 1, denominator: 3)
      }
    }
    return faults
  }

  /// A script with two entries in every family's list (spells overlapping).
  static var everyListFilled: Script {
    var script = Script(actions: [ScriptedAction(at: at(minutes: 1), kind: .widgetTap)])
    for (index, fault) in FaultFamily.scripts.enumerated() {
      let minute = Int64(10 * (index + 1))
      switch fault.entries {
      case .instants(let path, _, _, _): script.faultPlan[keyPath: path] = [at(minutes: minute), at(minutes: minute + 1)]
      case .spells(let path, _, _, _):
        script.faultPlan[keyPath: path] = [
          OutOfRangeSpell(from: at(minutes: minute), until: at(minutes: minute + 30)),
          OutOfRangeSpell(from: at(minutes: minute + 5), until: at(minutes: minute + 40)),
        ]
      }
    }
    return script
  }

  @Test("a scenario with every family's settings and script entries written, then read back, is the same")
  func roundTrip() throws {
    var scenario = Scenario(name: "families", start: try CivilDate(year: 2026, month: 3, day: 10), domains: [.tally])
    scenario.faults = Self.everySettingChanged
    scenario.script = Self.everyListFilled
    #expect(Self.everySettingChanged != Faults(), "every setting changed")
    let yaml = ScenarioWriter.yaml(scenario)
    for key in ScenarioReader.faultsKeys + ScenarioReader.scriptKeys {
      #expect(yaml.contains("  \(key): ") || yaml.contains("  \(key):\n"), "\(key)")
    }
    #expect(try ScenarioLoader.load(yaml: yaml, source: "families.yaml") == scenario)
    #expect(scenario.script?.eventCount == 1 + 2 * FaultFamily.scripts.count)
  }

  @Test("changing one family's settings changes its own plan and no other family's")
  func plansAreIndependent() throws {
    let calendar = try ZoneCalendar(identifier: "Europe/Zurich")
    let itinerary = Itinerary(staying: calendar, from: Self.start)
    var end = Self.start
    for _ in 0..<10 { end = itinerary.nextRollover(after: end) }
    let days = itinerary.days(from: Self.start, until: end)
    let base = FaultPlanner.plan(faults: Faults(), days: days, seed: 42)
    #expect(base.entryCount > 0)
    for family in FaultFamily.all {
      guard let script = family.script else { continue }
      var faults = Faults()
      for setting in family.settings {
        if case .integer(let path, let bounds, _) = setting.value { faults[keyPath: path] = bounds.upperBound }
      }
      let changed = FaultPlanner.plan(faults: faults, days: days, seed: 42)
      for other in FaultFamily.scripts {
        let same: Bool
        switch other.entries {
        case .instants(let path, _, _, _): same = changed[keyPath: path] == base[keyPath: path]
        case .spells(let path, _, _, _): same = changed[keyPath: path] == base[keyPath: path]
        }
        #expect(same == (other.key != script.key), "\(family.name): \(other.key)")
      }
    }
  }

  @Test("the plan's timed events: one per instant before the end, armed faults first, then the spells' changes")
  func timedEvents() {
    let script = Self.everyListFilled
    let end = Self.at(minutes: 61)  // The last instant list's second entry (minute 61) is not played.
    let events = script.faultPlan.timedEvents(from: Self.start, until: end)
    let instants = FaultFamily.scripts.filter { if case .instants = $0.entries { true } else { false } }.count
    #expect(FaultFamily.scripts.count - instants == 2, "two families of spells: out of range, then busy store locks")
    let arming = events.prefix(2 * instants - 1)
    #expect(arming.allSatisfy { $0.event.isPlanned } && arming.count == 2 * instants - 1)
    #expect(arming.map(\.time) == [10, 11, 30, 31, 40, 41, 50, 51, 60].map { Self.at(minutes: $0) })
    // The spells 20–50 and 25–60 overlap: the watch leaves once, at 20, and an end is queued at
    // each spell's end (min'd with the end of the run), as the engine always queued them. The
    // busy spells (70–100, 75–110) begin at or after the end: none is queued.
    let changes = events.dropFirst(2 * instants - 1)
    #expect(changes.map(\.time) == [20, 50, 60].map { Self.at(minutes: $0) })
    let reachable = changes.map { change -> Bool? in
      guard case .reachability(let reachable) = change.event else { return nil }
      return reachable
    }
    #expect(reachable == [false, true, true])
  }

  @Test("the shrinker's script resets the scripted families' settings, and keeps those a script still uses")
  func scriptedResetsRates() throws {
    var scenario = Scenario(name: "families", start: try CivilDate(year: 2026, month: 3, day: 10), domains: [.tally])
    scenario.faults = Self.everySettingChanged
    let scripted = try Shrinker.scripted(SimulationRequest(scenario: scenario, days: 2, seed: 42))
    let defaults = Faults()
    for family in FaultFamily.all {
      for setting in family.settings {
        let reset = setting.agrees(scripted.faults, with: defaults)
        #expect(reset == (family.script != nil), "\(setting.key)")
      }
    }
  }
}
