import GlanceKernel

@testable import GlanceSimulation

/// The reference for the fingerprints of a play's state (``DomainPlay/fingerprint(into:)``): a
/// canonical text of everything the play holds, found by reflection (`Mirror`) rather than by
/// the hand-written lists the fingerprints feed, so a field a list forgets is still read here.
///
/// The abstraction is written down a second time, in the same words as the DocC (Exploring
/// small worlds, Counting states): the fields a state leaves out, by type and name
/// (``leftOut``), the order-free parts read in a canonical order (the queue's events in the order
/// they pop, the port's requests in the order asked, a dictionary's or a set's entries sorted),
/// and the one count that decides only through a difference (``derived``).
enum StateReflection {
  /// The fields a state leaves out, as `Type.field` (generic arguments dropped): constants of a
  /// play, history, the judge, the trace, figures kept for the report, caches, ports.
  static let leftOut: Set<String> = [
    // The play: its run and timed events (one per plan), the judge, the events popped, the result.
    "DomainPlay.run", "DomainPlay.timed", "DomainPlay.judge", "DomainPlay.eventCount", "DomainPlay.result",
    // The world: the door (its explorer feeds the faults drawn), the trace, figures and charts.
    "World.choices", "World.recent", "World.recentNext", "World.kills", "World.outOfRangeSpells", "World.deliveries",
    "FaultInjector.struck", "FaultInjector.coverage",
    "WidgetHost.requests", "WidgetHost.charged", "WidgetHost.denied", "WidgetHost.firstDenial", "WidgetHost.denials",
    "StoreFaults.struck", "StoreFaults.busyStruck", "StoreFaults.asks",
    // Stores and logs: the backend's names, the caches and the change feed that serves them.
    "RunStores.backend", "RunStores.prefix",
    "SimulatedEventLog.stores", "SimulatedEventLog.replicaMemo", "SimulatedEventLog.version", "SimulatedEventLog.feed",
    "SimulatedEventLog.feedStarts", "SimulatedEventLog.feedFrom", "SimulatedEventLog.durable",
    "SimulatedEventLog.memoryFingerprint",
    // Designs and engines: the platform (nothing between two calls but figures), memos, ports.
    "ConvergedTally.platform", "ConvergedTally.appMemo", "ConvergedTally.watchMemo", "ConvergedTally.provider",
    "TallyPhone.link", "TallyPhone.liveAdds", "TallyPhone.digests", "TallyPhone.changes", "TallyPhone.pushed",
    "TallyWatch.link", "TallyWatch.liveAdds",
    "ReloadCoordinator.reloader", "ReloadCoordinator.wakes",
    "ConvergedBudget.platform", "ConvergedBudget.memo", "ConvergedBudget.provider", "BudgetApp.widgets",
    "ConvergedSteps.platform", "ConvergedSteps.memo", "ConvergedSteps.storedMemo", "ConvergedSteps.provider",
    "ConvergedSteps.stores", "StepsApp.views",
    // The persons' caches.
    "BudgetPerson.byPeriod",
  ]

  /// What a type's state holds beyond its fields read one by one: a count that decides only
  /// through a difference (the phone engine pushes when it wrote since its last digest).
  static let derived: [String: @Sendable (Mirror) -> String] = [
    "TallyPhone": { mirror in "changes-pushed: \(Reflection.int(mirror, "changes") - Reflection.int(mirror, "pushed"))" }
  ]

  /// The canonical text of `value`'s state, leaving out what ``leftOut`` and `more` name.
  static func text(of value: Any, leavingOut more: Set<String> = []) -> String {
    var reflection = Reflection(leftOut: leftOut.union(more))
    return reflection.text(of: value)
  }
}

/// One reflection: the fields it leaves out, and the objects on the path it is reading (an
/// object met again on its own path is a cycle).
private struct Reflection {
  let leftOut: Set<String>
  var visiting = Set<ObjectIdentifier>()

  init(leftOut: Set<String>) { self.leftOut = leftOut }

  mutating func text(of value: Any) -> String {
    let mirror = Mirror(reflecting: value)
    let type = Self.name(of: mirror.subjectType)
    if let calendar = value as? ZoneCalendar { return "zone(\(calendar.identifier))" }
    if type == "EventQueue" { return pending(in: mirror) }
    if type == "SchedulingPort" { return asked(in: mirror) }
    if mirror.displayStyle == .class {
      let object = ObjectIdentifier(value as AnyObject)
      guard visiting.insert(object).inserted else { return "cycle(\(type))" }
      defer { visiting.remove(object) }
      return fields(of: mirror, type: type)
    }
    switch mirror.displayStyle {
    case .optional:
      guard let wrapped = mirror.children.first else { return "nil" }
      return text(of: wrapped.value)
    case .collection:
      return "[" + mirror.children.map { text(of: $0.value) }.joined(separator: ", ") + "]"
    case .dictionary, .set:
      return "{" + mirror.children.map { text(of: $0.value) }.sorted().joined(separator: ", ") + "}"
    case .enum:
      guard let payload = mirror.children.first else { return "\(type).\(value)" }
      return "\(type).\(payload.label ?? "?")(\(text(of: payload.value)))"
    case .struct, .tuple:
      return fields(of: mirror, type: type)
    default:
      return mirror.children.isEmpty ? String(reflecting: value) : fields(of: mirror, type: type)
    }
  }

  /// `{label: text, …}` for every field not left out, and what the type derives.
  private mutating func fields(of mirror: Mirror, type: String) -> String {
    var parts: [String] = []
    for (index, child) in mirror.children.enumerated() {
      let label = child.label ?? ".\(index)"
      guard !leftOut.contains("\(type).\(label)") else { continue }
      parts.append("\(label): \(text(of: child.value))")
    }
    if let derive = StateReflection.derived[type] { parts.append(derive(mirror)) }
    return "\(type){" + parts.joined(separator: ", ") + "}"
  }

  /// The queue's pending events in the order they pop (by time, then by push), each with its
  /// time: not the heap's layout, the slots or the sequence numbers.
  private mutating func pending(in mirror: Mirror) -> String {
    let slots = Array(Mirror(reflecting: Self.field(mirror, "keys")!).children.map(\.value))
    let events = Array(Mirror(reflecting: Self.field(mirror, "slots")!).children.map(\.value))
    let keys = slots.map { key -> (time: Instant, sequence: UInt64, slot: Int) in
      let key = Mirror(reflecting: key)
      return (Self.field(key, "time") as! Instant, Self.field(key, "sequence") as! UInt64, Self.field(key, "slot") as! Int)
    }
    let ordered = keys.sorted { ($0.time, $0.sequence) < ($1.time, $1.sequence) }
    return "queue["
      + ordered.map { "\($0.time.millisecondsSince1970): \(text(of: events[$0.slot]))" }
      .joined(separator: ", ") + "]"
  }

  /// The port's requests not yet taken, in the order asked (a taken slot is empty).
  private mutating func asked(in mirror: Mirror) -> String {
    let slots = Mirror(reflecting: Self.field(mirror, "slots")!).children.map(\.value)
    let requests = slots.map { text(of: $0) }.filter { $0 != "nil" }
    return "port[" + requests.joined(separator: ", ") + "]"
  }

  private static func field(_ mirror: Mirror, _ label: String) -> Any? {
    mirror.children.first { $0.label == label }?.value
  }

  static func int(_ mirror: Mirror, _ label: String) -> Int { Self.field(mirror, label) as? Int ?? Int.min }

  /// A type's name without its generic arguments or module.
  private static func name(of type: Any.Type) -> String {
    let full = String(describing: type)
    return String(full.prefix { $0 != "<" })
  }
}
