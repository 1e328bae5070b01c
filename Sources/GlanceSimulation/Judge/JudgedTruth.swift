import Foundation
import GlanceKernel

/// The truth the checkers judge by: the domain's model fed every deed the person meant, the
/// instant of each deed, and the live records in id order. Owned by the ``Judge`` and lent to
/// its checkers; a design never sees it.
///
/// ## Laws
/// - ``deeds`` counts the deeds taken in, and ``deedInstants`` holds their instants in the order
///   they came (time order).
/// - ``liveByID`` holds exactly the model's ``DomainModel/liveRecords``, in id order, and
///   ``liveIDs`` their ids in the same order.
/// - ``expected(on:at:today:in:zoneChanges:)`` answers what the model answers; an answer is
///   computed once per run for every judge whose truth took the same deeds (``TruthAnswers``).
struct JudgedTruth {
  private var model: any DomainModel
  /// The answers shared with the judges of the run's other designs of the domain.
  private let answers: TruthAnswers
  /// The history of deeds taken so far, as a node of ``answers``' tree.
  private var history = 0
  /// Every action of the run, by id and by instant (looked up, never iterated).
  let actions: ActionIndex
  private(set) var deeds = 0
  /// The instant of every deed, in time order: where a device's knowledge may stop.
  private(set) var deedInstants: [Instant] = []
  /// The model's live records in id order, kept as deeds come: what a store that names its
  /// records by id is merged with.
  private(set) var liveByID: [Record] = []
  /// Their ids, in the same order: a store that holds exactly them is audited by one comparison.
  private(set) var liveIDs: [EventID] = []

  /// A truth of `model`, whose answers are shared through `answers` (a run's judges of one
  /// domain share one; by default, this truth's own).
  init(model: any DomainModel, actions: ActionIndex, answers: TruthAnswers = TruthAnswers()) {
    self.model = model
    self.actions = actions
    self.answers = answers
  }

  /// The live records, sorted by instant.
  var liveRecords: [Record] { model.liveRecords }

  /// Takes in `deed`, which the person meant by an action performed at `instant` on `device`
  /// with the device in `calendar`'s zone.
  mutating func take(_ deed: Deed, at instant: Instant, on device: Device, in calendar: ZoneCalendar) {
    model.apply(deed, at: instant, on: device, in: calendar)
    history = answers.node(after: history, taking: deed, at: instant, on: device, zone: calendar.zone.identifier)
    deeds += 1
    deedInstants.append(instant)
    switch deed {
    case .add(let record), .expense(let record, _), .complete(_, let record):
      insertLive(record)
    case .remove(let record), .uncomplete(_, let record):
      removeLive(record)
    case .amend(let target, let replacement, _):
      removeLive(target)
      insertLive(replacement)
    case .editTasks:
      // Deleting a task deletes its steps' completions (a rare action: sort again).
      liveByID = model.liveRecords.sorted { $0.id < $1.id }
      liveIDs = liveByID.map(\.id)
    }
    assert(liveByID.map(\.id) == model.liveRecords.map(\.id).sorted(), "the live records by id follow the model's")
    assert(liveIDs == liveByID.map(\.id), "the live ids follow the live records")
  }

  /// What `surface` should show (``DomainModel/expected(on:at:today:in:)``), with the device in
  /// `calendar`'s zone, the run's `zoneChanges`-th. `calendar` is read only when the model is
  /// asked: an answer already given needs none (a copy of a calendar costs a retain and a
  /// release of its zone and its name).
  mutating func expected(
    on surface: Surface, at instant: Instant, today: DayInterval, in calendar: @autoclosure () -> ZoneCalendar, zoneChanges: Int
  ) -> Display {
    let key = TruthAnswers.Key(surface: surface, dayStart: today.start, zoneChanges: zoneChanges, unknownSince: nil)
    return answers.answer(at: history, key) { model.expected(on: surface, at: instant, today: today, in: calendar()) }
  }

  /// What `surface` should show while the other device's deeds from `since` are unknown to it
  /// (``DomainModel/expected(on:at:today:in:unknownSince:until:)``), with the device in
  /// `calendar`'s zone, the run's `zoneChanges`-th; `calendar` is read only when the model is
  /// asked.
  mutating func expected(
    on surface: Surface, at instant: Instant, today: DayInterval, in calendar: @autoclosure () -> ZoneCalendar, zoneChanges: Int,
    unknownSince since: Instant
  ) -> Display {
    let key = TruthAnswers.Key(surface: surface, dayStart: today.start, zoneChanges: zoneChanges, unknownSince: since)
    return answers.answer(at: history, key) {
      model.expected(on: surface, at: instant, today: today, in: calendar(), unknownSince: since, until: nil)
    }
  }

  /// What `surface` would show if its device knew the other device's deeds but those from
  /// `since` (until `until`) (``DomainModel/expected(on:at:today:in:unknownSince:until:)``): the
  /// knowledge the judge tries when a surface disagrees. Asked of the model, not shared: each
  /// disagreement tries its own cuts, which another judge seldom tries again.
  mutating func expected(
    on surface: Surface, at instant: Instant, today: DayInterval, in calendar: ZoneCalendar, unknownSince since: Instant,
    until: Instant?
  ) -> Display {
    model.expected(on: surface, at: instant, today: today, in: calendar, unknownSince: since, until: until)
  }

  private mutating func insertLive(_ record: Record) {
    let index = liveByID.partitionIndex { $0.id > record.id }
    liveByID.insert(record, at: index)
    liveIDs.insert(record.id, at: index)
  }

  private mutating func removeLive(_ record: Record) {
    let index = liveByID.partitionIndex { $0.id > record.id } - 1
    liveByID.remove(at: index)
    liveIDs.remove(at: index)
  }

  /// The record a store names by its id.
  func storedRecord(id: EventID) -> Record {
    Record(id: id, instant: actions.byID[id]?.time ?? Instant(millisecondsSince1970: 0))
  }

  /// The record a store names by its instant (actions have distinct instants).
  func storedRecord(at instant: Instant) -> Record {
    Record(id: actions.byInstant[instant]?.eventID ?? EventID(Self.unknownID), instant: instant)
  }

  /// The records a store holds.
  func resolve(_ stored: StoredRecords) -> [Record] {
    switch stored {
    case .ids(let ids): return ids.map(storedRecord(id:))
    case .instants(let instants): return instants.map(storedRecord(at:))
    }
  }

  /// The id of a stored entry no action made.
  private static let unknownID = UUID(uuid: (0, 0, 0, 0, 0, 0, 0x40, 0, 0x80, 0, 0, 0, 0, 0, 0, 0x0F))

  /// `action #12 (widgetTap) at 2026-03-15T11:03:27.801Z`: the action that made the record of
  /// id `id`.
  func describe(recordOf id: EventID) -> String {
    guard let action = actions.byID[id] else { return "an entry no action made" }
    return "action #\(action.ordinal) (\(action.kind.name)) at \(action.time)"
  }
}
