import GlanceKernel
import GlanceSimulation
import Testing

/// The keys of a shrunk scenario (`seed`, `days`, `script`): what loads, and the exact error for
/// hand-made bad files.
@Suite("Scenario scripts")
struct ScenarioScriptErrorTests {
  static let source = "shrunk.yaml"
  /// Lines 1 and 2 of every example; `script:` is on line 3, its first action on line 5.
  static let head = "name: test\nstart: 2026-03-10\n"
  static let instantExpectation =
    "an instant written YYYY-MM-DDTHH:MM:SS.mmmZ in UTC, such as 2026-03-10T13:44:43.020Z"

  static func error(_ yaml: String) -> ScenarioError? {
    do throws(ScenarioError) {
      _ = try ScenarioLoader.load(yaml: yaml, source: source)
      return nil
    } catch {
      return error
    }
  }

  static func actions(_ lines: String...) -> String {
    head + "script:\n  actions:\n" + lines.map { "    - " + $0 + "\n" }.joined()
  }

  static func instant(_ text: String) throws -> Instant {
    try #require(
      try ScenarioLoader.load(
        yaml: actions("{at: \(text), kind: appTap}"), source: source
      ).script?.actions.first?.at)
  }

  @Test("a script, a seed and days load as written")
  func loads() throws {
    let scenario = try ScenarioLoader.load(
      yaml: Self.head + """
        seed: 18446744073709551615
        days: 3
        script:
          actions:
            - {at: 2026-03-10T13:44:43.020Z, kind: appOpen, minutes: 3, fromWidget: true}
            - at: "2026-03-10T13:45:00.001Z"
              kind: appOpen
              minutes: 1440
            - {at: 2026-03-10T13:46:00.000Z, kind: appTap}
            - {at: 2026-03-10T13:47:00.000Z, kind: widgetTap}
            - {at: 2026-03-10T13:48:00.000Z, kind: watchTap}
            - {at: 2026-03-10T13:49:00.000Z, kind: appDelete}
          kills: [2026-03-10T13:44:43.020Z, 2026-03-10T13:44:43.020Z, 2026-03-11T00:00:00.000Z]
          outOfRange:
            - {from: 2026-03-10T18:00:00.000Z, until: 2026-03-10T19:30:00.000Z}
            - {from: 2026-03-10T18:00:00.000Z, until: 2026-03-10T18:00:00.001Z}
        """, source: Self.source)
    #expect(scenario.seed == UInt64.max)
    #expect(scenario.days == 3)
    let script = try #require(scenario.script)
    #expect(
      script.actions.map(\.kind) == [
        .appOpen(minutes: 3, fromWidget: true), .appOpen(minutes: 1440, fromWidget: false), .appTap, .widgetTap, .watchTap,
        .appDelete,
      ])
    #expect(script.actions[0].at == Instant(millisecondsSince1970: 1_773_150_283_020))
    #expect(script.actions.map(\.at.description).last == "2026-03-10T13:49:00.000Z")
    #expect(
      script.kills.map(\.description) == [
        "2026-03-10T13:44:43.020Z", "2026-03-10T13:44:43.020Z", "2026-03-11T00:00:00.000Z",
      ])
    #expect(script.outOfRange.count == 2 && script.outOfRange[1].from.distance(to: script.outOfRange[1].until) == 1)
    #expect(script.eventCount == 11)
    // Without the keys, nothing is set; an empty script is a script with nothing in it.
    let plain = try ScenarioLoader.load(yaml: Self.head, source: Self.source)
    #expect(plain.seed == nil && plain.days == nil && plain.script == nil)
    let empty = try ScenarioLoader.load(yaml: Self.head + "script: {}\n", source: Self.source)
    #expect(empty.script == Script())
  }

  @Test("instants are milliseconds since 1970 in UTC, as Instant writes them")
  func instants() throws {
    #expect(try Self.instant("1970-01-01T00:00:00.001Z") == Instant(millisecondsSince1970: 1))
    #expect(try Self.instant("1969-12-31T23:59:59.999Z") == Instant(millisecondsSince1970: -1))
    #expect(try Self.instant("2000-02-29T12:00:00.000Z") == Instant(millisecondsSince1970: 951_825_600_000))
  }

  @Test("actions out of time order name the later action's at")
  func unsortedActions() {
    #expect(
      Self.error(
        Self.actions(
          "{at: 2026-03-10T13:00:00.000Z, kind: widgetTap}", "{at: 2026-03-10T12:59:59.999Z, kind: appTap}"))
        == .outOfRange(
          source: Self.source, keyPath: "script.actions[1].at", line: 6, value: "2026-03-10T12:59:59.999Z",
          expected: "an instant after 2026-03-10T13:00:00.000Z (script actions are listed in strictly increasing time)"))
    // Two actions at one instant are out of order too.
    #expect(
      Self.error(
        Self.actions(
          "{at: 2026-03-10T13:00:00.000Z, kind: widgetTap}", "{at: 2026-03-10T13:00:00.000Z, kind: watchTap}"))?.keyPath
        == "script.actions[1].at")
  }

  @Test("an unknown kind of action is named with the kinds there are")
  func unknownKind() {
    #expect(
      Self.error(Self.actions("{at: 2026-03-10T13:00:00.000Z, kind: phoneTap}"))
        == .unknownActionKind(
          source: Self.source, keyPath: "script.actions[0].kind", line: 5, value: "phoneTap",
          expected: "one of appOpen, appTap, widgetTap, watchTap, appDelete, appEdit, appLeave"))
  }

  @Test(
    "a bad instant is named with the format expected",
    arguments: [
      "2026-03-10 13:00:00", "2026-03-10T13:00:00Z", "2026-03-10T24:00:00.000Z", "2026-02-30T13:00:00.000Z", "yesterday",
    ])
  func badInstant(_ text: String) {
    #expect(
      Self.error(Self.actions("{at: \"\(text)\", kind: appTap}"))
        == .badDate(
          source: Self.source, keyPath: "script.actions[0].at", line: 5, value: text,
          expected: Self.instantExpectation))
  }

  @Test("an instant outside the years a start may have is out of range")
  func instantOutOfRange() {
    #expect(
      Self.error(Self.head + "script:\n  kills: [1899-12-31T23:59:59.999Z]\n")
        == .outOfRange(
          source: Self.source, keyPath: "script.kills[0]", line: 4, value: "1899-12-31T23:59:59.999Z",
          expected: "an instant from 1900-01-01T00:00:00.000Z to 2199-12-31T23:59:59.999Z"))
  }

  @Test("an app session needs its minutes; other actions have none")
  func minutes() {
    #expect(
      Self.error(Self.actions("{at: 2026-03-10T13:00:00.000Z, kind: appOpen}"))
        == .missingKey(
          source: Self.source, keyPath: "script.actions[0].minutes", line: 5,
          expected: "an integer from 1 to 1440 (how long the app stays open)"))
    #expect(
      Self.error(Self.actions("{at: 2026-03-10T13:00:00.000Z, kind: appOpen, minutes: 0}"))
        == .outOfRange(
          source: Self.source, keyPath: "script.actions[0].minutes", line: 5, value: "0",
          expected: "an integer from 1 to 1440"))
    #expect(
      Self.error(Self.actions("{at: 2026-03-10T13:00:00.000Z, minutes: 3, kind: widgetTap}"))
        == .unknownKey(source: Self.source, keyPath: "script.actions[0].minutes", line: 5, known: ["at", "kind"]))
    #expect(
      Self.error(Self.actions("{kind: widgetTap}"))
        == .missingKey(source: Self.source, keyPath: "script.actions[0].at", line: 5, expected: Self.instantExpectation))
    #expect(
      Self.error(Self.actions("{at: 2026-03-10T13:00:00.000Z, kind: appTap, when: now}"))
        == .unknownKey(
          source: Self.source, keyPath: "script.actions[0].when", line: 5, known: ["at", "kind", "minutes", "fromWidget"]))
  }

  @Test("kills in order; spells sorted by from, each ending after it begins")
  func faults() {
    #expect(
      Self.error(Self.head + "script:\n  kills: [2026-03-10T13:00:00.000Z, 2026-03-10T12:00:00.000Z]\n")
        == .outOfRange(
          source: Self.source, keyPath: "script.kills[1]", line: 4, value: "2026-03-10T12:00:00.000Z",
          expected: "an instant at or after 2026-03-10T13:00:00.000Z (kills are listed in time order)"))
    // Every list of instants is named as it is written, not called kills.
    #expect(
      Self.error(Self.head + "script:\n  storeWriteFailures: [2026-03-10T13:00:00.000Z, 2026-03-10T12:00:00.000Z]\n")
        == .outOfRange(
          source: Self.source, keyPath: "script.storeWriteFailures[1]", line: 4, value: "2026-03-10T12:00:00.000Z",
          expected: "an instant at or after 2026-03-10T13:00:00.000Z (storeWriteFailures are listed in time order)"))
    #expect(
      Self.error(Self.head + "script:\n  outOfRange:\n    - {from: 2026-03-10T13:00:00.000Z, until: 2026-03-10T13:00:00.000Z}\n")
        == .outOfRange(
          source: Self.source, keyPath: "script.outOfRange[0].until", line: 5, value: "2026-03-10T13:00:00.000Z",
          expected: "an instant after from, 2026-03-10T13:00:00.000Z"))
    #expect(
      Self.error(
        Self.head + "script:\n  outOfRange:\n    - {from: 2026-03-10T13:00:00.000Z, until: 2026-03-10T14:00:00.000Z}\n"
          + "    - {from: 2026-03-10T12:00:00.000Z, until: 2026-03-10T14:00:00.000Z}\n")
        == .outOfRange(
          source: Self.source, keyPath: "script.outOfRange[1].from", line: 6, value: "2026-03-10T12:00:00.000Z",
          expected: "an instant at or after 2026-03-10T13:00:00.000Z (spells are listed in order of from)"))
    #expect(
      Self.error(Self.head + "script:\n  outOfRange:\n    - {from: 2026-03-10T13:00:00.000Z}\n")
        == .missingKey(
          source: Self.source, keyPath: "script.outOfRange[0].until", line: 5, expected: Self.instantExpectation))
    #expect(
      Self.error(Self.head + "script:\n  crashes: []\n")
        == .unknownKey(
          source: Self.source, keyPath: "script.crashes", line: 4,
          known: [
            "actions", "kills", "outOfRange", "widgetKills", "watchKills", "storeWriteFailures", "corruptedDefaults", "storeBusy",
          ]))
  }

  @Test("seed is an integer from 0 to 2^64 − 1; days from 1 to 3650")
  func seedAndDays() {
    let seedExpectation = "an integer from 0 to 18446744073709551615"
    #expect(
      Self.error(Self.head + "seed: -1\n")
        == .outOfRange(source: Self.source, keyPath: "seed", line: 3, value: "-1", expected: seedExpectation))
    #expect(
      Self.error(Self.head + "seed: 18446744073709551616\n")
        == .outOfRange(
          source: Self.source, keyPath: "seed", line: 3, value: "18446744073709551616", expected: seedExpectation))
    #expect(
      Self.error(Self.head + "seed: \"42\"\n")
        == .wrongType(source: Self.source, keyPath: "seed", line: 3, value: "42", expected: seedExpectation))
    #expect(
      Self.error(Self.head + "seed:\n")
        == .emptyValue(source: Self.source, keyPath: "seed", line: 3, expected: seedExpectation))
    #expect(
      Self.error(Self.head + "days: 0\n")
        == .outOfRange(source: Self.source, keyPath: "days", line: 3, value: "0", expected: "an integer from 1 to 3650"))
  }

  @Test("the error text names the file, the line and the key path")
  func description() {
    let error = ScenarioError.unknownActionKind(
      source: "a.yaml", keyPath: "script.actions[3].kind", line: 9, value: "tap", expected: "one of appOpen, appTap")
    #expect(error.description == "a.yaml:9: script.actions[3].kind is tap; expected one of appOpen, appTap")
    #expect(error.keyPath == "script.actions[3].kind" && error.line == 9)
  }
}
