import GlanceKernel

/// Writes a ``Scenario`` as a scenario file: what ``Shrinker`` saves so that `simulate --scenario`
/// replays a shrunk failure.
///
/// The file starts with the caller's comment lines, then `name`, `summary` (when not empty),
/// `zone`, `start` and `domains`, then every other key only where the scenario differs from the
/// model's defaults (`seed`, `days` and `script` when set). Texts are double-quoted with YAML
/// escapes, so any name, summary or zone reads back as written; instants are written as
/// `Instant.description` writes them.
///
/// ```yaml
/// # Shrunk from default (seed 42, 30 days) …
///
/// name: "default-mirrorsmoker-legacy-rollover"
/// zone: "Europe/Zurich"
/// start: 2026-03-18
/// domains: [tally]
/// seed: 42
/// days: 1
/// script:
///   actions:
///     - {at: 2026-03-18T22:57:13.470Z, kind: widgetTap}
///   kills: []
///   outOfRange: []
///   widgetKills: []
///   watchKills: []
///   storeWriteFailures: []
///   corruptedDefaults: []
///   storeBusy: []
/// ```
///
/// ## Laws
/// - Round trip: `ScenarioLoader.load(yaml: ScenarioWriter.yaml(s, header: h), source: x) == s`
///   for every scenario `s` the loader can produce and every header `h` (property-tested over
///   generated scenarios with scripts, seeds, travel and store moves). The loader never produces
///   a text that starts with U+FEFF (Yams drops a leading byte-order mark from every scalar), so
///   such a summary, set in code, reads back without it.
/// - Deterministic: the text depends only on the arguments (no dictionary order, no clock).
/// - Every header line becomes one comment line (`# …`); line breaks inside a header line start a
///   new comment line, and control characters are escaped, so a header never changes what loads.
public enum ScenarioWriter {
  /// The scenario as YAML, after `header` as comment lines and a blank line (no blank line when
  /// the header is empty).
  public static func yaml(_ scenario: Scenario, header: [String] = []) -> String {
    var lines: [String] = []
    for line in header {
      for piece in line.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline) {
        let text = comment(String(piece))
        lines.append(text.isEmpty ? "#" : "# " + text)
      }
    }
    if !lines.isEmpty { lines.append("") }
    lines.append("name: " + quoted(scenario.name))
    if !scenario.summary.isEmpty { lines.append("summary: " + quoted(scenario.summary)) }
    lines.append("zone: " + quoted(scenario.zone))
    lines.append("start: \(scenario.start)")
    lines.append("domains: [" + scenario.domains.map(\.rawValue).joined(separator: ", ") + "]")
    let defaults = Scenario(name: scenario.name, start: scenario.start)
    if scenario.payDay != defaults.payDay { lines.append("payDay: \(scenario.payDay)") }
    if scenario.refreshBudget != defaults.refreshBudget {
      lines.append("refreshBudget: \(scenario.refreshBudget)")
    }
    if let seed = scenario.seed { lines.append("seed: \(seed)") }
    if let days = scenario.days { lines.append("days: \(days)") }
    if let minutes = scenario.aroundBoundaryMinutes { lines.append("aroundBoundaryMinutes: \(minutes)") }
    lines += section("workload", workload(scenario.workload))
    lines += section("faults", faults(scenario.faults))
    if !scenario.travel.isEmpty {
      lines.append("travel:")
      for change in scenario.travel {
        lines.append("  - {day: \(change.day), hour: \(change.hour), zone: \(quoted(change.zone))}")
      }
    }
    if let move = scenario.storeMove {
      lines.append(
        "storeMove: {day: \(move.day), "
          + (move.minute == StoreMove.minuteDefault ? "" : "minute: \(move.minute), ")
          + "copyFails: \(move.copyFails), "
          + "widgetOpensFirst: \(move.widgetOpensFirst)"
          + (move.interruptedBefore.map { ", interruptedBefore: \($0.rawValue)" } ?? "") + "}")
    }
    if let script = scenario.script { lines += self.script(script) }
    return lines.joined(separator: "\n") + "\n"
  }

  // MARK: Sections

  /// `key:` and its entries indented, or nothing when there are none.
  static func section(_ key: String, _ entries: [String]) -> [String] {
    entries.isEmpty ? [] : [key + ":"] + entries.map { "  " + $0 }
  }

  /// The workload's entries that differ from the defaults, in schema order.
  static func workload(_ workload: Workload) -> [String] {
    let defaults = Workload()
    var entries: [String] = []
    func add(_ key: String, _ value: Int, _ defaultValue: Int) {
      if value != defaultValue { entries.append("\(key): \(value)") }
    }
    add("wakeHour", workload.wakeHour, defaults.wakeHour)
    add("sleepHour", workload.sleepHour, defaults.sleepHour)
    add("appSessionsPerDay", workload.appSessionsPerDay, defaults.appSessionsPerDay)
    add("tapsPerSession", workload.tapsPerSession, defaults.tapsPerSession)
    add("widgetTapsPerDay", workload.widgetTapsPerDay, defaults.widgetTapsPerDay)
    add("watchTapsPerDay", workload.watchTapsPerDay, defaults.watchTapsPerDay)
    add("deletesPerWeek", workload.deletesPerWeek, defaults.deletesPerWeek)
    add("editsPerWeek", workload.editsPerWeek, defaults.editsPerWeek)
    if workload.lateNightTaps != defaults.lateNightTaps {
      entries.append("lateNightTaps: \(workload.lateNightTaps)")
    }
    if workload.busyDays != defaults.busyDays {
      entries.append("busyDays: [" + workload.busyDays.map(String.init).joined(separator: ", ") + "]")
    }
    return entries
  }

  /// The faults' entries that differ from the defaults, in schema order (``FaultFamily/all``'s).
  static func faults(_ faults: Faults) -> [String] {
    let defaults = Faults()
    return FaultFamily.settings.filter { !$0.agrees(faults, with: defaults) }.map { "\($0.key): \($0.text(in: faults))" }
  }

  /// The script, every list written even when empty (so the file says there is nothing).
  static func script(_ script: Script) -> [String] {
    var lines = ["script:"]
    if script.actions.isEmpty {
      lines.append("  actions: []")
    } else {
      lines.append("  actions:")
      for action in script.actions {
        var entry = "at: \(action.at), kind: \(action.kind.name)"
        if case .appOpen(let minutes, let fromWidget) = action.kind {
          entry += ", minutes: \(minutes)"
          if fromWidget { entry += ", fromWidget: true" }
        }
        lines.append("    - {" + entry + "}")
      }
    }
    for fault in FaultFamily.scripts {
      switch fault.entries {
      case .instants(let path, _, _, _):
        lines.append("  \(fault.key): [" + script.faultPlan[keyPath: path].map(\.description).joined(separator: ", ") + "]")
      case .spells(let path, _, _, _):
        let spells = script.faultPlan[keyPath: path]
        lines.append("  \(fault.key):" + (spells.isEmpty ? " []" : ""))
        for spell in spells { lines.append("    - {from: \(spell.from), until: \(spell.until)}") }
      }
    }
    return lines
  }

  // MARK: Texts

  /// `text` as a YAML double-quoted scalar: `"` and `\` escaped, and every character libyaml
  /// would not take as printable, or would fold as a line break, written as an escape.
  static func quoted(_ text: String) -> String {
    var result = "\""
    for scalar in text.unicodeScalars {
      switch scalar.value {
      case 0x22: result += "\\\""
      case 0x5C: result += "\\\\"
      case 0x09: result += "\\t"
      case 0x0A: result += "\\n"
      case 0x20...0x7E: result.unicodeScalars.append(scalar)
      case 0xA0...0xD7FF where scalar.value != 0x2028 && scalar.value != 0x2029,
        0xE000...0xFFFD where scalar.value != 0xFEFF,
        0x10000...0x10FFFF:
        result.unicodeScalars.append(scalar)
      case 0...0xFF: result += "\\x" + hex(scalar.value, digits: 2)
      default: result += "\\u" + hex(scalar.value, digits: 4)
      }
    }
    return result + "\""
  }

  /// A header line as comment text: printable characters kept, others escaped as `\u{…}`.
  static func comment(_ text: String) -> String {
    var result = ""
    for scalar in text.unicodeScalars {
      let printable =
        (0x20...0x7E).contains(scalar.value) || (0xA0...0xD7FF).contains(scalar.value)
        || (0xE000...0xFFFD).contains(scalar.value) || scalar.value >= 0x10000
      let breaking = [0x2028, 0x2029, 0xFEFF].contains(scalar.value)
      if printable && !breaking {
        result.unicodeScalars.append(scalar)
      } else {
        result += "\\u{" + hex(scalar.value, digits: 1) + "}"
      }
    }
    return result
  }

  /// `value` in upper-case hexadecimal, zero-padded to `digits`.
  static func hex(_ value: UInt32, digits: Int) -> String {
    let text = String(value, radix: 16, uppercase: true)
    return String(repeating: "0", count: max(0, digits - text.count)) + text
  }
}
