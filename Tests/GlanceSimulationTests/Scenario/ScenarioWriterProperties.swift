import GlanceKernel
@testable import GlanceSimulation
import GlanceTestSupport
import PropertyBased
import Testing

/// What the writer writes, the loader reads back as it was.
@Suite("Scenario writer properties")
struct ScenarioWriterProperties {
  static let zones = ["Europe/Zurich", "UTC", "America/Santiago", "Pacific/Auckland", "America/Los_Angeles", "Asia/Kolkata"]
  /// Names the loader must not take for YAML's null, booleans or numbers once written.
  static let trickyNames = ["null", "true", "no", "1.5", "0x1B", "123", "default", "a-b_c.d"]
  /// Characters a summary may hold that YAML treats specially.
  static let trickyScalars: [Unicode.Scalar] = [
    "\n", "\t", "\r", "\"", "\\", "#", ":", "'", "-", "{", "[", "&", "*", "!", "%", "@", "`", "\u{1}", "\u{7F}", "\u{85}",
    "\u{A0}", "\u{2028}", "\u{2029}", "\u{FEFF}", "\u{FFFE}", "\u{FFFF}", "é", "’", "🙂", "\u{10FFFF}",
  ]

  static func pick<T>(_ options: [T], _ random: inout GlanceTestSupport.SplitMix64) -> T { options[random.below(options.count)] }

  static func name(_ random: inout GlanceTestSupport.SplitMix64) -> String {
    if random.below(4) == 0 { return pick(trickyNames, &random) }
    let allowed = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789.-_")
    let first = allowed[random.below(allowed.count - 3)]  // not '.', '-' or '_'
    return String(first) + String((0..<random.below(64)).map { _ in allowed[random.below(allowed.count)] })
  }

  static func summary(_ random: inout GlanceTestSupport.SplitMix64) -> String {
    var scalars = String.UnicodeScalarView()
    for _ in 0..<random.below(40) {
      if random.below(2) == 0 {
        scalars.append(pick(trickyScalars, &random))
      } else {
        let value = UInt32(random.below(0x11_0000))
        scalars.append(Unicode.Scalar(value) ?? "x")  // a surrogate becomes x
      }
    }
    // Yams reads a scalar without a leading byte-order mark, so no loaded text starts with one.
    return String(String(scalars).drop { $0 == "\u{FEFF}" })
  }

  static func workload(_ random: inout GlanceTestSupport.SplitMix64) -> Workload {
    var workload = Workload()
    workload.wakeHour = random.below(24)
    workload.sleepHour = workload.wakeHour + 1 + random.below(24 - workload.wakeHour)
    workload.appSessionsPerDay = random.below(101)
    workload.tapsPerSession = random.below(51)
    workload.widgetTapsPerDay = random.below(201)
    workload.watchTapsPerDay = random.below(201)
    workload.deletesPerWeek = random.below(101)
    workload.editsPerWeek = random.below(101)
    workload.lateNightTaps = random.below(2) == 0
    workload.busyDays = (0..<random.below(4)).map { _ in random.below(1000) }
    return random.below(3) == 0 ? Workload() : workload
  }

  static func faults(_ random: inout GlanceTestSupport.SplitMix64) -> Faults {
    var faults = Faults()
    faults.appKillsPerDay = random.below(101)
    faults.watchOutOfRangePerDay = random.below(51)
    let low = 1 + random.below(1440)
    faults.watchOutOfRangeMinutes = low...(low + random.below(1441 - low))
    let denominator = UInt64(1 + random.below(1000))
    faults.duplicateDelivery = Chance(numerator: UInt64(random.below(Int(denominator) + 1)), denominator: denominator)
    faults.lateFiringSecondsMax = random.below(3601)
    faults.widgetKillsPerDay = random.below(101)
    faults.watchKillsPerDay = random.below(101)
    let messageDenominator = UInt64(1 + random.below(20))
    faults.messageFailure = Chance(numerator: UInt64(random.below(Int(messageDenominator) + 1)), denominator: messageDenominator)
    faults.replyTimeout = Chance(numerator: UInt64(random.below(2)), denominator: 1)
    faults.storeWriteFailuresPerDay = random.below(101)
    faults.corruptedDefaultsPerDay = random.below(51)
    return random.below(3) == 0 ? Faults() : faults
  }

  /// A script from `start` on: strictly increasing actions, kills in order, spells sorted by `from`.
  static func script(from start: Instant, _ random: inout GlanceTestSupport.SplitMix64) -> Script {
    var at = start
    let actions = (0..<random.below(9)).map { _ -> ScriptedAction in
      at = at.advanced(by: Int64(1 + random.below(10 * 86_400_000)))
      let kinds: [ScriptedAction.Kind] = [
        .appOpen(minutes: 1 + random.below(1440), fromWidget: random.below(2) == 0), .appTap, .widgetTap, .watchTap, .appDelete,
        .appEdit, .appLeave,
      ]
      return ScriptedAction(at: at, kind: pick(kinds, &random))
    }
    /// Instants in order from `start`, repeats allowed.
    func instants() -> [Instant] {
      var kill = start
      return (0..<random.below(5)).map { _ -> Instant in
        kill = kill.advanced(by: Int64(random.below(2) * random.below(86_400_000)))
        return kill
      }
    }
    let kills = instants()
    var from = start
    let spells = (0..<random.below(4)).map { _ -> OutOfRangeSpell in
      from = from.advanced(by: Int64(random.below(86_400_000)))
      return OutOfRangeSpell(from: from, until: from.advanced(by: Int64(1 + random.below(86_400_000))))
    }
    return Script(
      actions: actions, kills: kills, outOfRange: spells, widgetKills: instants(), watchKills: instants(),
      storeWriteFailures: instants(), corruptedDefaults: instants())
  }

  /// A scenario with every field within its range, drawn from `seed`.
  static func scenario(seed: UInt64) -> Scenario {
    var random = GlanceTestSupport.SplitMix64(seed: seed)
    // 1900-01-01 … 2199-06-30: day numbers from 1970-01-01.
    let start = CivilDate(dayNumber: Int64(-25_567 + random.below(109_500)))
    var domains = Domain.allCases.filter { _ in random.below(2) == 0 }
    if domains.isEmpty { domains = [pick(Domain.allCases, &random)] }
    var scenario = Scenario(
      name: name(&random), summary: random.below(3) == 0 ? "" : summary(&random), zone: pick(zones, &random),
      start: start, domains: domains, payDay: 1 + random.below(31), refreshBudget: 40 + random.below(33),
      workload: workload(&random), faults: faults(&random))
    var day = 0
    var hour = 0
    scenario.travel = (0..<random.below(4)).map { index in
      // Strictly later (day, hour) than the previous change.
      if index > 0, hour < 23, random.below(2) == 0 {
        hour += 1 + random.below(23 - hour)
      } else {
        day += index == 0 ? random.below(3) : 1 + random.below(3)
        hour = random.below(24)
      }
      return Travel(day: day, hour: hour, zone: pick(zones, &random))
    }
    if domains.contains(.steps), random.below(2) == 0 {
      scenario.storeMove = StoreMove(
        day: random.below(100), minute: random.below(2) == 0 ? StoreMove.minuteDefault : random.below(StoreMove.minutesMax + 1),
        copyFails: random.below(2) == 0, widgetOpensFirst: random.below(2) == 0,
        interruptedBefore: random.below(2) == 0 ? nil : pick(StoreMoveStep.allCases, &random))
    }
    scenario.seed = random.below(2) == 0 ? nil : random.below(4) == 0 ? UInt64.max : random.next()
    scenario.days = random.below(2) == 0 ? nil : 1 + random.below(3650)
    if random.below(4) != 0 {
      let midnight = Instant(millisecondsSince1970: start.dayNumber * Instant.millisecondsPerDay)
      scenario.script = script(from: midnight, &random)
    }
    return scenario
  }

  @Test("a written scenario loads back to itself, whatever the header")
  func roundTrip() async {
    await propertyCheck(count: 400, input: Gen.uint64(), Gen.uint64()) { scenarioSeed, headerSeed in
      let scenario = Self.scenario(seed: scenarioSeed)
      var random = GlanceTestSupport.SplitMix64(seed: headerSeed)
      let header = (0..<random.below(4)).map { _ in Self.summary(&random) }
      let text = ScenarioWriter.yaml(scenario, header: header)
      do throws(ScenarioError) {
        let loaded = try ScenarioLoader.load(yaml: text, source: "written.yaml")
        #expect(loaded == scenario, "\(text)")
      } catch {
        Issue.record("\(error)\n\(text)")
      }
    }
  }

  @Test("an instant reads back from the text it writes, and only such text reads as an instant")
  func instantText() async {
    // 1900-01-01T00:00:00.000Z … 2199-12-31T23:59:59.999Z
    let instants = Gen.int64(in: -2_208_988_800_000...7_258_118_399_999).map(Instant.init(millisecondsSince1970:))
    await propertyCheck(count: 1000, input: instants, Gen.int(in: 0...23), Gen.uint8(in: 32...126)) { instant, index, byte in
      #expect(InstantText.parse(instant.description) == instant)
      // One character changed: either no instant, or one that writes exactly that text.
      var bytes = Array(instant.description.utf8)
      bytes[index] = byte
      let text = String(decoding: bytes, as: UTF8.self)
      if let parsed = InstantText.parse(text) { #expect(parsed.description == text) }
    }
  }

  @Test(
    "texts that look like instants but are not",
    arguments: [
      "2026-03-10T13:44:43Z", "2026-03-10T13:44:43.02Z", "2026-03-10 13:44:43.020Z", "2026-03-10T13:44:43.020",
      "2026-03-10T24:00:00.000Z", "2026-03-10T23:60:00.000Z", "2026-03-10T23:59:60.000Z", "2026-02-29T00:00:00.000Z",
      "+2026-03-10T13:44:43.020Z", "2026-3-10T13:44:43.020Z", "2026-03-10T13:44:43.020+01:00", "",
    ])
  func notInstants(_ text: String) {
    #expect(InstantText.parse(text) == nil)
  }

  @Test("the writer's texts: defaults left out, script lists always written")
  func layout() throws {
    var scenario = Scenario(name: "shrunk", start: try CivilDate(year: 2026, month: 3, day: 10), domains: [.tally])
    scenario.script = Script()
    #expect(
      ScenarioWriter.yaml(scenario, header: ["a\nb", "", "c\u{7}"]) == """
        # a
        # b
        #
        # c\\u{7}

        name: "shrunk"
        zone: "Europe/Zurich"
        start: 2026-03-10
        domains: [tally]
        script:
          actions: []
          kills: []
          outOfRange: []
          widgetKills: []
          watchKills: []
          storeWriteFailures: []
          corruptedDefaults: []
          storeBusy: []

        """)
  }
}
