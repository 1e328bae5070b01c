import Foundation
import GlanceKernel
@testable import GlanceSimulation
import GlanceTestSupport
import Testing

/// The person decides what an action means from a ledger of their own; the truth is fed the
/// deeds. Hand-worked meanings, and the law that the person's ledger and the truth, kept apart,
/// hold the same live records after every deed.
@Suite("The person")
struct PersonTests {
  static let zurich = try! ZoneCalendar(identifier: "Europe/Zurich")
  /// 2026-03-09 00:00 in Zurich (UTC+1): a Monday.
  static let monday = Instant(millisecondsSince1970: 1_773_010_800_000)

  static func at(_ minutes: Int64, from start: Instant = monday) -> Instant {
    start.advanced(by: minutes * Instant.millisecondsPerMinute)
  }

  /// An action of `kind` at `time`, its id from `byte` (the byte a choice is read from) and
  /// `ordinal`.
  static func action(_ kind: PlannedAction.Kind, at time: Instant, ordinal: Int, byte: UInt8 = 0) -> PlannedAction {
    var bytes = [UInt8](repeating: byte, count: 16)
    bytes[0] = UInt8(ordinal % 256)
    bytes[1] = UInt8(ordinal / 256)
    let uuid = bytes.withUnsafeBytes { UUID(uuid: $0.load(as: uuid_t.self)) }
    return PlannedAction(time: time, kind: kind, ordinal: ordinal, eventID: EventID(uuid))
  }

  @Test("a delete removes the latest tap of its own local day, and never yesterday's")
  func tallyDeleteIsTodaysLatest() throws {
    var person = TallyPerson()
    let sunday = Self.at(-10)  // Sunday 23:50
    let taps = [sunday, Self.at(5), Self.at(10)].enumerated().map { Self.action(.appTap, at: $1, ordinal: $0) }
    let added = taps.map { person.act($0, in: Self.zurich) }
    #expect(added == taps.map { .add(Record(id: $0.eventID, instant: $0.time)) })
    let deletes = (3..<6).map { Self.action(.appDelete, at: Self.at(20 + Int64($0)), ordinal: $0) }
    // 00:10 first, then 00:05; Sunday's 23:50 is yesterday's: nothing left to delete today.
    #expect(person.act(deletes[0], in: Self.zurich) == .remove(target: Record(id: taps[2].eventID, instant: taps[2].time)))
    #expect(person.act(deletes[1], in: Self.zurich) == .remove(target: Record(id: taps[1].eventID, instant: taps[1].time)))
    #expect(person.act(deletes[2], in: Self.zurich) == nil)
    #expect(person.liveRecords == [Record(id: taps[0].eventID, instant: sunday)])
    // In Tokyo (UTC+9) the same Sunday 23:50 in Zurich is Monday morning: today's, deletable.
    let tokyo = try ZoneCalendar(identifier: "Asia/Tokyo")
    let left = try #require(person.liveRecords.first)
    #expect(person.act(Self.action(.appDelete, at: Self.at(30), ordinal: 6), in: tokyo) == .remove(target: left))
  }

  @Test("a second tap on a step un-completes it, naming the first tap's completion")
  func stepsTapToggles() throws {
    var person = StepsPerson()
    let first = Self.action(.appTap, at: Self.at(60), ordinal: 0, byte: 7)
    let second = Self.action(.appTap, at: Self.at(61), ordinal: 1, byte: 7)
    let step = try #require(StepsPlan.step(for: first, in: StepsPlan.tasks))
    let completion = Record(id: first.eventID, instant: first.time)
    #expect(person.act(first, in: Self.zurich) == .complete(step: step, record: completion))
    #expect(person.act(second, in: Self.zurich) == .uncomplete(step: step, target: completion))
    #expect(person.liveRecords.isEmpty)
    // A widget tap, a watch tap and a delete mean nothing in the steps.
    for kind: PlannedAction.Kind in [.widgetTap, .watchTap, .appDelete] {
      #expect(person.act(Self.action(kind, at: Self.at(62), ordinal: 2), in: Self.zurich) == nil)
    }
  }

  @Test("an edit of an expense keeps its instant, so its pay period; a delete finds none in a new period")
  func budgetEditKeepsThePeriod() throws {
    var person = BudgetPerson(payDay: PayDay(clamping: 25))
    let tap = Self.action(.appTap, at: Self.at(9 * 60), ordinal: 0)
    guard case .expense(let record, _) = person.act(tap, in: Self.zurich) else {
      Issue.record("a tap in the budget enters an expense")
      return
    }
    let edit = Self.action(.appEdit, at: Self.at(10 * 60), ordinal: 1, byte: 3)
    guard case .amend(let target, let replacement, let submitted) = person.act(edit, in: Self.zurich) else {
      Issue.record("an edit with an expense in the period amends it")
      return
    }
    #expect(target == record)
    #expect(replacement == Record(id: edit.eventID, instant: tap.time))
    #expect(submitted == BudgetPerson.editExpense(at: edit))
    #expect(person.liveRecords == [replacement])
    // Monday 9 March is in the period from 25 February; 25 March starts the next one.
    let later = Self.action(.appDelete, at: Self.at(16 * 24 * 60 + 60), ordinal: 2)
    #expect(person.act(later, in: Self.zurich) == nil)
    #expect(person.act(Self.action(.appDelete, at: Self.at(11 * 60), ordinal: 3), in: Self.zurich) == .remove(target: replacement))
  }

  @Test("the person's ledger and the truth fed its deeds hold the same live records, after every deed", arguments: Domain.allCases)
  func ledgerAndTruthAgree(domain: Domain) throws {
    let kinds: [PlannedAction.Kind] = [.appTap, .appTap, .widgetTap, .watchTap, .appDelete, .appEdit, .appOpen(minutes: 5)]
    var scenario = try SimulationFixtures.scenario("default")
    scenario.payDay = 27
    for seed in 1...20 as ClosedRange<UInt64> {
      var random = GlanceTestSupport.SplitMix64(seed: seed)
      var person = domain.person(in: scenario)
      var truth = domain.truth(in: scenario, start: Self.monday, calendar: Self.zurich)
      var time = Self.monday
      var deeds = 0
      for ordinal in 0..<300 {
        // Up to two hours apart: some days pass, and with them pay periods.
        time = time.advanced(by: Int64(1 + random.below(120)) * Instant.millisecondsPerMinute)
        let action = Self.action(kinds[random.below(kinds.count)], at: time, ordinal: ordinal, byte: UInt8(random.below(256)))
        guard let deed = person.act(action, in: Self.zurich) else { continue }
        truth.apply(deed, at: action.time, on: action.kind == .watchTap ? .watch : .phone, in: Self.zurich)
        deeds += 1
        #expect(person.liveRecords == truth.liveRecords, "seed \(seed), action \(ordinal): \(deed)")
      }
      #expect(deeds > 100, "seed \(seed): the actions meant something")
    }
  }
}
