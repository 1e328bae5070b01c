import GlanceKernel
import PropertyBased
import Testing

@Suite("Refresh budget")
struct RefreshBudgetTests {
  /// A request: milliseconds since the previous one, and where it comes from.
  static var requests: Generator<[(Int64, ReloadContext, Bool)], some SendableSequenceType> {
    zip(
      Gen.int64(in: 0...(40 * Instant.millisecondsPerMinute)),
      Gen.int(in: 0..<ReloadContext.allCases.count).map { ReloadContext.allCases[$0] },
      Gen.int(in: 0...30).map { $0 == 0 }  // the app was opened from the widget just before
    ).array(of: 1...400)
  }

  @Test("at most `limit` charges in any 24 hours; free contexts never charge; deaf windows drop")
  func chargesStayWithinTheLimit() async throws {
    await propertyCheck(count: 300, input: Gen.int(in: 40...72), Self.requests) { limit, requests in
      var budget = try RefreshBudget(limit: limit)
      var now = Instant(secondsSince1970: 1_700_000_000)
      var charges: [Instant] = []
      var deafUntil: Instant? = nil
      for (gap, context, openedFromWidget) in requests {
        now = now.advanced(by: gap)
        if openedFromWidget {
          budget.appOpenedFromWidget(at: now)
          deafUntil = now.advanced(by: RefreshBudget.deafWindowMilliseconds)
        }
        let remainingBefore = budget.remaining(at: now)
        let decision = budget.requestReload(at: now, context: context)
        if let deafUntil, now < deafUntil {
          #expect(decision == .dropped(until: deafUntil))
          continue
        }
        switch (context, decision) {
        case (.appInForeground, _), (.afterInteractiveIntent, _):
          #expect(decision == .granted(charged: false))
        case (.background, .granted(charged: true)):
          #expect(remainingBefore > 0)
          charges.append(now)
        case (.background, .denied(let retryAt)):
          #expect(remainingBefore == 0)
          #expect(retryAt > now)
        default:
          Issue.record("unexpected \(decision) for \(context)")
        }
      }
      // A sliding 24 h window over the charges never holds more than `limit`.
      for (index, charge) in charges.enumerated() {
        let windowEnd = charge.advanced(by: RefreshBudget.windowMilliseconds)
        let inWindow = charges[index...].prefix { $0 < windowEnd }.count
        #expect(inWindow <= limit)
      }
    }
  }

  @Test("70 charged reloads, then denied until the oldest leaves the 24-hour window")
  func exhaustionAndRecovery() throws {
    var budget = try RefreshBudget()
    let start = Instant(secondsSince1970: 1_700_000_000)
    for minute in 0..<70 {
      let decision = budget.requestReload(at: start.advanced(by: Int64(minute) * 15 * Instant.millisecondsPerMinute), context: .background)
      #expect(decision == .granted(charged: true))
    }
    let later = start.advanced(by: 70 * 15 * Instant.millisecondsPerMinute)
    #expect(budget.remaining(at: later) == 0)
    #expect(budget.requestReload(at: later, context: .background) == .denied(retryAt: start.advanced(by: Instant.millisecondsPerDay)))
    #expect(budget.requestReload(at: later, context: .appInForeground) == .granted(charged: false))
    let nextDay = start.advanced(by: Instant.millisecondsPerDay)
    #expect(budget.requestReload(at: nextDay, context: .background) == .granted(charged: true))
  }

  @Test("opened from the widget: every reload in the next 30 s is dropped, even in the foreground")
  func deafWindow() throws {
    var budget = try RefreshBudget(limit: 40)
    let opened = Instant(secondsSince1970: 1_700_000_000)
    budget.appOpenedFromWidget(at: opened)
    let deafUntil = opened.advanced(by: 30_000)
    #expect(budget.requestReload(at: opened.advanced(by: 29_999), context: .appInForeground) == .dropped(until: deafUntil))
    #expect(budget.requestReload(at: deafUntil, context: .appInForeground) == .granted(charged: false))
    #expect(budget.remaining(at: deafUntil) == 40)
  }

  @Test("limits outside 40…72 are typed errors")
  func limits() throws {
    #expect(throws: RefreshBudgetError.limitOutOfRange(39)) { try RefreshBudget(limit: 39) }
    #expect(throws: RefreshBudgetError.limitOutOfRange(73)) { try RefreshBudget(limit: 73) }
    #expect(try RefreshBudget().limit == 70)
    #expect(try RefreshBudget(limit: 72).limit == 72)
  }
}
