import GlanceKernel
import PropertyBased
import Synchronization
import Testing

/// A widget to plan: a dated snapshot, a kind, the zone the device is in, and the planning window.
struct PlanningCase: Sendable, CustomStringConvertible {
  let snapshot: WidgetSnapshot
  let kind: WidgetKind
  let calendar: ZoneCalendar
  let now: Instant
  let horizon: Instant
  let nowNearTransition: Bool

  var description: String {
    "\(kind) in \(calendar.identifier), now \(now), horizon \(horizon), snapshot as of \(snapshot.asOf)"
  }
}

enum PlanningGen {
  static let kinds: [WidgetKind] = [
    .tally, .stepsProgress(.small), .stepsProgress(.medium), .activity(.week), .activity(.fortnight), .nextStep,
  ]

  /// Planning cases whose `now` is biased to transitions (`DayGen.zonedInstant`), whose snapshot
  /// was taken up to three days earlier (so it is often from another day), sometimes in another
  /// zone, and whose horizon is up to four days away.
  static var planningCase: Generator<PlanningCase, some SendableSequenceType> {
    zip(
      DayGen.zonedInstant,
      Gen.int(in: 0..<kinds.count),
      Gen.int64(in: 0...(3 * Instant.millisecondsPerDay)),
      Gen.int64(in: 1...(4 * Instant.millisecondsPerDay)),
      Gen.int(in: 0...40).array(of: StepsSnapshot.activityDays),
      Gen.int(in: 0...9)
    ).map { zoned, kindIndex, age, reach, counts, otherZone -> PlanningCase in
      let calendar = zoned.calendar
      let asOf = zoned.instant.advanced(by: -age)
      // One time in ten, the snapshot was taken in another zone (the user travelled).
      let snapshotCalendar = otherZone == 0 ? DayFixtures.calendar("Asia/Tokyo") : calendar
      let kind = kinds[kindIndex]
      let snapshot =
        kind == .tally
        ? tallySnapshot(asOf: asOf, count: counts[0], calendar: snapshotCalendar)
        : stepsSnapshot(asOf: asOf, counts: counts, calendar: snapshotCalendar)
      return PlanningCase(
        snapshot: snapshot, kind: kind, calendar: calendar, now: zoned.instant,
        horizon: zoned.instant.advanced(by: reach), nowNearTransition: zoned.nearTransition)
    }
  }

  static func tallySnapshot(asOf: Instant, count: Int, calendar: ZoneCalendar) -> WidgetSnapshot {
    do {
      return .tally(try TallySnapshot(asOf: asOf, dayKey: calendar.dayKey(containing: asOf), todayCount: count, calendar: calendar))
    } catch {
      fatalError("generator built an invalid tally snapshot: \(error)")
    }
  }

  static func stepsSnapshot(asOf: Instant, counts: [Int], calendar: ZoneCalendar) -> WidgetSnapshot {
    let today = calendar.date(containing: asOf)
    let activity = counts.enumerated().map { offset, count in
      ActivityDay(date: today.adding(days: Int64(offset - counts.count + 1)), count: count)
    }
    let completedToday = counts[counts.count - 1]
    do {
      return .steps(
        try StepsSnapshot(
          asOf: asOf, dayKey: calendar.dayKey(containing: asOf), completedToday: completedToday,
          totalSteps: completedToday + counts[0], completedTasks: counts[1] % 4, totalTasks: counts[1] % 4 + counts[2] % 3,
          recentActivity: activity, nextStep: nil, calendar: calendar))
    } catch {
      fatalError("generator built an invalid steps snapshot: \(error)")
    }
  }
}

@Suite("Timeline planner properties")
struct TimelinePlannerProperties {
  @Test("the entry in force at any instant renders what the snapshot projects there")
  func entryInForceRendersTheProjection() async throws {
    let drawn = Mutex((cases: 0, nearTransition: 0))
    await propertyCheck(count: 1500, input: PlanningGen.planningCase, Gen.int64(in: 0...Int64.max).array(of: 24)) {
      planning, samples in
      drawn.withLock {
        $0.cases += 1
        if planning.nowNearTransition { $0.nearTransition += 1 }
      }
      let projection = try WidgetProjection(
        snapshot: planning.snapshot, kind: planning.kind, calendar: planning.calendar, labels: .english)
      let timeline = try TimelinePlanner.plan(projection, now: planning.now, horizon: planning.horizon)
      // Instants to check: random ones, and both sides of every day boundary and every entry.
      var probes = samples.map { planning.now.advanced(by: $0 % planning.now.distance(to: planning.horizon)) }
      var boundary = planning.calendar.nextRollover(after: planning.now)
      while boundary < planning.horizon {
        probes += [boundary.advanced(by: -1), boundary]
        boundary = planning.calendar.nextRollover(after: boundary)
      }
      probes += timeline.entries.flatMap { [$0.date.advanced(by: -1), $0.date] }
      for probe in probes where planning.now <= probe && probe < planning.horizon {
        let entry = timeline.entry(at: probe)
        #expect(entry?.model == projection.model(at: probe), "\(planning) at \(probe)")
      }
    }
    let (cases, near) = drawn.withLock { ($0.cases, $0.nearTransition) }
    print("Planner law: \(cases) cases, \(near) (\(near * 100 / max(cases, 1)) %) with now within a day of a transition.")
    #expect(near * 100 >= cases * 30, "only \(near) of \(cases) cases near a transition")
  }

  @Test("entries are sorted, start at now, differ from their predecessor and are ≥ 5 minutes apart")
  func entriesAreOrderedAndSpaced() async throws {
    await propertyCheck(count: 1500, input: PlanningGen.planningCase) { planning in
      let timeline = try TimelinePlanner.plan(
        planning.snapshot, kind: planning.kind, now: planning.now, horizon: planning.horizon,
        calendar: planning.calendar, labels: .english)
      let entries = timeline.entries
      #expect(entries.first?.date == planning.now)
      for (earlier, later) in zip(entries, entries.dropFirst()) {
        #expect(earlier.date < later.date)
        #expect(earlier.model != later.model)
        #expect(later.date < planning.horizon)
        let gap = earlier.date.distance(to: later.date)
        // The one allowed exception: `now` followed by a change point less than 5 minutes later.
        let nowThenFirstChange = earlier.date == planning.now && later.date == planning.calendar.nextRollover(after: planning.now)
        #expect(gap >= TimelinePlanner.minimumEntrySpacingMilliseconds || nowThenFirstChange, "\(planning)")
      }
      switch planning.kind {
      case .nextStep: #expect(timeline.policy == .never && entries.count == 1)
      default: #expect(timeline.policy == .after(planning.horizon))
      }
    }
  }

  @Test("capping the reload keeps the entries, asks no later than the limit, and is idempotent")
  func cappedReload() async throws {
    await propertyCheck(count: 1000, input: PlanningGen.planningCase, Gen.int64(in: 0...(5 * Instant.millisecondsPerDay))) {
      planning, reach in
      let timeline = try TimelinePlanner.plan(
        planning.snapshot, kind: planning.kind, now: planning.now, horizon: planning.horizon,
        calendar: planning.calendar, labels: .english)
      let limit = planning.now.advanced(by: reach)
      let capped = timeline.reloading(noLaterThan: limit)
      #expect(capped.entries == timeline.entries)
      // When WidgetKit asks again: `.atEnd` means after the last entry.
      func reloadInstant(_ policy: ReloadPolicy) -> Instant? {
        switch policy {
        case .after(let date): return date
        case .atEnd: return capped.entries.last?.date
        case .never: return nil
        }
      }
      let asked = try #require(reloadInstant(capped.policy), "\(planning): capped to \(capped.policy)")
      #expect(asked <= limit, "\(planning): \(capped.policy) after \(limit)")
      if let before = reloadInstant(timeline.policy), before <= limit { #expect(capped.policy == timeline.policy) }
      #expect(capped.reloading(noLaterThan: limit) == capped)
    }
  }

  @Test("bad horizons and mismatched snapshots are typed errors")
  func errors() throws {
    let zurich = DayFixtures.calendar("Europe/Zurich")
    let now = DayFixtures.utc("2024-06-14T20:00:00Z")
    let snapshot = PlanningGen.tallySnapshot(asOf: now, count: 3, calendar: zurich)
    #expect(throws: TimelineError.emptyHorizon(now: now, horizon: now)) {
      try TimelinePlanner.plan(snapshot, kind: .tally, now: now, horizon: now, calendar: zurich, labels: .english)
    }
    let far = now.advanced(by: 32 * Instant.millisecondsPerDay)
    #expect(throws: TimelineError.horizonTooFar(now: now, horizon: far, limitMilliseconds: TimelinePlanner.horizonMaxMilliseconds)) {
      try TimelinePlanner.plan(snapshot, kind: .tally, now: now, horizon: far, calendar: zurich, labels: .english)
    }
    #expect(throws: TimelineError.snapshotDoesNotFit(kind: .nextStep, snapshot: "tally")) {
      try TimelinePlanner.plan(
        snapshot, kind: .nextStep, now: now, horizon: far.advanced(by: -Instant.millisecondsPerDay * 2), calendar: zurich, labels: .english)
    }
  }
}
