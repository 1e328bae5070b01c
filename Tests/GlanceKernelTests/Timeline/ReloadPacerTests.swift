import GlanceKernel
import PropertyBased
import Testing

@Suite("Reload pacer")
struct ReloadPacerTests {
  /// Changes: milliseconds since the previous one, and whether a reload is free then.
  static var changes: Generator<[(Int64, Bool)], some SendableSequenceType> {
    zip(Gen.int64(in: 0...(90 * Instant.millisecondsPerMinute)), Gen.int(in: 0...4).map { $0 == 0 }).array(of: 1...300)
  }

  /// Plays `changes` against a pacer, firing waiting reloads when due as a design does, and
  /// fed through WidgetKit's own budget: returns the charged reloads and, per change, when a
  /// reload covered it.
  static func play(
    limit: Int, _ changes: [(Int64, Bool)]
  ) throws -> (charged: [Instant], covered: [(change: Instant, by: Instant)], budget: RefreshBudget) {
    var pacer = try ReloadPacer(refreshBudget: limit)
    var budget = try RefreshBudget(limit: limit)
    var now = Instant(secondsSince1970: 1_700_000_000)
    var charged: [Instant] = []
    var uncovered: [Instant] = []
    var covered: [(change: Instant, by: Instant)] = []
    func reload(at instant: Instant, free: Bool) {
      let decision = budget.requestReload(at: instant, context: free ? .appInForeground : .background)
      #expect(decision == .granted(charged: !free), "the pacer never asks for a reload the budget denies")
      if !free { charged.append(instant) }
      covered += uncovered.map { ($0, instant) }
      uncovered = []
    }
    for (gap, free) in changes {
      let next = now.advanced(by: gap)
      if let due = pacer.waitingUntil, due <= next, pacer.due(at: due, free: false) { reload(at: due, free: false) }
      now = next
      uncovered.append(now)
      switch pacer.change(at: now, free: free) {
      case .reloadNow: reload(at: now, free: free)
      case .reloadAt(let due): #expect(due > now)
      case .coalesced: #expect(pacer.waitingUntil != nil)
      }
    }
    if let due = pacer.waitingUntil, pacer.due(at: due, free: false) { reload(at: due, free: false) }
    #expect(uncovered.isEmpty, "every change is covered by a reload")
    return (charged, covered, budget)
  }

  @Test("charged reloads are a spacing apart, so at most half the budget in any 24 hours")
  func spacing() async throws {
    await propertyCheck(count: 200, input: Gen.int(in: 40...72), Self.changes) { limit, changes in
      let played = try Self.play(limit: limit, changes)
      let spacing = ReloadPacer.spacing(refreshBudget: limit)
      for (earlier, later) in zip(played.charged, played.charged.dropFirst()) {
        #expect(earlier.distance(to: later) >= spacing)
      }
      for (index, charge) in played.charged.enumerated() {
        let windowEnd = charge.advanced(by: RefreshBudget.windowMilliseconds)
        #expect(played.charged[index...].prefix { $0 < windowEnd }.count <= (limit + 1) / 2)
      }
    }
  }

  @Test("no change waits longer than the spacing after the last charged reload")
  func noChangeLeftBehind() async throws {
    await propertyCheck(count: 200, input: Gen.int(in: 40...72), Self.changes) { limit, changes in
      let played = try Self.play(limit: limit, changes)
      let spacing = ReloadPacer.spacing(refreshBudget: limit)
      for (change, by) in played.covered {
        let last = played.charged.last { $0 < change }
        let latest = max(change, last.map { $0.advanced(by: spacing) } ?? change)
        #expect(by <= latest, "a change at \(change) covered only at \(by)")
      }
    }
  }

  @Test("hand-worked: a budget of 48 spaces background reloads an hour apart")
  func handWorked() throws {
    #expect(ReloadPacer.spacing(refreshBudget: 48) == Instant.millisecondsPerHour)
    #expect(ReloadPacer.spacing(refreshBudget: 72) == 40 * Instant.millisecondsPerMinute)
    var pacer = try ReloadPacer(refreshBudget: 48)
    let noon = Instant(secondsSince1970: 1_700_000_000)
    let step1 = pacer.change(at: noon, free: false)
    #expect(step1 == .reloadNow)
    let tenPast = noon.advanced(by: 10 * Instant.millisecondsPerMinute)
    let onePM = noon.advanced(by: Instant.millisecondsPerHour)
    let step2 = pacer.change(at: tenPast, free: false) == .reloadAt(onePM)
    #expect(step2)
    let step3 = pacer.change(at: tenPast.advanced(by: 1), free: false)
    #expect(step3 == .coalesced)
    let step4 = pacer.due(at: tenPast.advanced(by: 2), free: false)
    #expect(!step4)
    let step5 = pacer.due(at: onePM, free: false)
    #expect(step5)
    // The app comes to the foreground: a free reload, which leaves nothing waiting.
    let step6 = pacer.change(at: onePM.advanced(by: 1), free: false) == .reloadAt(onePM.advanced(by: Instant.millisecondsPerHour))
    #expect(step6)
    let step7 = pacer.change(at: onePM.advanced(by: 2), free: true)
    #expect(step7 == .reloadNow)
    #expect(pacer.waitingUntil == nil)
    #expect(throws: RefreshBudgetError.limitOutOfRange(39)) { try ReloadPacer(refreshBudget: 39) }
  }
}
