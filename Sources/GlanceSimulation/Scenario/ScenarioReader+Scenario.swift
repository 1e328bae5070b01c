import GlanceKernel
import Yams

/// The scenario schema: which keys each level has, their ranges, and the rules that tie fields
/// together. Keys are exactly the Swift property names of ``Scenario`` and its parts; mappings are
/// read in file order, so the first bad key in the file is the one reported.
extension ScenarioReader {
  static let scenarioKeys = [
    "name", "summary", "zone", "start", "domains", "payDay", "refreshBudget", "workload", "faults",
    "travel", "storeMove", "seed", "days", "aroundBoundaryMinutes", "script",
  ]
  static let workloadKeys = [
    "wakeHour", "sleepHour", "appSessionsPerDay", "tapsPerSession", "widgetTapsPerDay",
    "watchTapsPerDay", "deletesPerWeek", "editsPerWeek", "lateNightTaps", "busyDays",
  ]
  /// The keys of the `faults:` section: every fault family's, in ``FaultFamily/all``'s order.
  static let faultsKeys = FaultFamily.settings.map(\.key)
  static let travelKeys = ["day", "hour", "zone"]
  static let storeMoveKeys = ["day", "minute", "copyFails", "widgetOpensFirst", "interruptedBefore"]
  /// The keys a store move must have (`minute` and `interruptedBefore` are optional).
  static let storeMoveRequiredKeys = ["day", "copyFails", "widgetOpensFirst"]
  static var storeMoveStepExpectation: String {
    "one of " + StoreMoveStep.allCases.map(\.rawValue).joined(separator: ", ")
  }

  /// The years a start date may fall in: those whose day boundaries ``ZoneCalendar`` caches.
  static let startYears: ClosedRange<Int> = 1900...2199
  /// Day offsets from the start: any non-negative integer.
  static let dayOffsets: ClosedRange<Int> = 0...Int.max

  static let nameExpectation =
    "a name of 1 to 64 ASCII letters, digits, '.', '-' or '_', "
    + "not starting with '.', such as default"
  static let zoneExpectation = "an IANA time zone identifier, such as Europe/Zurich"
  static let dateExpectation = "a date written YYYY-MM-DD that exists, such as 2026-03-10"
  static let domainExpectation = "one of tally, steps, budget"
  static let chanceExpectation = "a chance n/d with 0 ≤ n ≤ d and d > 0, such as \"1/20\""

  /// The scenario in the document's root mapping.
  func scenario(from root: Node) throws(ScenarioError) -> Scenario {
    let top = ScenarioField(node: root, keyPath: "", line: root.mark?.line ?? 1)
    // Defaults come from the model itself; the placeholder name and start are checked below.
    var draft = Scenario(name: "", start: CivilDate(dayNumber: 0))
    var nameSeen = false
    var startField: ScenarioField?
    var storeMoveField: ScenarioField?
    let entries = try entries(
      of: top, known: Self.scenarioKeys, expected: "a mapping of scenario keys")
    for (key, field) in entries {
      switch key {
      case "name":
        draft.name = try name(field)
        nameSeen = true
      case "summary":
        draft.summary = try text(field, expected: "a sentence or two", nonEmpty: false)
      case "zone": draft.zone = try zone(field)
      case "start":
        draft.start = try date(field)
        startField = field
      case "domains": draft.domains = try domains(field)
      case "payDay": draft.payDay = try integer(field, in: 1...31)
      case "refreshBudget": draft.refreshBudget = try integer(field, in: 40...72)
      case "workload": draft.workload = try workload(field)
      case "faults": draft.faults = try faults(field)
      case "travel": draft.travel = try travel(field)
      case "storeMove":
        draft.storeMove = try storeMove(field)
        storeMoveField = field
      case "seed": draft.seed = try seed(field)
      case "days": draft.days = try integer(field, in: Limits.days)
      case "aroundBoundaryMinutes": draft.aroundBoundaryMinutes = try integer(field, in: Limits.aroundBoundaryMinutes)
      case "script": draft.script = try script(field)
      default: preconditionFailure("entries(of:known:) admitted the unknown key \(key)")
      }
    }
    guard nameSeen else {
      throw .missingKey(
        source: source, keyPath: "name", line: top.line, expected: Self.nameExpectation)
    }
    guard let startField else {
      throw .missingKey(
        source: source, keyPath: "start", line: top.line, expected: Self.dateExpectation)
    }
    try checkStart(draft.start, exists: draft.zone, field: startField, zoneLine: top.line)
    if let storeMoveField, !draft.domains.contains(.steps) {
      throw .requiresDomain(
        source: source, keyPath: "storeMove", line: storeMoveField.line, domain: .steps)
    }
    let scenario = Scenario(
      name: draft.name, summary: draft.summary, zone: draft.zone, start: draft.start,
      domains: draft.domains, payDay: draft.payDay, refreshBudget: draft.refreshBudget,
      workload: draft.workload, faults: draft.faults, travel: draft.travel,
      storeMove: draft.storeMove, seed: draft.seed, days: draft.days, script: draft.script,
      aroundBoundaryMinutes: draft.aroundBoundaryMinutes)
    assert(!scenario.name.isEmpty, "a loaded scenario has a name")
    assert(
      scenario.workload.wakeHour < scenario.workload.sleepHour,
      "hours in order: \(scenario.workload)")
    assert(!scenario.domains.isEmpty, "a loaded scenario has a domain")
    return scenario
  }

  /// The start date must exist in the start zone (Pacific/Apia skipped 2011-12-30).
  func checkStart(
    _ start: CivilDate, exists zone: String, field: ScenarioField, zoneLine: Int
  )
    throws(ScenarioError)
  {
    let calendar: ZoneCalendar
    do throws(ZoneCalendarError) {
      calendar = try ZoneCalendar(identifier: zone)
    } catch {
      // Only the default zone gets here unchecked; Foundation without tzdata lacks it.
      throw .unknownZone(
        source: source, keyPath: "zone", line: zoneLine, value: zone, expected: Self.zoneExpectation
      )
    }
    guard calendar.dayInterval(of: start) != nil else {
      throw .badDate(
        source: source, keyPath: field.keyPath, line: field.line, value: start.description,
        expected: "a date that exists in \(zone) (the zone skipped \(start))")
    }
  }

  // MARK: Sections

  func workload(_ field: ScenarioField) throws(ScenarioError) -> Workload {
    var workload = Workload()
    var wakeField: ScenarioField?
    var sleepField: ScenarioField?
    for (key, item) in try entries(
      of: field, known: Self.workloadKeys, expected: "a mapping of workload keys")
    {
      switch key {
      case "wakeHour":
        workload.wakeHour = try integer(item, in: 0...23)
        wakeField = item
      case "sleepHour":
        workload.sleepHour = try integer(item, in: 1...24)
        sleepField = item
      case "appSessionsPerDay": workload.appSessionsPerDay = try integer(item, in: 0...100)
      case "tapsPerSession": workload.tapsPerSession = try integer(item, in: 0...50)
      case "widgetTapsPerDay": workload.widgetTapsPerDay = try integer(item, in: 0...200)
      case "watchTapsPerDay": workload.watchTapsPerDay = try integer(item, in: 0...200)
      case "deletesPerWeek": workload.deletesPerWeek = try integer(item, in: 0...100)
      case "editsPerWeek": workload.editsPerWeek = try integer(item, in: 0...100)
      case "lateNightTaps": workload.lateNightTaps = try boolean(item)
      case "busyDays":
        let expected = "a sequence of day offsets (integers of at least 0), such as [10]"
        workload.busyDays = []
        for day in try elements(of: item, expected: expected) {
          workload.busyDays.append(try integer(day, in: Self.dayOffsets))
        }
      default: preconditionFailure("entries(of:known:) admitted the unknown key \(key)")
      }
    }
    let (wake, sleep) = (workload.wakeHour, workload.sleepHour)
    if sleep <= wake {
      // Blame the key the file wrote; sleepHour when it wrote both.
      if let sleepField {
        throw outOfRange(
          sleepField, expected: "an integer from \(wake + 1) to 24 (after wakeHour \(wake))")
      }
      if let wakeField {
        throw outOfRange(
          wakeField, expected: "an integer from 0 to \(sleep - 1) (before sleepHour \(sleep))")
      }
      preconditionFailure("the default workload hours \(wake)…\(sleep) are out of order")
    }
    return workload
  }

  /// The `faults:` section: each key read as its family's ``FaultSetting`` says.
  func faults(_ field: ScenarioField) throws(ScenarioError) -> Faults {
    var faults = Faults()
    for (key, item) in try entries(
      of: field, known: Self.faultsKeys, expected: "a mapping of fault keys")
    {
      guard let setting = FaultFamily.setting(forKey: key) else {
        preconditionFailure("entries(of:known:) admitted the unknown key \(key)")
      }
      switch setting.value {
      case .integer(let path, let bounds, _): faults[keyPath: path] = try integer(item, in: bounds)
      case .range(let path, let bounds, _, _): faults[keyPath: path] = try range(item, within: bounds)
      case .chance(let path): faults[keyPath: path] = try chance(item)
      }
    }
    return faults
  }

  func travel(_ field: ScenarioField) throws(ScenarioError) -> [Travel] {
    let expected = "a sequence of zone changes, each a mapping of day, hour and zone"
    var changes: [Travel] = []
    for item in try elements(of: field, expected: expected) {
      var values: [String: ScenarioField] = [:]
      var change = Travel(day: 0, hour: 0, zone: "")
      for (key, value) in try entries(
        of: item, known: Self.travelKeys, expected: "a mapping of day, hour and zone")
      {
        values[key] = value
        switch key {
        case "day": change.day = try integer(value, in: Self.dayOffsets)
        case "hour": change.hour = try integer(value, in: 0...23)
        case "zone": change.zone = try zone(value)
        default: preconditionFailure("entries(of:known:) admitted the unknown key \(key)")
        }
      }
      try requireKeys(Self.travelKeys, in: values, of: item)
      if let previous = changes.last, let dayField = values["day"], let hourField = values["hour"] {
        try checkOrder(change, after: previous, dayField: dayField, hourField: hourField)
      }
      changes.append(change)
    }
    return changes
  }

  /// Zone changes are listed in time order, at most one per local hour.
  func checkOrder(
    _ change: Travel, after previous: Travel, dayField: ScenarioField, hourField: ScenarioField
  )
    throws(ScenarioError)
  {
    if change.day < previous.day {
      throw outOfRange(
        dayField,
        expected: "an integer of at least \(previous.day) (zone changes are listed in order)")
    }
    if change.day == previous.day && change.hour <= previous.hour {
      if previous.hour == 23 {
        throw outOfRange(
          dayField,
          expected: "an integer of at least \(previous.day + 1) (zone changes are listed in order)")
      }
      throw outOfRange(
        hourField,
        expected:
          "an integer from \(previous.hour + 1) to 23 "
          + "(after the change at hour \(previous.hour) of day \(previous.day))"
      )
    }
  }

  func storeMove(_ field: ScenarioField) throws(ScenarioError) -> StoreMove {
    let expected = "a mapping of day, (optional) minute, copyFails, widgetOpensFirst and (optional) interruptedBefore"
    var values: [String: ScenarioField] = [:]
    var move = StoreMove(day: 0, copyFails: false, widgetOpensFirst: false)
    for (key, value) in try entries(of: field, known: Self.storeMoveKeys, expected: expected) {
      values[key] = value
      switch key {
      case "day": move.day = try integer(value, in: Self.dayOffsets)
      case "minute": move.minute = try integer(value, in: 0...StoreMove.minutesMax)
      case "copyFails": move.copyFails = try boolean(value)
      case "widgetOpensFirst": move.widgetOpensFirst = try boolean(value)
      case "interruptedBefore":
        let name = try text(value, expected: Self.storeMoveStepExpectation, nonEmpty: true)
        guard let step = StoreMoveStep(rawValue: name) else { throw outOfRange(value, expected: Self.storeMoveStepExpectation) }
        move.interruptedBefore = step
      default: preconditionFailure("entries(of:known:) admitted the unknown key \(key)")
      }
    }
    try requireKeys(Self.storeMoveRequiredKeys, in: values, of: field)
    return move
  }

  /// Throws ``ScenarioError/missingKey(source:keyPath:line:expected:)`` for the first key of
  /// `keys` (in schema order) that `values` lacks.
  func requireKeys(
    _ keys: [String], in values: [String: ScenarioField], of field: ScenarioField
  )
    throws(ScenarioError)
  {
    for key in keys where values[key] == nil {
      let expected: String
      switch key {
      case "hour": expected = Self.expectation(for: 0...23)
      case "zone": expected = Self.zoneExpectation
      case "copyFails", "widgetOpensFirst": expected = "true or false"
      default: expected = Self.expectation(for: Self.dayOffsets)
      }
      throw .missingKey(
        source: source, keyPath: field.keyPath + "." + key, line: field.line, expected: expected)
    }
  }

  // MARK: Values

  func name(_ field: ScenarioField) throws(ScenarioError) -> String {
    let name = try text(field, expected: Self.nameExpectation, nonEmpty: true)
    let allowed = name.utf8.allSatisfy { byte in
      (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
        || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
        || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
        || [UInt8(ascii: "."), UInt8(ascii: "-"), UInt8(ascii: "_")].contains(byte)
    }
    guard allowed, name.utf8.count <= 64, name.first != "." else {
      throw .invalidName(
        source: source, keyPath: field.keyPath, line: field.line, value: Self.describe(field.node),
        expected: Self.nameExpectation)
    }
    return name
  }

  /// The identifier, as written, of a zone Foundation knows. Text that cannot be an identifier
  /// never reaches Foundation.
  func zone(_ field: ScenarioField) throws(ScenarioError) -> String {
    let identifier = try text(field, expected: Self.zoneExpectation, nonEmpty: true)
    let plausible =
      identifier.utf8.count <= 64
      && identifier.utf8.allSatisfy { byte in
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
          || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
          || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
          || [UInt8(ascii: "/"), UInt8(ascii: "_"), UInt8(ascii: "-"), UInt8(ascii: "+")].contains(
            byte)
      }
    do throws(ZoneCalendarError) {
      guard plausible else { throw .unknownZone(identifier) }
      _ = try ZoneCalendar(identifier: identifier)
      return identifier
    } catch {
      throw .unknownZone(
        source: source, keyPath: field.keyPath, line: field.line, value: Self.describe(field.node),
        expected: Self.zoneExpectation)
    }
  }

  func date(_ field: ScenarioField) throws(ScenarioError) -> CivilDate {
    let text = try text(field, expected: Self.dateExpectation, nonEmpty: true)
    let date: CivilDate
    do throws(CivilDateError) {
      date = try CivilDate(iso8601: text)
    } catch {
      throw .badDate(
        source: source, keyPath: field.keyPath, line: field.line, value: Self.describe(field.node),
        expected: Self.dateExpectation)
    }
    guard Self.startYears.contains(date.year) else {
      throw outOfRange(field, expected: "a date from 1900-01-01 to 2199-12-31")
    }
    return date
  }

  func domains(_ field: ScenarioField) throws(ScenarioError) -> [Domain] {
    let expected = "a sequence of domains from tally, steps, budget, such as [tally, steps]"
    let items = try elements(of: field, expected: expected)
    guard !items.isEmpty else {
      throw .emptyValue(
        source: source, keyPath: field.keyPath, line: field.line, expected: expected)
    }
    var domains: [Domain] = []
    for item in items {
      let text = try text(item, expected: Self.domainExpectation, nonEmpty: true)
      guard let domain = Domain(rawValue: text) else {
        throw .unknownDomain(
          source: source, keyPath: item.keyPath, line: item.line, value: Self.describe(item.node),
          expected: Self.domainExpectation)
      }
      domains.append(domain)
    }
    return domains
  }

  /// `[low, high]` with both within `bounds` and `low <= high`.
  func range(
    _ field: ScenarioField, within bounds: ClosedRange<Int>
  ) throws(ScenarioError)
    -> ClosedRange<Int>
  {
    let expected =
      "two integers [low, high] from \(bounds.lowerBound) to \(bounds.upperBound) "
      + "with low ≤ high, such as [20, 180]"
    let items = try elements(of: field, expected: expected)
    guard items.count == 2 else {
      throw .badRange(
        source: source, keyPath: field.keyPath, line: field.line, value: Self.describe(field.node),
        expected: expected)
    }
    let low = try integer(items[0], in: bounds)
    let high = try integer(items[1], in: bounds)
    guard low <= high else {
      throw .badRange(
        source: source, keyPath: field.keyPath, line: field.line, value: Self.describe(field.node),
        expected: expected)
    }
    return low...high
  }

  /// `n/d` in decimal digits, with `0 <= n <= d` and `d > 0`.
  func chance(_ field: ScenarioField) throws(ScenarioError) -> Chance {
    let text = try text(field, expected: Self.chanceExpectation, nonEmpty: true)
    let parts = text.split(separator: "/", omittingEmptySubsequences: false)
    let numbers = parts.map { part -> UInt64? in
      guard !part.isEmpty,
        part.utf8.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) })
      else { return nil }
      return UInt64(part)
    }
    guard numbers.count == 2, let numerator = numbers[0], let denominator = numbers[1],
      denominator > 0, numerator <= denominator
    else {
      throw .badChance(
        source: source, keyPath: field.keyPath, line: field.line, value: Self.describe(field.node),
        expected: Self.chanceExpectation)
    }
    return Chance(numerator: numerator, denominator: denominator)
  }

  func outOfRange(_ field: ScenarioField, expected: String) -> ScenarioError {
    .outOfRange(
      source: source, keyPath: field.keyPath, line: field.line, value: Self.describe(field.node),
      expected: expected)
  }
}
