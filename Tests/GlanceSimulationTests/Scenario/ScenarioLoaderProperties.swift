import GlanceSimulation
import PropertyBased
import Testing

/// Any text loads or throws a ``ScenarioError``: the loader never traps.
@Suite("Scenario loader properties")
struct ScenarioLoaderProperties {
  /// Pieces of YAML syntax, scenario keys with good and bad values, and hostile bits.
  static let fragments = [
    "name", "start", "zone", "payDay", "refreshBudget", "workload", "faults", "travel", "storeMove",
    "domains", "summary", "wakeHour", "sleepHour", "busyDays", "lateNightTaps", "duplicateDelivery",
    "watchOutOfRangeMinutes", "day", "hour", "copyFails", "widgetOpensFirst", "appKillsPerDay",
    ": ", ":", "\n", "\n  ", "\n    ", "- ", "  - ", "[", "]", "{", "}", ", ", "\"", "'", "#", "? ",
    "&a ", "*a", "*b", "!!str ", "!!int ", "! ", "---\n", "...\n", "%YAML 1.2\n", "|\n  ", ">-\n  ",
    "\t", "\r\n", "\u{0}", "\u{FEFF}", "\u{85}", "\u{2028}", "\\uD800", "\\x41", "<<: ",
    "0", "-1", "1.5", "27", "80", "99999999999999999999", "0x1B", "yes", "no", "true", "false",
    "~", "null", "\"1/20\"", "3/2", "1/0", "[200, 100]", "[20, 180]", "2026-03-10", "2026-02-30",
    "2011-12-30", "Europe/Zurich", "Mars/Base", "Pacific/Apia", "tally", "steps", "budget", "money",
    "default", "../x", "é", "🙂",
    // A shrunk scenario's keys and values.
    "seed", "days", "script", "actions", "kills", "outOfRange", "at", "kind", "minutes", "fromWidget", "from",
    "until", "appOpen", "appTap", "widgetTap", "watchTap", "appDelete", "2026-03-10T13:44:43.020Z",
    "2026-03-10T24:00:00.000Z", "1899-12-31T23:59:59.999Z", "18446744073709551615", "18446744073709551616",
  ]

  /// One of `options` (not empty).
  static func pick(_ options: [String]) -> Generator<String, some SendableSequenceType> {
    Gen.int(in: 0...(options.count - 1)).map { options[$0] }
  }

  /// Texts made of `fragments`.
  static var yamlish: Generator<String, some SendableSequenceType> {
    pick(fragments).array(of: 0...40).map { $0.joined() }
  }

  /// A valid scenario with one line replaced by `key: value` at some indentation: errors deep in
  /// the schema, not only at the first character.
  static var nearlyValid: Generator<String, some SendableSequenceType> {
    zip(
      Gen.int(in: 0...18), pick(["", "  ", "    "]), pick(fragments), pick(fragments)
    )
    .map { line, indent, key, value in
      var lines = [
        "name: fuzz", "start: 2026-03-10", "zone: Europe/Zurich", "domains: [tally, steps]",
        "workload:", "  wakeHour: 7", "  busyDays: [1, 2]", "faults:",
        "  duplicateDelivery: \"1/20\"",
        "  watchOutOfRangeMinutes: [20, 180]", "travel:", "  - {day: 1, hour: 2, zone: UTC}",
        "storeMove: {day: 1, copyFails: true, widgetOpensFirst: false}", "seed: 42", "days: 3", "script:",
        "  actions:", "    - {at: 2026-03-10T13:44:43.020Z, kind: appOpen, minutes: 3}",
        "  kills: [2026-03-10T13:44:43.020Z]",
      ]
      lines[line] = indent + key + ": " + value
      return lines.joined(separator: "\n")
    }
  }

  /// Arbitrary bytes, decoded leniently (invalid UTF-8 becomes U+FFFD).
  static var bytes: Generator<String, some SendableSequenceType> {
    Gen.uint8(in: 0...255).array(of: 0...200).map { String(decoding: $0, as: UTF8.self) }
  }

  /// Arbitrary Unicode scalars, surrogates mapped to U+FFFD.
  static var scalars: Generator<String, some SendableSequenceType> {
    Gen.uint32(in: 0...0x10FFFF).map { Unicode.Scalar($0) ?? "\u{FFFD}" }.array(of: 0...80)
      .map { String(String.UnicodeScalarView($0)) }
  }

  /// Loads `text`; a scenario must satisfy the model's laws, an error must be a one-line message.
  static func check(_ text: String) {
    do throws(ScenarioError) {
      let scenario = try ScenarioLoader.load(yaml: text, source: "fuzz.yaml")
      #expect(!scenario.name.isEmpty)
      #expect((1...31).contains(scenario.payDay))
      #expect((40...72).contains(scenario.refreshBudget))
      #expect(scenario.workload.wakeHour < scenario.workload.sleepHour)
      #expect(scenario.domains == Array(Set(scenario.domains)).sorted())
      #expect(scenario.storeMove == nil || scenario.domains.contains(.steps))
      #expect((1...1440).contains(scenario.faults.watchOutOfRangeMinutes.lowerBound))
      #expect((1...1440).contains(scenario.faults.watchOutOfRangeMinutes.upperBound))
      #expect(scenario.days.map(Simulation.daysRange.contains) ?? true)
      if let script = scenario.script {
        #expect(zip(script.actions, script.actions.dropFirst()).allSatisfy { $0.at < $1.at })
        #expect(zip(script.kills, script.kills.dropFirst()).allSatisfy { $0 <= $1 })
        #expect(script.outOfRange.allSatisfy { $0.from < $0.until })
      }
    } catch {
      #expect(!error.description.isEmpty)
      #expect(!error.description.contains("\n"), "\(error.description.debugDescription)")
      if let line = error.line { #expect(line >= 1) }
    }
  }

  @Test("random bytes load or throw a ScenarioError")
  func randomBytes() async {
    await propertyCheck(count: 1000, input: Self.bytes) { text in Self.check(text) }
  }

  @Test("random Unicode text loads or throws a ScenarioError")
  func randomScalars() async {
    await propertyCheck(count: 1000, input: Self.scalars) { text in Self.check(text) }
  }

  @Test("random YAML-shaped text loads or throws a ScenarioError")
  func randomYAMLishText() async {
    await propertyCheck(count: 3000, input: Self.yamlish) { text in Self.check(text) }
  }

  @Test("a valid file with one line replaced loads or throws a ScenarioError")
  func nearlyValidFiles() async {
    await propertyCheck(count: 3000, input: Self.nearlyValid) { text in Self.check(text) }
  }
}
