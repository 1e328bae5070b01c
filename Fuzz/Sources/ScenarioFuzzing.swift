import GlanceKernel
import GlanceSimulation

/// `ScenarioLoader.load(yaml:source:)` on any text (through Yams and libyaml).
///
/// Laws checked (from `ScenarioLoader.swift`, `Scenario.swift` and `ScenarioError.swift`):
/// - a loaded scenario has every field within its documented range, a valid name, `sleepHour >
///   wakeHour`, sorted distinct domains, travel in time order (at most one change per hour) to
///   known zones, a start date from 1900 to 2199 that exists in its zone, and a store move only
///   with the steps domain; loading the same text again gives the same scenario;
/// - an error's description starts with the source and stays on one line; its line is a line of
///   the text (or the end of it), and a duplicate key's first occurrence is not after its second.
enum ScenarioFuzzing {
  static let source = "fuzz.yaml"

  static func run(_ bytes: [UInt8]) {
    let text = String(decoding: bytes, as: UTF8.self)
    let scenario: Scenario
    do throws(ScenarioError) {
      scenario = try ScenarioLoader.load(yaml: text, source: source)
    } catch {
      checkError(error, text: text)
      return
    }
    checkLaws(scenario, text: text)
    law(
      (try? ScenarioLoader.load(yaml: text, source: source)) == scenario,
      "\(text.debugDescription): a second load differs")
  }

  static func checkError(_ error: ScenarioError, text: String) {
    let description = error.description
    let context = "\(text.debugDescription) refused with \(description.debugDescription)"
    law(description.hasPrefix(source), "\(context): does not start with the source")
    law(!description.contains(where: \.isNewline), "\(context): spans more than one line")
    if let line = error.line {
      // libyaml puts the end of the input on the line after the last one.
      law((1...lineCount(text) + 1).contains(line), "\(context): line \(line) is not in the text")
    }
    if case .duplicateKey(_, _, let line, let firstLine) = error {
      law(firstLine <= line, "\(context): the first occurrence comes after the second")
    }
  }

  /// The lines of `text` as YAML counts them: breaks are LF, CR, CR LF, NEL, LS and PS; the
  /// line after the last break counts, even when empty.
  static func lineCount(_ text: String) -> Int {
    var count = 1
    var previous: Unicode.Scalar?
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\n" where previous == "\r": break
      case "\n", "\r", "\u{85}", "\u{2028}", "\u{2029}": count += 1
      default: break
      }
      previous = scalar
    }
    return count
  }

  static func checkLaws(_ scenario: Scenario, text: String) {
    let context = "\(text.debugDescription) loaded as \(scenario)"
    let name = scenario.name.utf8
    law(
      (1...64).contains(name.count) && name.first != UInt8(ascii: ".")
        && name.allSatisfy { byte in
          (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
            || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
            || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
            || [UInt8(ascii: "."), UInt8(ascii: "-"), UInt8(ascii: "_")].contains(byte)
        },
      "\(context): invalid name")
    law((1...31).contains(scenario.payDay), "\(context): payDay")
    law((40...72).contains(scenario.refreshBudget), "\(context): refreshBudget")
    law(
      !scenario.domains.isEmpty && scenario.domains == Array(Set(scenario.domains)).sorted(),
      "\(context): domains")
    law(scenario.storeMove == nil || scenario.domains.contains(.steps), "\(context): storeMove")
    if let move = scenario.storeMove { law(move.day >= 0, "\(context): storeMove.day") }
    checkWorkload(scenario.workload, context: context)
    checkFaults(scenario.faults, context: context)
    checkTravel(scenario.travel, context: context)
    law((1900...2199).contains(scenario.start.year), "\(context): start year")
    guard let calendar = try? ZoneCalendar(identifier: scenario.zone) else {
      law(false, "\(context): unknown zone \(scenario.zone)")
      return
    }
    law(calendar.dayInterval(of: scenario.start) != nil, "\(context): start skipped by the zone")
  }

  static func checkWorkload(_ workload: Workload, context: String) {
    law((0...23).contains(workload.wakeHour), "\(context): wakeHour")
    law((1...24).contains(workload.sleepHour), "\(context): sleepHour")
    law(workload.wakeHour < workload.sleepHour, "\(context): hours out of order")
    law((0...100).contains(workload.appSessionsPerDay), "\(context): appSessionsPerDay")
    law((0...50).contains(workload.tapsPerSession), "\(context): tapsPerSession")
    law((0...200).contains(workload.widgetTapsPerDay), "\(context): widgetTapsPerDay")
    law((0...200).contains(workload.watchTapsPerDay), "\(context): watchTapsPerDay")
    law((0...100).contains(workload.deletesPerWeek), "\(context): deletesPerWeek")
    law(workload.busyDays.allSatisfy { $0 >= 0 }, "\(context): busyDays")
  }

  static func checkFaults(_ faults: Faults, context: String) {
    law((0...100).contains(faults.appKillsPerDay), "\(context): appKillsPerDay")
    law((0...50).contains(faults.watchOutOfRangePerDay), "\(context): watchOutOfRangePerDay")
    let minutes = faults.watchOutOfRangeMinutes
    law(
      (1...1440).contains(minutes.lowerBound) && (1...1440).contains(minutes.upperBound),
      "\(context): watchOutOfRangeMinutes")
    law((0...3600).contains(faults.lateFiringSecondsMax), "\(context): lateFiringSecondsMax")
    let chance = faults.duplicateDelivery
    law(
      chance.denominator > 0 && chance.numerator <= chance.denominator,
      "\(context): duplicateDelivery")
  }

  static func checkTravel(_ travel: [Travel], context: String) {
    for (index, change) in travel.enumerated() {
      law(change.day >= 0 && (0...23).contains(change.hour), "\(context): travel[\(index)]")
      law((try? ZoneCalendar(identifier: change.zone)) != nil, "\(context): travel[\(index)].zone")
      if index > 0 {
        let previous = travel[index - 1]
        law(
          (previous.day, previous.hour) < (change.day, change.hour),
          "\(context): travel[\(index)] out of order")
      }
    }
  }
}
