import GlanceKernel
import GlanceSimulation
import Testing

/// One example per ``ScenarioError`` case: the exact key path, line, value and expectation.
@Suite("Scenario loader errors")
struct ScenarioErrorTests {
  static let source = "test.yaml"
  /// Lines 1 and 2 of every example; the field under test is on line 3 or later.
  static let head = "name: test\nstart: 2026-03-10\n"

  static let topLevelKeys = [
    "name", "summary", "zone", "start", "domains", "payDay", "refreshBudget", "workload", "faults",
    "travel", "storeMove", "seed", "days", "aroundBoundaryMinutes", "script",
  ]
  static let workloadKeys = [
    "wakeHour", "sleepHour", "appSessionsPerDay", "tapsPerSession", "widgetTapsPerDay",
    "watchTapsPerDay", "deletesPerWeek", "editsPerWeek", "lateNightTaps", "busyDays",
  ]
  static let nameExpectation =
    "a name of 1 to 64 ASCII letters, digits, '.', '-' or '_', "
    + "not starting with '.', such as default"
  static let dateExpectation = "a date written YYYY-MM-DD that exists, such as 2026-03-10"

  static func load(_ yaml: String) throws(ScenarioError) -> Scenario {
    try ScenarioLoader.load(yaml: yaml, source: source)
  }

  /// The error loading `yaml` throws, or `nil` when it loads.
  static func error(_ yaml: String) -> ScenarioError? {
    do throws(ScenarioError) {
      _ = try load(yaml)
      return nil
    } catch {
      return error
    }
  }

  // MARK: The examples the brief names

  @Test("an unknown key at the top level names it and lists the top-level keys")
  func unknownTopLevelKey() {
    #expect(
      Self.error(Self.head + "payday: 27\n")
        == .unknownKey(source: Self.source, keyPath: "payday", line: 3, known: Self.topLevelKeys))
  }

  @Test("an unknown nested key names its full path and lists that level's keys")
  func unknownNestedKey() {
    #expect(
      Self.error(Self.head + "workload:\n  wakeHour: 6\n  wakeHours: 7\n")
        == .unknownKey(
          source: Self.source, keyPath: "workload.wakeHours", line: 5, known: Self.workloadKeys))
    #expect(
      Self.error(Self.head + "travel:\n  - day: 1\n    hour: 2\n    zone: UTC\n    time: 3\n")
        == .unknownKey(
          source: Self.source, keyPath: "travel[0].time", line: 7, known: ["day", "hour", "zone"]))
  }

  @Test("payDay: 0 is out of range")
  func payDayZero() {
    #expect(
      Self.error(Self.head + "payDay: 0\n")
        == .outOfRange(
          source: Self.source, keyPath: "payDay", line: 3, value: "0",
          expected: "an integer from 1 to 31"))
  }

  @Test("refreshBudget: 80 is out of range")
  func refreshBudgetEighty() {
    #expect(
      Self.error(Self.head + "refreshBudget: 80\n")
        == .outOfRange(
          source: Self.source, keyPath: "refreshBudget", line: 3, value: "80",
          expected: "an integer from 40 to 72"))
  }

  @Test("zone: Mars/Base is an unknown zone")
  func marsBase() {
    #expect(
      Self.error(Self.head + "zone: Mars/Base\n")
        == .unknownZone(
          source: Self.source, keyPath: "zone", line: 3, value: "Mars/Base",
          expected: "an IANA time zone identifier, such as Europe/Zurich"))
  }

  @Test("start: 2026-02-30 is a bad date")
  func thirtiethOfFebruary() {
    #expect(
      Self.error("name: test\nstart: 2026-02-30\n")
        == .badDate(
          source: Self.source, keyPath: "start", line: 2, value: "2026-02-30",
          expected: Self.dateExpectation))
    #expect(
      Self.error("name: test\nstart: 10.03.2026\n")
        == .badDate(
          source: Self.source, keyPath: "start", line: 2, value: "10.03.2026",
          expected: Self.dateExpectation))
  }

  @Test("duplicateDelivery: \"3/2\" is a bad chance")
  func chanceAboveOne() {
    let expected = "a chance n/d with 0 ≤ n ≤ d and d > 0, such as \"1/20\""
    #expect(
      Self.error(Self.head + "faults:\n  duplicateDelivery: \"3/2\"\n")
        == .badChance(
          source: Self.source, keyPath: "faults.duplicateDelivery", line: 4, value: "3/2",
          expected: expected))
    #expect(
      Self.error(Self.head + "faults:\n  duplicateDelivery: 1/0\n")
        == .badChance(
          source: Self.source, keyPath: "faults.duplicateDelivery", line: 4, value: "1/0",
          expected: expected))
  }

  @Test("watchOutOfRangeMinutes: [200, 100] is a bad range")
  func rangeUpsideDown() {
    let expected = "two integers [low, high] from 1 to 1440 with low ≤ high, such as [20, 180]"
    #expect(
      Self.error(Self.head + "faults:\n  watchOutOfRangeMinutes: [200, 100]\n")
        == .badRange(
          source: Self.source, keyPath: "faults.watchOutOfRangeMinutes", line: 4,
          value: "[200, 100]",
          expected: expected))
    #expect(
      Self.error(Self.head + "faults:\n  watchOutOfRangeMinutes: [20, 180, 300]\n")
        == .badRange(
          source: Self.source, keyPath: "faults.watchOutOfRangeMinutes", line: 4,
          value: "[20, 180, 300]",
          expected: expected))
    #expect(
      Self.error(Self.head + "faults:\n  watchOutOfRangeMinutes:\n    - 0\n    - 100\n")
        == .outOfRange(
          source: Self.source, keyPath: "faults.watchOutOfRangeMinutes[0]", line: 5, value: "0",
          expected: "an integer from 1 to 1440"))
  }

  @Test("lateNightTaps: yes is not a boolean, and the message says why")
  func yesIsNotABoolean() {
    #expect(
      Self.error(Self.head + "workload:\n  lateNightTaps: yes\n")
        == .wrongType(
          source: Self.source, keyPath: "workload.lateNightTaps", line: 4, value: "yes",
          expected: "true or false (YAML 1.1 words such as yes, no, on and off are not accepted)"))
    #expect(
      Self.error(Self.head + "workload:\n  lateNightTaps: \"true\"\n")
        == .wrongType(
          source: Self.source, keyPath: "workload.lateNightTaps", line: 4, value: "true",
          expected: "true or false"))
  }

  @Test("appKillsPerDay: 1.5 is not an integer")
  func fractionIsNotAnInteger() {
    #expect(
      Self.error(Self.head + "faults:\n  appKillsPerDay: 1.5\n")
        == .wrongType(
          source: Self.source, keyPath: "faults.appKillsPerDay", line: 4, value: "1.5",
          expected: "an integer from 0 to 100"))
  }

  @Test("a YAML syntax error names its line and column")
  func syntaxError() {
    guard
      case .syntax(let source, let line, let column, let problem) = Self.error(
        "name: a: b\nstart: x\n")
    else {
      Issue.record("expected a syntax error")
      return
    }
    #expect(source == Self.source)
    #expect((line, column) == (1, 8))
    #expect(problem == "mapping values are not allowed in this context")
    #expect(
      Self.error("name: test\nstart: [2026-03-10\n")
        == .syntax(
          source: Self.source, line: 3, column: 1,
          problem: "did not find expected ',' or ']' (while parsing a flow sequence, line 2)"))
  }

  @Test("an empty file, a blank file and a comment-only file hold no document")
  func emptyFile() {
    for text in ["", "\n\n  \n", "# nothing yet\n", "---\n"] {
      #expect(Self.error(text) == .emptyDocument(source: Self.source), "\(text.debugDescription)")
    }
  }

  // MARK: The other cases

  @Test("a top level that is not a mapping")
  func topLevelNotMapping() {
    #expect(
      Self.error("- a\n- b\n")
        == .topLevelNotMapping(source: Self.source, line: 1, found: "a sequence"))
    #expect(
      Self.error("\n\njust text\n")
        == .topLevelNotMapping(source: Self.source, line: 3, found: "the text just text"))
  }

  @Test("a duplicate key names its path, its second line and its first")
  func duplicateKeys() {
    #expect(
      Self.error(Self.head + "name: again\n")
        == .duplicateKey(source: Self.source, keyPath: "name", line: 3, firstLine: 1))
    #expect(
      Self.error(Self.head + "workload:\n  wakeHour: 6\n  sleepHour: 22\n  wakeHour: 8\n")
        == .duplicateKey(source: Self.source, keyPath: "workload.wakeHour", line: 6, firstLine: 4))
    #expect(
      Self.error(
        Self.head + "travel:\n  - {day: 1, hour: 2, zone: UTC}\n  - day: 1\n    \"day\": 2\n")
        == .duplicateKey(source: Self.source, keyPath: "travel[1].day", line: 6, firstLine: 5))
    // Yams checks a mapping when it closes, so the inner duplicate is found first; the outer one
    // is renamed away to find the inner one's path.
    #expect(
      Self.error("name: a\nfaults:\n  appKillsPerDay: 1\n  appKillsPerDay: 2\nname: b\n")
        == .duplicateKey(
          source: Self.source, keyPath: "faults.appKillsPerDay", line: 4, firstLine: 3))
  }

  @Test("name and start are required")
  func requiredKeys() {
    #expect(
      Self.error("start: 2026-03-10\n")
        == .missingKey(
          source: Self.source, keyPath: "name", line: 1, expected: Self.nameExpectation))
    #expect(
      Self.error("name: test\n")
        == .missingKey(
          source: Self.source, keyPath: "start", line: 1, expected: Self.dateExpectation))
    #expect(
      Self.error(Self.head + "travel:\n  - day: 1\n    zone: UTC\n")
        == .missingKey(
          source: Self.source, keyPath: "travel[0].hour", line: 4,
          expected: "an integer from 0 to 23"))
  }

  @Test("an empty required value")
  func emptyValues() {
    #expect(
      Self.error("name:\nstart: 2026-03-10\n")
        == .emptyValue(
          source: Self.source, keyPath: "name", line: 1, expected: Self.nameExpectation))
    #expect(
      Self.error("name: \"  \"\nstart: 2026-03-10\n")
        == .emptyValue(
          source: Self.source, keyPath: "name", line: 1, expected: Self.nameExpectation))
    #expect(
      Self.error(Self.head + "payDay: ~\n")
        == .emptyValue(
          source: Self.source, keyPath: "payDay", line: 3, expected: "an integer from 1 to 31"))
    #expect(
      Self.error(Self.head + "domains: []\n")
        == .emptyValue(
          source: Self.source, keyPath: "domains", line: 3,
          expected: "a sequence of domains from tally, steps, budget, such as [tally, steps]"))
  }

  @Test("wrong types: a quoted integer, a scalar for a mapping, a mapping for a scalar")
  func wrongTypes() {
    #expect(
      Self.error(Self.head + "payDay: \"27\"\n")
        == .wrongType(
          source: Self.source, keyPath: "payDay", line: 3, value: "27",
          expected: "an integer from 1 to 31"))
    #expect(
      Self.error(Self.head + "workload: 5\n")
        == .wrongType(
          source: Self.source, keyPath: "workload", line: 3, value: "5",
          expected: "a mapping of workload keys"))
    #expect(
      Self.error(Self.head + "zone:\n  city: Zurich\n")
        == .wrongType(
          source: Self.source, keyPath: "zone", line: 3, value: "a mapping",
          expected: "an IANA time zone identifier, such as Europe/Zurich"))
    #expect(
      Self.error(Self.head + "domains: tally\n")
        == .wrongType(
          source: Self.source, keyPath: "domains", line: 3, value: "tally",
          expected: "a sequence of domains from tally, steps, budget, such as [tally, steps]"))
  }

  @Test("out of range: an integer too large for Int, and hours out of order")
  func outOfRange() {
    #expect(
      Self.error(Self.head + "payDay: 99999999999999999999\n")
        == .outOfRange(
          source: Self.source, keyPath: "payDay", line: 3, value: "99999999999999999999",
          expected: "an integer from 1 to 31"))
    #expect(
      Self.error(Self.head + "workload:\n  sleepHour: 6\n")
        == .outOfRange(
          source: Self.source, keyPath: "workload.sleepHour", line: 4, value: "6",
          expected: "an integer from 8 to 24 (after wakeHour 7)"))
    #expect(
      Self.error(Self.head + "workload:\n  wakeHour: 23\n")
        == .outOfRange(
          source: Self.source, keyPath: "workload.wakeHour", line: 4, value: "23",
          expected: "an integer from 0 to 22 (before sleepHour 23)"))
    #expect(
      Self.error(Self.head + "workload:\n  busyDays: [3, -1]\n")
        == .outOfRange(
          source: Self.source, keyPath: "workload.busyDays[1]", line: 4, value: "-1",
          expected: "an integer of at least 0"))
  }

  @Test("zone changes are listed in order")
  func travelOrder() {
    let travel =
      "travel:\n  - {day: 3, hour: 10, zone: UTC}\n  - {day: 3, hour: 9, zone: Asia/Tokyo}\n"
    #expect(
      Self.error(Self.head + travel)
        == .outOfRange(
          source: Self.source, keyPath: "travel[1].hour", line: 5, value: "9",
          expected: "an integer from 11 to 23 (after the change at hour 10 of day 3)"))
  }

  @Test("an unknown domain")
  func unknownDomain() {
    #expect(
      Self.error(Self.head + "domains:\n  - tally\n  - money\n")
        == .unknownDomain(
          source: Self.source, keyPath: "domains[1]", line: 5, value: "money",
          expected: "one of tally, steps, budget"))
  }

  @Test("a start date the zone skipped")
  func startSkippedByZone() {
    #expect(
      Self.error("name: test\nzone: Pacific/Apia\nstart: 2011-12-30\n")
        == .badDate(
          source: Self.source, keyPath: "start", line: 3, value: "2011-12-30",
          expected: "a date that exists in Pacific/Apia (the zone skipped 2011-12-30)"))
  }

  @Test("a name that cannot name a report folder")
  func invalidName() {
    #expect(
      Self.error("name: ../x\nstart: 2026-03-10\n")
        == .invalidName(
          source: Self.source, keyPath: "name", line: 1, value: "../x",
          expected: Self.nameExpectation))
  }

  @Test("a store move needs the steps domain")
  func storeMoveNeedsSteps() {
    let move =
      "domains: [tally]\nstoreMove:\n  day: 1\n  copyFails: true\n  widgetOpensFirst: false\n"
    #expect(
      Self.error(Self.head + move)
        == .requiresDomain(source: Self.source, keyPath: "storeMove", line: 4, domain: .steps))
  }

  @Test("a store move's minute: read, 60 when absent, and out of range past the 23 hours every day has")
  func storeMoveMinute() throws {
    let move = "domains: [steps]\nstoreMove:\n  day: 1\n  copyFails: false\n  widgetOpensFirst: false\n"
    #expect(try Self.load(Self.head + move).storeMove?.minute == 60)
    #expect(try Self.load(Self.head + move + "  minute: 0\n").storeMove?.minute == 0)
    #expect(try Self.load(Self.head + move + "  minute: 1379\n").storeMove?.minute == 1379)
    #expect(
      Self.error(Self.head + move + "  minute: 1380\n")
        == .outOfRange(
          source: Self.source, keyPath: "storeMove.minute", line: 8, value: "1380", expected: "an integer from 0 to 1379"))
    #expect(
      Self.error(Self.head + move + "  minute: -1\n")
        == .outOfRange(
          source: Self.source, keyPath: "storeMove.minute", line: 8, value: "-1", expected: "an integer from 0 to 1379"))
  }

  @Test("a text above the size limit")
  func tooLarge() {
    let text =
      Self.head + "summary: " + String(repeating: "x", count: ScenarioLoader.textLengthMax) + "\n"
    #expect(
      Self.error(text)
        == .tooLarge(
          source: Self.source, byteCount: text.utf8.count, limit: ScenarioLoader.textLengthMax))
  }

  // MARK: Messages and successes

  @Test("descriptions name the place, the value and the expectation on one line")
  func descriptions() {
    let error = ScenarioError.outOfRange(
      source: "Simulations/default.yaml", keyPath: "refreshBudget", line: 12, value: "80",
      expected: "an integer from 40 to 72")
    #expect(
      error.description
        == "Simulations/default.yaml:12: refreshBudget is 80; expected an integer from 40 to 72")
    #expect(error.keyPath == "refreshBudget")
    #expect(error.line == 12)
    #expect(
      ScenarioError.unknownKey(
        source: "s.yaml", keyPath: "faults.kills", line: 3, known: ["a", "b"]
      ).description
        == "s.yaml:3: unknown key faults.kills; the keys here are a, b")
    #expect(ScenarioError.fileNotFound(path: "x.yaml").line == nil)
  }

  @Test("a zone is kept as written")
  func zoneAsWritten() throws {
    #expect(try Self.load(Self.head + "zone: UTC\n").zone == "UTC")
  }

  @Test("a minimal file takes every default of the model")
  func minimalFile() throws {
    let scenario = try Self.load(Self.head)
    #expect(scenario == Scenario(name: "test", start: try CivilDate(year: 2026, month: 3, day: 10)))
  }

  @Test("domains are sorted and deduplicated; quoted and explicit values load")
  func normalisation() throws {
    let scenario = try Self.load(
      Self.head
        + "domains: [budget, tally, budget]\nsummary: \"a: b\"\nfaults: {duplicateDelivery: 0/1}\n")
    #expect(scenario.domains == [.tally, .budget])
    #expect(scenario.summary == "a: b")
    #expect(scenario.faults.duplicateDelivery == .never)
  }

  @Test("deep nesting is a typed error or a value, never a trap")
  func deepNesting() {
    let deep = String(repeating: "[", count: 990) + String(repeating: "]", count: 990)
    #expect(
      Self.error(deep) == .topLevelNotMapping(source: Self.source, line: 1, found: "a sequence"))
    guard case .syntax = Self.error(String(repeating: "[", count: 5000)) else {
      Issue.record("expected a syntax error")
      return
    }
  }
}
