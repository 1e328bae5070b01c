import Foundation
import GlanceKernel

/// Whole scenarios drawn from a seed across every field's documented range, so that a sweep can
/// ask whether a design converges anywhere in the schema, not only in the shipped scenarios.
///
/// `simulate --scenario generated --seed S` plays the scenario of seed `S` (run with the same
/// seed); `simulate sweep --scenario generated --seeds A...B` gives each seed its own;
/// `simulate generate --seed S` writes it as a scenario file.
///
/// ## Laws
/// - Deterministic: the same seed and the same tz database give the same scenario, field for
///   field, on any machine (zones are drawn from the sorted identifier list; no system RNG).
/// - The scenario of seed `S` names `S` as its ``Scenario/seed``: it is meant to be run with it.
/// - Every scenario it returns is one the reader accepts: written with ``ScenarioWriter`` and read
///   back with ``ScenarioLoader``, it is the same scenario.
/// - Every field is drawn from its whole documented range: any IANA zone, start dates from 1970
///   to 2037, rates up to their maxima, out-of-range spells up to a day, duplicate chances up to
///   1/1, late firing up to an hour, refresh budgets from 40. Typical values are drawn more often
///   than extreme ones (three times in four) so that a sweep also exercises ordinary use.
public enum ScenarioGenerator {
  /// The name `--scenario` gives the generator instead of a file.
  public static let reference = "generated"

  /// The generator's version: it changes whenever a seed would draw a different scenario, and is
  /// part of a generated sweep's digest so that shards of different generators never merge.
  ///
  /// It is 3 (the workload's edits), or the version in which the newest fault family was first
  /// drawn (`FaultFamily.generatorVersion`), whichever is later: a new family's settings
  /// change every scenario drawn.
  public static let version = max(3, FaultFamily.all.map(\.generatorVersion).max() ?? 1)

  /// The first and last start dates drawn.
  static let startDates: ClosedRange<CivilDate> = {
    // Both dates exist in the proleptic Gregorian calendar.
    let first = try! CivilDate(year: 1970, month: 1, day: 1)
    let last = try! CivilDate(year: 2037, month: 12, day: 31)
    return first...last
  }()

  /// The days a drawn day offset (busy day, travel, store move) falls within.
  static let dayOffsetsDrawn = 0...59

  /// Every zone identifier Foundation knows whose day boundaries `ZoneCalendar` can compute,
  /// sorted.
  public static let zones: [String] = TimeZone.knownTimeZoneIdentifiers.sorted().filter { identifier in
    (try? ZoneCalendar(identifier: identifier)) != nil
  }

  /// The scenario of `seed`.
  public static func scenario(seed: UInt64) -> Scenario {
    var stream = RandomStream.derived(root: seed, label: "generator")
    let zone = stream.element(of: zones)
    let domainMask = stream.uniform(in: 1...7)
    let domains = Domain.allCases.enumerated().filter { index, _ in domainMask & (1 << index) != 0 }.map(\.element)
    let start = startDate(in: zone, stream: &stream)
    var scenario = Scenario(
      name: "generated-\(seed)",
      summary: "Drawn by ScenarioGenerator \(version) from seed \(seed): every field anywhere in its documented range.",
      zone: zone, start: start, domains: domains,
      payDay: stream.uniform(in: 1...31), refreshBudget: stream.uniform(in: 40...72), seed: seed)
    scenario.workload = workload(&stream)
    scenario.faults = faults(&stream, seed: seed)
    moreWorkload(&scenario.workload, seed: seed)
    scenario.travel = travel(&stream)
    // Across the date line a later local date can be an earlier instant: drop the changes the
    // run would refuse as out of order, latest first.
    while !scenario.travel.isEmpty, !isPlayable(scenario) { scenario.travel.removeLast() }
    if domains.contains(.steps), stream.happens(Chance(numerator: 1, denominator: 2)) {
      scenario.storeMove = StoreMove(
        day: stream.uniform(in: dayOffsetsDrawn), copyFails: stream.happens(Chance(numerator: 1, denominator: 2)),
        widgetOpensFirst: stream.happens(Chance(numerator: 1, denominator: 2)),
        interruptedBefore: stream.happens(Chance(numerator: 1, denominator: 2)) ? stream.element(of: StoreMoveStep.allCases) : nil)
    }
    return scenario
  }

  /// Whether ``Simulation`` accepts the scenario's itinerary.
  static func isPlayable(_ scenario: Scenario) -> Bool {
    guard let calendar = try? ZoneCalendar(identifier: scenario.zone), let first = calendar.dayInterval(of: scenario.start)
    else { return false }
    do {
      _ = try Itinerary(scenario: scenario, calendar: calendar, start: first.start)
      return true
    } catch {
      return false
    }
  }

  /// A start date that exists in `zone` (Pacific/Apia skipped 2011-12-30): the drawn date, or the
  /// next one that does.
  static func startDate(in zone: String, stream: inout RandomStream) -> CivilDate {
    let first = startDates.lowerBound.dayNumber
    var date = CivilDate(dayNumber: stream.uniform(in: first...startDates.upperBound.dayNumber))
    if let calendar = try? ZoneCalendar(identifier: zone) {
      while calendar.dayInterval(of: date) == nil { date = date.adding(days: 1) }
    }
    return date
  }

  /// A typical value three times in four, else one anywhere in `whole`.
  static func rate(_ stream: inout RandomStream, typical: ClosedRange<Int>, whole: ClosedRange<Int>) -> Int {
    stream.happens(Chance(numerator: 3, denominator: 4)) ? stream.uniform(in: typical) : stream.uniform(in: whole)
  }

  static func workload(_ stream: inout RandomStream) -> Workload {
    var workload = Workload()
    workload.wakeHour = rate(&stream, typical: 5...9, whole: 0...23)
    workload.sleepHour = max(workload.wakeHour + 1, rate(&stream, typical: 21...24, whole: 1...24))
    workload.appSessionsPerDay = rate(&stream, typical: 0...10, whole: 0...100)
    workload.tapsPerSession = rate(&stream, typical: 0...4, whole: 0...50)
    workload.widgetTapsPerDay = rate(&stream, typical: 0...12, whole: 0...200)
    workload.watchTapsPerDay = rate(&stream, typical: 0...12, whole: 0...200)
    workload.deletesPerWeek = rate(&stream, typical: 0...7, whole: 0...100)
    workload.lateNightTaps = stream.happens(Chance(numerator: 1, denominator: 2))
    workload.busyDays = (0..<stream.uniform(in: 0...3)).map { _ in stream.uniform(in: dayOffsetsDrawn) }
    workload.busyDays = Array(Set(workload.busyDays)).sorted()
    return workload
  }

  /// Every fault family's settings, in ``FaultFamily/all``'s order: those of version 1 from
  /// `stream`, the generator's own; those added in a later version from a stream of that
  /// version (`generator.faults.2`), so that every field drawn before keeps its value.
  static func faults(_ stream: inout RandomStream, seed: UInt64) -> Faults {
    var faults = Faults()
    let versions = Set(FaultFamily.all.map(\.generatorVersion)).sorted()
    for version in versions {
      let settings = FaultFamily.all.filter { $0.generatorVersion == version }.flatMap(\.settings)
      guard version > 1 else {
        for setting in settings { draw(setting, into: &faults, from: &stream) }
        continue
      }
      var own = RandomStream.derived(root: seed, label: "generator.faults.\(version)")
      for setting in settings { draw(setting, into: &faults, from: &own) }
    }
    return faults
  }

  /// Draws `setting` into `faults`: typically within its typical range, else anywhere in its
  /// bounds (``rate(_:typical:whole:)``); a chance with ``chance(_:)``.
  static func draw(_ setting: FaultSetting, into faults: inout Faults, from stream: inout RandomStream) {
    switch setting.value {
    case .integer(let path, let bounds, let typical): faults[keyPath: path] = rate(&stream, typical: typical, whole: bounds)
    case .range(let path, let bounds, let typicalLow, let typicalHigh):
      let low = rate(&stream, typical: typicalLow, whole: bounds)
      let high = max(low, rate(&stream, typical: typicalHigh, whole: bounds))
      faults[keyPath: path] = low...high
    case .chance(let path): faults[keyPath: path] = chance(&stream)
    }
  }

  /// The workload added in generator version 3, from a stream of its own, so that every field
  /// drawn before keeps its value.
  static func moreWorkload(_ workload: inout Workload, seed: UInt64) {
    var stream = RandomStream.derived(root: seed, label: "generator.workload.3")
    workload.editsPerWeek = rate(&stream, typical: 0...7, whole: 0...100)
  }

  /// A chance n/d with d in 1…20, anywhere from never to always.
  static func chance(_ stream: inout RandomStream) -> Chance {
    let denominator = UInt64(stream.uniform(in: 1...20))
    return Chance(numerator: UInt64(stream.uniform(in: 0...Int(denominator))), denominator: denominator)
  }

  /// Up to three zone changes, in order, at most one per local hour.
  static func travel(_ stream: inout RandomStream) -> [Travel] {
    var changes: [Travel] = []
    for _ in 0..<stream.uniform(in: 0...3) {
      changes.append(Travel(day: stream.uniform(in: dayOffsetsDrawn), hour: stream.uniform(in: 0...23), zone: stream.element(of: zones)))
    }
    changes.sort { ($0.day, $0.hour) < ($1.day, $1.hour) }
    // Two changes drawn for the same hour become one.
    var ordered: [Travel] = []
    for change in changes where ordered.last.map({ ($0.day, $0.hour) != (change.day, change.hour) }) ?? true {
      ordered.append(change)
    }
    return ordered
  }
}
