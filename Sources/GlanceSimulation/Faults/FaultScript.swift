import GlanceKernel

/// How a ``FaultFamily`` whose faults strike at planned times is scripted, planned, queued and
/// shrunk: the key of its list in a script, where the list is kept in a ``FaultPlan``, how the
/// seed draws it, the ``FaultEvent``s it puts on the queue, and what the shrinker drops it with.
///
/// ## Laws
/// - A family's entries are drawn from its own labelled stream only, so adding a family, or a
///   draw to one, changes no other family's plan.
/// - `key` is the name of the list in a script (`kills`), and of ``Script``'s property that
///   holds it.
struct FaultScript: Sendable {
  /// The shape of a family's entries, with how each is drawn and what it puts on the queue.
  enum Entries: Sendable {
    /// Instants at which a fault is armed, never decreasing, written `[2026-03-10T13:44:43.020Z]`.
    /// They are drawn per local day, `perDay` on average, from the stream `stream`; entry
    /// number `i` (of the whole list) puts `arms(i)` on the queue at its instant.
    case instants(
      any WritableKeyPath<FaultPlan, [Instant]> & Sendable, perDay: any KeyPath<Faults, Int> & Sendable, stream: String,
      arms: @Sendable (Int) -> FaultEvent)
    /// Spells sorted by `from`, each `from < until`, written `{from: …, until: …}`, drawn by
    /// `drawn` from the scenario's faults and the run's days, its draws read from the run's choices. `begins` goes on the
    /// queue where a spell begins outside every earlier one, `ends` where each spell that
    /// reaches past the earlier ones ends (or at the end of the safety phase, if sooner): see
    /// ``FaultPlan/timedEvents(from:until:)``.
    case spells(
      any WritableKeyPath<FaultPlan, [OutOfRangeSpell]> & Sendable,
      drawn: @Sendable (_ faults: Faults, _ days: [DayPiece], _ choices: inout Choices) -> [OutOfRangeSpell], begins: FaultEvent,
      ends: FaultEvent)
  }

  /// Which whole actor the shrinker removes a family's entries with (``Shrinker``, step 3).
  enum Group: Sendable, Equatable {
    /// With the watch: its taps and these entries go together.
    case watch
    /// With the kills: every family in this group is emptied at once.
    case kills
  }

  /// The key of the family's list in a script (`kills`, `outOfRange`).
  let key: String
  let entries: Entries
  let droppedWith: Group

  init(key: String, entries: Entries, droppedWith: Group) {
    precondition(!key.isEmpty && key != "actions", "a fault list's key is its own, not \(key)")
    self.key = key
    self.entries = entries
    self.droppedWith = droppedWith
  }
}
