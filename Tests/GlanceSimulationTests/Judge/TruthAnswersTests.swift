import Foundation
import GlanceKernel
@testable import GlanceSimulation
import GlanceTestSupport
import Testing

/// The judges of a run's designs share their truth's answers (`TruthAnswers`): an answer shared
/// must be the answer the judge's own model gives, whether the judges took the same deeds or
/// parted. The oracle is a model of the domain fed the same deeds and asked directly, never
/// through the shared answers.
@Suite("Truth answers shared across designs")
struct TruthAnswersTests {
  static let zurich = PersonTests.zurich
  static let tokyo = try! ZoneCalendar(identifier: "Asia/Tokyo")

  @Test("a history is the same node for the same deeds, and another for another deed")
  func historiesAreNodes() {
    let answers = TruthAnswers()
    let first = Record(id: PersonTests.action(.appTap, at: PersonTests.at(10), ordinal: 0).eventID, instant: PersonTests.at(10))
    let second = Record(id: PersonTests.action(.appTap, at: PersonTests.at(20), ordinal: 1).eventID, instant: PersonTests.at(20))
    let a = answers.node(after: 0, taking: .add(first), at: first.instant, on: .phone, zone: "Europe/Zurich")
    #expect(a != 0, "the empty history is node 0")
    #expect(answers.node(after: 0, taking: .add(first), at: first.instant, on: .phone, zone: "Europe/Zurich") == a)
    let other = answers.node(after: 0, taking: .add(second), at: second.instant, on: .phone, zone: "Europe/Zurich")
    let onWatch = answers.node(after: 0, taking: .add(first), at: first.instant, on: .watch, zone: "Europe/Zurich")
    let elsewhere = answers.node(after: 0, taking: .add(first), at: first.instant, on: .phone, zone: "Asia/Tokyo")
    let longer = answers.node(after: a, taking: .add(second), at: second.instant, on: .phone, zone: "Europe/Zurich")
    #expect(Set([a, other, onWatch, elsewhere, longer]).count == 5, "each history its own node")
  }

  @Test("an answer is given once per history and key, and never for another history")
  func answersKeyOnTheHistory() {
    let answers = TruthAnswers()
    let key = TruthAnswers.Key(surface: .app, dayStart: PersonTests.monday, zoneChanges: 0, unknownSince: nil)
    var computed = 0
    // Two different answers of a tally's truth: before and after a tap.
    var model = TallyTruth()
    let today = Self.zurich.dayInterval(containing: PersonTests.at(60))
    let one = model.expected(on: .app, at: PersonTests.at(60), today: today, in: Self.zurich)
    let tap = Record(id: PersonTests.action(.appTap, at: PersonTests.at(30), ordinal: 0).eventID, instant: PersonTests.at(30))
    model.apply(.add(tap), at: tap.instant, on: .phone, in: Self.zurich)
    let two = model.expected(on: .app, at: PersonTests.at(60), today: today, in: Self.zurich)
    #expect(one != two)
    #expect(
      answers.answer(at: 0, key) {
        computed += 1; return one
      } == one)
    #expect(
      answers.answer(at: 0, key) {
        computed += 1; return two
      } == one, "the answer stored for the key")
    #expect(computed == 1)
    let node = answers.node(after: 0, taking: .add(tap), at: tap.instant, on: .phone, zone: "Europe/Zurich")
    #expect(
      answers.answer(at: node, key) {
        computed += 1; return two
      } == two, "another history asks again")
    let otherDay = TruthAnswers.Key(surface: .app, dayStart: PersonTests.at(24 * 60), zoneChanges: 0, unknownSince: nil)
    #expect(
      answers.answer(at: 0, otherDay) {
        computed += 1; return two
      } == two, "another day asks again")
    #expect(computed == 3)
  }

  /// Two judges share answers; the second skips some of the deeds the first takes (its app
  /// refused them), so their histories part and meet nothing again. After every deed, each
  /// answers what a model of its own, fed its deeds and never shared, answers, on every surface,
  /// with nothing unknown and with the latest hour's deeds of the other device unknown.
  @Test("judges sharing answers answer what their own model answers, when their deeds part", arguments: Domain.allCases)
  func sharedAnswersAreTheModels(domain: Domain) throws {
    let kinds: [PlannedAction.Kind] = [.appTap, .appTap, .widgetTap, .watchTap, .appDelete, .appEdit]
    var scenario = try SimulationFixtures.scenario("default")
    scenario.payDay = 27
    let surfaces = type(of: domain.truth(in: scenario, start: PersonTests.monday, calendar: Self.zurich)).surfaces
    for seed in 1...6 as ClosedRange<UInt64> {
      var random = GlanceTestSupport.SplitMix64(seed: seed)
      let answers = TruthAnswers()
      var people = [domain.person(in: scenario), domain.person(in: scenario)]
      var judged = (0..<2).map { _ in
        JudgedTruth(
          model: domain.truth(in: scenario, start: PersonTests.monday, calendar: Self.zurich), actions: ActionIndex([]), answers: answers)
      }
      var oracles = (0..<2).map { _ in domain.truth(in: scenario, start: PersonTests.monday, calendar: Self.zurich) }
      var time = PersonTests.monday
      var zoneChanges = 0
      var calendar = Self.zurich
      var compared = 0
      for ordinal in 0..<120 {
        time = time.advanced(by: Int64(1 + random.below(180)) * Instant.millisecondsPerMinute)
        if ordinal == 60 {
          // Halfway, the device travels: the zone is part of every answer's key.
          calendar = Self.tokyo
          zoneChanges += 1
        }
        let action = PersonTests.action(
          kinds[random.below(kinds.count)], at: time, ordinal: ordinal, byte: UInt8(random.below(256)))
        let device: Device = action.kind == .watchTap ? .watch : .phone
        // The second judge's app refuses about one action in eight, from the 30th on.
        let refused = ordinal >= 30 && random.below(8) == 0
        for judge in 0..<2 where judge == 0 || !refused {
          guard let deed = people[judge].act(action, in: calendar) else { continue }
          judged[judge].take(deed, at: time, on: device, in: calendar)
          oracles[judge].apply(deed, at: time, on: device, in: calendar)
        }
        let today = calendar.dayInterval(containing: time)
        let hourAgo = time.advanced(by: -Instant.millisecondsPerHour)
        for judge in 0..<2 {
          for surface in surfaces {
            let shared = judged[judge].expected(on: surface, at: time, today: today, in: calendar, zoneChanges: zoneChanges)
            let own = oracles[judge].expected(on: surface, at: time, today: today, in: calendar)
            #expect(shared == own, "seed \(seed), action \(ordinal), judge \(judge), \(surface)")
            let sharedUnknown = judged[judge].expected(
              on: surface, at: time, today: today, in: calendar, zoneChanges: zoneChanges, unknownSince: hourAgo)
            let ownUnknown = oracles[judge].expected(
              on: surface, at: time, today: today, in: calendar, unknownSince: hourAgo, until: nil)
            #expect(sharedUnknown == ownUnknown, "seed \(seed), action \(ordinal), judge \(judge), \(surface), unknown since \(hourAgo)")
            compared += 2
          }
        }
      }
      #expect(judged[0].deeds > judged[1].deeds, "seed \(seed): the second judge refused some deeds, so the histories parted")
      #expect(compared > 0)
    }
  }
}
