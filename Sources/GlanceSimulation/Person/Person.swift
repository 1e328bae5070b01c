import GlanceKernel

/// The person of one domain: decides what each action they perform means (its ``Deed``), from a
/// ledger of their own of what they did, the way a person knows which tap they are undoing
/// without asking the app. The engine asks the person; the design learns the deed by performing
/// it through its platform, the judge by being fed it (its truth never interprets an action).
///
/// ## Laws
/// - ``act(_:in:)`` is a pure function of the actions acted on before, the action, and the
///   zone: two persons fed the same actions mean the same deeds.
/// - A deed that removes or replaces a record names a record a previous deed of this person
///   made and no later deed removed (``liveRecords``).
/// - ``liveRecords`` holds every record a deed made and no later deed removed, sorted.
/// - Two persons that feed ``fingerprint(into:)`` the same mean the same deeds by every later
///   action (their ledgers agree; a cache is left out).
protocol Person {
  /// What `action`, performed at its time with the device in `calendar`'s zone, means; `nil`
  /// when it changes nothing (a delete with nothing to delete, a tap where the domain has no
  /// "+"). The person remembers it.
  mutating func act(_ action: PlannedAction, in calendar: ZoneCalendar) -> Deed?
  /// The records the person made and has not removed, sorted.
  var liveRecords: [Record] { get }
  /// Feeds `hasher` the person's ledger, for an exploration that counts distinct states.
  func fingerprint(into hasher: inout StateHasher)
}
