import GlanceKernel
import Yams

/// The keys a shrunk scenario adds: `seed`, and the `script` of exact actions and faults (`days`
/// is a plain integer). Like the rest of the schema, every error names the key path
/// (`script.actions[3].at`) and the line.
extension ScenarioReader {
  /// The keys of a script: `actions`, then every scripted fault family's list, in
  /// ``FaultFamily/all``'s order.
  static let scriptKeys = ["actions"] + FaultFamily.scripts.map(\.key)
  /// What a script is: "a mapping of actions, kills, …, storeWriteFailures and corruptedDefaults".
  static let scriptExpectation =
    "a mapping of " + scriptKeys.dropLast().joined(separator: ", ") + " and " + (scriptKeys.last ?? "")
  static let actionKeys = ["at", "kind", "minutes", "fromWidget"]
  /// The keys of an action other than `appOpen`, which has no duration.
  static let plainActionKeys = ["at", "kind"]
  static let spellKeys = ["from", "until"]

  static let instantExpectation =
    "an instant written YYYY-MM-DDTHH:MM:SS.mmmZ in UTC, such as 2026-03-10T13:44:43.020Z"
  static let seedExpectation = "an integer from 0 to \(UInt64.max)"
  static var kindExpectation: String { "one of " + ScriptedAction.Kind.names.joined(separator: ", ") }
  /// How long a scripted app session may last, in minutes.
  static let sessionMinutes: ClosedRange<Int> = 1...1440

  /// A plain decimal integer from 0 to `UInt64.max`.
  func seed(_ field: ScenarioField) throws(ScenarioError) -> UInt64 {
    try requireValue(field, expected: Self.seedExpectation)
    guard case .scalar(let scalar) = field.node, scalar.style == .plain,
      ["", Tag.Name.int.rawValue].contains(scalar.tag.description), Self.decimal(scalar.string) != nil
    else {
      throw .wrongType(
        source: source, keyPath: field.keyPath, line: field.line,
        value: Self.describe(field.node), expected: Self.seedExpectation)
    }
    // Decimal digits, perhaps with a minus sign: in range unless negative or too large.
    guard !scalar.string.hasPrefix("-"), let value = UInt64(scalar.string) else {
      throw outOfRange(field, expected: Self.seedExpectation)
    }
    return value
  }

  func script(_ field: ScenarioField) throws(ScenarioError) -> Script {
    var script = Script()
    for (key, item) in try entries(of: field, known: Self.scriptKeys, expected: Self.scriptExpectation) {
      if key == "actions" {
        script.actions = try actions(item)
        continue
      }
      guard let fault = FaultFamily.script(forKey: key) else {
        preconditionFailure("entries(of:known:) admitted the unknown key \(key)")
      }
      switch fault.entries {
      case .instants(let path, _, _, _): script.faultPlan[keyPath: path] = try instants(item, list: key)
      case .spells(let path, _, _, _): script.faultPlan[keyPath: path] = try spells(item)
      }
    }
    return script
  }

  /// Actions in strictly increasing time.
  func actions(_ field: ScenarioField) throws(ScenarioError) -> [ScriptedAction] {
    let expected = "a sequence of actions, each a mapping of at, kind and (for appOpen) minutes"
    var actions: [ScriptedAction] = []
    for item in try elements(of: field, expected: expected) {
      let (action, atField) = try action(item)
      if let previous = actions.last, action.at <= previous.at {
        throw outOfRange(
          atField, at: action.at,
          expected: "an instant after \(previous.at) (script actions are listed in strictly increasing time)")
      }
      actions.append(action)
    }
    return actions
  }

  /// The action, and the field of its `at` (where an ordering error points).
  func action(_ field: ScenarioField) throws(ScenarioError) -> (ScriptedAction, ScenarioField) {
    var values: [String: ScenarioField] = [:]
    var at: Instant?
    var kindName: String?
    var minutes: Int?
    var fromWidget = false
    for (key, value) in try entries(
      of: field, known: Self.actionKeys, expected: "a mapping of at, kind and (for appOpen) minutes")
    {
      values[key] = value
      switch key {
      case "at": at = try instant(value)
      case "kind": kindName = try kind(value)
      case "minutes": minutes = try integer(value, in: Self.sessionMinutes)
      case "fromWidget": fromWidget = try boolean(value)
      default: preconditionFailure("entries(of:known:) admitted the unknown key \(key)")
      }
    }
    guard let at, let atField = values["at"] else {
      throw .missingKey(
        source: source, keyPath: field.keyPath + ".at", line: field.line, expected: Self.instantExpectation)
    }
    guard let kindName else {
      throw .missingKey(
        source: source, keyPath: field.keyPath + ".kind", line: field.line, expected: Self.kindExpectation)
    }
    if kindName == "appOpen" {
      guard let minutes else {
        throw .missingKey(
          source: source, keyPath: field.keyPath + ".minutes", line: field.line,
          expected: Self.expectation(for: Self.sessionMinutes) + " (how long the app stays open)")
      }
      return (ScriptedAction(at: at, kind: .appOpen(minutes: minutes, fromWidget: fromWidget)), atField)
    }
    // Only an app session has a duration and an origin.
    for key in ["minutes", "fromWidget"] {
      guard let extra = values[key] else { continue }
      throw .unknownKey(
        source: source, keyPath: extra.keyPath, line: extra.line, known: Self.plainActionKeys)
    }
    let kind: ScriptedAction.Kind
    switch kindName {
    case "appTap": kind = .appTap
    case "widgetTap": kind = .widgetTap
    case "watchTap": kind = .watchTap
    case "appDelete": kind = .appDelete
    case "appEdit": kind = .appEdit
    case "appLeave": kind = .appLeave
    default: preconditionFailure("kind(_:) admitted the unknown kind \(kindName)")
    }
    return (ScriptedAction(at: at, kind: kind), atField)
  }

  /// The name of a kind of action.
  func kind(_ field: ScenarioField) throws(ScenarioError) -> String {
    let name = try text(field, expected: Self.kindExpectation, nonEmpty: true)
    guard ScriptedAction.Kind.names.contains(name) else {
      throw .unknownActionKind(
        source: source, keyPath: field.keyPath, line: field.line, value: Self.describe(field.node),
        expected: Self.kindExpectation)
    }
    return name
  }

  /// The instants of the fault list `list` (`kills`, `widgetKills`, …), never decreasing; an
  /// error names the list.
  func instants(_ field: ScenarioField, list: String) throws(ScenarioError) -> [Instant] {
    let expected = "a sequence of instants, such as [2026-03-10T13:44:43.020Z]"
    var instants: [Instant] = []
    for item in try elements(of: field, expected: expected) {
      let next = try instant(item)
      if let previous = instants.last, next < previous {
        throw outOfRange(
          item, at: next, expected: "an instant at or after \(previous) (\(list) are listed in time order)")
      }
      instants.append(next)
    }
    return instants
  }

  /// Out-of-range spells, sorted by `from`, each ending after it begins.
  func spells(_ field: ScenarioField) throws(ScenarioError) -> [OutOfRangeSpell] {
    let expected = "a sequence of spells, each a mapping of from and until"
    var spells: [OutOfRangeSpell] = []
    for item in try elements(of: field, expected: expected) {
      var values: [String: ScenarioField] = [:]
      var spell = OutOfRangeSpell(from: Instant(millisecondsSince1970: 0), until: Instant(millisecondsSince1970: 0))
      for (key, value) in try entries(of: item, known: Self.spellKeys, expected: "a mapping of from and until") {
        values[key] = value
        switch key {
        case "from": spell.from = try instant(value)
        case "until": spell.until = try instant(value)
        default: preconditionFailure("entries(of:known:) admitted the unknown key \(key)")
        }
      }
      for key in Self.spellKeys where values[key] == nil {
        throw .missingKey(
          source: source, keyPath: item.keyPath + "." + key, line: item.line, expected: Self.instantExpectation)
      }
      if let until = values["until"], spell.until <= spell.from {
        throw outOfRange(until, at: spell.until, expected: "an instant after from, \(spell.from)")
      }
      if let previous = spells.last, let from = values["from"], spell.from < previous.from {
        throw outOfRange(
          from, at: spell.from,
          expected: "an instant at or after \(previous.from) (spells are listed in order of from)")
      }
      spells.append(spell)
    }
    return spells
  }

  /// An instant written as `Instant.description` writes it, in the years a start date may have.
  func instant(_ field: ScenarioField) throws(ScenarioError) -> Instant {
    let text = try text(field, expected: Self.instantExpectation, nonEmpty: true)
    guard let instant = InstantText.parse(text) else {
      throw .badDate(
        source: source, keyPath: field.keyPath, line: field.line, value: Self.describe(field.node),
        expected: Self.instantExpectation)
    }
    // The text is exactly Instant's description, so it starts with the four digits of the year.
    guard let year = Int(text.prefix(4)), InstantText.years.contains(year) else {
      throw outOfRange(field, expected: "an instant from 1900-01-01T00:00:00.000Z to 2199-12-31T23:59:59.999Z")
    }
    return instant
  }

  /// ``ScenarioError/outOfRange(source:keyPath:line:value:expected:)`` for an instant: the value
  /// is the instant as written (an action's `at` field may be reported from its mapping).
  func outOfRange(_ field: ScenarioField, at instant: Instant, expected: String) -> ScenarioError {
    .outOfRange(
      source: source, keyPath: field.keyPath, line: field.line, value: instant.description,
      expected: expected)
  }
}
