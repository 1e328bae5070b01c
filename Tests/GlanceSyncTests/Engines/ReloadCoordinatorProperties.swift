import GlanceKernel
import GlanceSync
import GlanceTestSupport
import Testing

/// The coordinator spends WidgetKit's budget on purpose: played against the kernel's
/// `RefreshBudget` (WidgetKit's accounting) together with the widget's own timeline reloads, no
/// stream of changes, however dense, gets a reload denied; and no change is left behind.
@Suite("ReloadCoordinator")
struct ReloadCoordinatorProperties {
  /// A widget's life over `days`: changes at random instants (`free` ones while the app is in the
  /// foreground, from `freeShare` in 8), the coordinator's requests and wakes, and WidgetKit's
  /// own reload of every timeline one zone check after it was planned. Returns the budget's
  /// decisions for every charged request, and for each change the instant a reload covering it
  /// was granted. With `relaunchesPerDay`, the app is killed and relaunched that often: a new
  /// coordinator over the same ports (a wake asked for survives, as a background task does);
  /// `keepsPacing` says whether the reloader keeps the pacer's last charged reload meanwhile.
  static func play(
    limit: Int, changesPerHour: Int, freeShare: Int, days: Int, seed: UInt64, relaunchesPerDay: Int = 0,
    keepsPacing: Bool = true
  ) -> (denied: Int, charged: [Instant], uncovered: [Instant], lateBy: Int64) {
    var random = GlanceTestSupport.SplitMix64(seed: seed)
    var budget: RefreshBudget
    var coordinator: ReloadCoordinator
    let ports = RecordingPorts()
    ports.keepsPacing = keepsPacing
    do {
      budget = try RefreshBudget(limit: limit)
      coordinator = try ReloadCoordinator(refreshBudget: limit, reloader: ports, wakes: ports)
    } catch {
      preconditionFailure("\(limit) is in range: \(error)")
    }
    let check = WidgetTimelines.zoneCheckMilliseconds(refreshBudget: limit)
    var changes: [(instant: Instant, free: Bool)] = []
    let end = Int64(days) * Instant.millisecondsPerDay
    var at: Int64 = 0
    while at < end {
      at += Int64(random.below(Int(2 * Instant.millisecondsPerHour) / max(1, changesPerHour))) + 1
      changes.append((Instant(millisecondsSince1970: at), random.below(8) < freeShare))
    }
    var denied = 0
    var charged: [Instant] = []
    var nextPolicy = Instant(millisecondsSince1970: check)
    var pendingSince: [Instant] = []
    var uncovered: [Instant] = []
    var lateBy: Int64 = 0
    /// A reload at `now` in `context`: WidgetKit's decision; a granted one plans a timeline
    /// whose policy asks again one zone check later, and covers every change before it.
    func reload(_ now: Instant, _ context: ReloadContext) {
      let decision = budget.requestReload(at: now, context: context)
      if case .granted(let wasCharged) = decision {
        if wasCharged { charged.append(now) }
        nextPolicy = now.advanced(by: check)
        for since in pendingSince { lateBy = max(lateBy, since.distance(to: now)) }
        pendingSince = []
      } else if case .denied = decision {
        denied += 1
      }
    }
    let relaunchEvery = relaunchesPerDay > 0 ? Instant.millisecondsPerDay / Int64(relaunchesPerDay) : nil
    var nextRelaunch = relaunchEvery.map { Instant(millisecondsSince1970: $0 / 2) }
    var index = 0
    var now = Instant(millisecondsSince1970: 0)
    while index < changes.count || !ports.wakes.isEmpty {
      if let relaunch = nextRelaunch, let every = relaunchEvery,
        relaunch
          < min(
            changes.dropFirst(index).first?.instant ?? relaunch.advanced(by: 1),
            ports.wakes.map(\.instant).min() ?? relaunch.advanced(by: 1))
      {
        do {
          coordinator = try ReloadCoordinator(refreshBudget: limit, reloader: ports, wakes: ports)
        } catch {
          preconditionFailure("\(limit) is in range: \(error)")
        }
        nextRelaunch = relaunch.advanced(by: every)
        continue
      }
      // The next thing to happen: a change, a wake, or the timeline's own reload.
      let wake = ports.wakes.min { $0.instant < $1.instant }
      let change = index < changes.count ? changes[index] : nil
      let candidates = [change?.instant, wake?.instant, nextPolicy].compactMap { $0 }
      guard let next = candidates.min(), next.millisecondsSince1970 < end + Instant.millisecondsPerDay else { break }
      now = next
      let reloadsBefore = ports.reloads
      if let change, change.instant == now {
        index += 1
        pendingSince.append(now)
        coordinator.changed(at: now, free: change.free)
        if ports.reloads > reloadsBefore { reload(now, change.free ? .appInForeground : .background) }
      } else if let wake, wake.instant == now {
        let remaining = ports.wakes.filter { !($0.instant == wake.instant && $0.reason == wake.reason) }
        ports.clearWakes(keeping: remaining)
        coordinator.wake(wake.reason, at: now, free: false)
        if ports.reloads > reloadsBefore { reload(now, .background) }
      } else {
        // The timeline's policy: WidgetKit reloads on its own, and tries again a minute after a
        // denial.
        let deniedBefore = denied
        reload(now, .background)
        if denied > deniedBefore { nextPolicy = now.advanced(by: Instant.millisecondsPerMinute) }
      }
    }
    uncovered = pendingSince
    return (denied, charged, uncovered, lateBy)
  }

  @Test("no stream of changes exhausts the budget, for every limit WidgetKit grants", arguments: Array(RefreshBudget.limitRange))
  func budgetIsNeverExhausted(limit: Int) {
    for (seed, rate) in [(UInt64(1), 1), (2, 6), (3, 60), (4, 600)] {
      let played = Self.play(limit: limit, changesPerHour: rate, freeShare: Int(seed % 3), days: 3, seed: seed)
      #expect(played.denied == 0, "limit \(limit), \(rate) changes an hour: \(played.denied) denied")
    }
  }

  @Test(
    "killed and relaunched every half hour, the app still never exhausts the budget, as its reloader keeps the pacing",
    arguments: [40, 55, 70, 72])
  func relaunchesKeepThePacing(limit: Int) {
    for (seed, rate) in [(UInt64(1), 6), (2, 60), (3, 600)] {
      let played = Self.play(limit: limit, changesPerHour: rate, freeShare: 0, days: 3, seed: seed, relaunchesPerDay: 48)
      #expect(played.denied == 0, "limit \(limit), \(rate) changes an hour: \(played.denied) denied")
      let bound = max(ReloadPacer.spacing(refreshBudget: limit), WidgetTimelines.zoneCheckMilliseconds(refreshBudget: limit))
      #expect(played.lateBy <= bound && played.uncovered.isEmpty, "a change waited \(played.lateBy) ms (bound \(bound) ms)")
    }
  }

  @Test("the property has teeth: a reloader that keeps nothing lets relaunches exhaust the budget")
  func forgetfulReloaderExhausts() {
    let played = Self.play(limit: 40, changesPerHour: 600, freeShare: 0, days: 3, seed: 2, relaunchesPerDay: 48, keepsPacing: false)
    #expect(played.denied > 0)
  }

  @Test("no change is left behind: every change is shown within the pacing spacing (or the zone check)", arguments: [40, 55, 70, 72])
  func noChangeIsLeftBehind(limit: Int) {
    let played = Self.play(limit: limit, changesPerHour: 30, freeShare: 2, days: 3, seed: 9)
    let bound = max(ReloadPacer.spacing(refreshBudget: limit), WidgetTimelines.zoneCheckMilliseconds(refreshBudget: limit))
    #expect(played.lateBy <= bound, "a change waited \(played.lateBy) ms for a reload (bound \(bound) ms)")
  }

  @Test(
    "the zone check and the pacing share the budget: in any 24 hours at most `limit` charged reloads",
    arguments: Array(RefreshBudget.limitRange))
  func arithmetic(limit: Int) {
    let day = RefreshBudget.windowMilliseconds
    let timelines = day / WidgetTimelines.zoneCheckMilliseconds(refreshBudget: limit) + 1
    let paced = day / ReloadPacer.spacing(refreshBudget: limit) + 1
    #expect(timelines + paced <= Int64(limit), "\(timelines) + \(paced) > \(limit)")
    #expect(WidgetTimelines.zoneCheckMilliseconds(refreshBudget: limit) >= Instant.millisecondsPerHour)
  }

  @Test("a reload asked while WidgetKit is deaf is asked again once, a second after the window")
  func deafWindowRetry() throws {
    let ports = RecordingPorts()
    var coordinator = try ReloadCoordinator(refreshBudget: 70, reloader: ports, wakes: ports)
    let opened = Instant(millisecondsSince1970: 1_000_000)
    coordinator.appOpenedFromWidget(at: opened)
    #expect(ports.wakes.isEmpty, "nothing asked yet, nothing to ask again")
    for offset in [0, 5_000, 29_000] { coordinator.reload(at: opened.advanced(by: Int64(offset))) }
    #expect(ports.reloads == 3)
    let retry = opened.advanced(by: 31_000)
    #expect(ports.wakes.map(\.instant) == [retry, retry] && ports.wakes.map(\.reason) == [.reloadAfterDeafWindow, .deafWindowBackstop])
    coordinator.wake(.reloadAfterDeafWindow, at: retry, free: true)
    #expect(ports.reloads == 4 && ports.wakes.count == 2, "asked again, and no new wake after the window")
    coordinator.wake(.deafWindowBackstop, at: retry, free: true)
    #expect(ports.reloads == 4, "the backstop asks nothing while the app lives: the timer just asked")
  }

  /// An app opened from the widget at `opened` that asked for a reload `after` ms later (inside
  /// WidgetKit's deaf window), and the ports it asked through.
  static func askedWhileDeaf(after milliseconds: Int64) throws -> (RecordingPorts, ReloadCoordinator, opened: Instant) {
    let ports = RecordingPorts()
    var coordinator = try ReloadCoordinator(refreshBudget: 70, reloader: ports, wakes: ports)
    let opened = Instant(millisecondsSince1970: 1_000_000)
    coordinator.appOpenedFromWidget(at: opened)
    coordinator.reload(at: opened.advanced(by: milliseconds))
    return (ports, coordinator, opened)
  }

  /// A coordinator made anew over `ports`: the app was killed and relaunched.
  static func relaunched(_ ports: RecordingPorts) throws -> ReloadCoordinator {
    try ReloadCoordinator(refreshBudget: 70, reloader: ports, wakes: ports)
  }

  @Test("killed before the timer, the app relaunched by the backstop wake asks for the reload once")
  func deafWindowBackstop() throws {
    let (ports, _, opened) = try Self.askedWhileDeaf(after: 10_000)
    let retry = opened.advanced(by: 31_000)
    // The app dies; its timer with it. The background task relaunches it.
    var relaunched = try Self.relaunched(ports)
    relaunched.wake(.deafWindowBackstop, at: retry, free: false)
    #expect(ports.reloads == 2)
    relaunched.wake(.deafWindowBackstop, at: retry.advanced(by: 1), free: false)
    #expect(ports.reloads == 2, "once: the relaunched coordinator has asked since")
  }

  @Test("a second opening lengthens the window: one more backstop follows it, for an app killed in between")
  func backstopFollowsTheLongerWindow() throws {
    var (ports, coordinator, opened) = try Self.askedWhileDeaf(after: 1_000)
    coordinator.appOpenedFromWidget(at: opened.advanced(by: 15_000))
    #expect(
      ports.wakes.filter { $0.reason == .deafWindowBackstop }.map(\.instant) == [opened.advanced(by: 31_000), opened.advanced(by: 46_000)])
    // Killed; the first backstop relaunches it inside the longer window (its reload is dropped),
    // the second asks again once the window is over.
    var relaunched = try Self.relaunched(ports)
    relaunched.wake(.deafWindowBackstop, at: opened.advanced(by: 31_000), free: false)
    relaunched.wake(.deafWindowBackstop, at: opened.advanced(by: 46_000), free: false)
    #expect(ports.reloads == 3)
  }

  @Test("relaunched inside the window by a plain opening, the app's reload is dropped unknowingly: the backstop asks again")
  func relaunchedInsideTheWindow() throws {
    let (ports, _, opened) = try Self.askedWhileDeaf(after: 1_000)
    // Killed; opened again (not from the widget) 3 s later, still inside WidgetKit's window.
    var relaunched = try Self.relaunched(ports)
    relaunched.reload(at: opened.advanced(by: 4_000))
    #expect(ports.reloads == 2)
    relaunched.wake(.deafWindowBackstop, at: opened.advanced(by: 31_000), free: true)
    #expect(ports.reloads == 3, "its own request was made inside the window, so it asks again")
  }

  @Test("learning it was opened from the widget after asking: the request is asked again")
  func openedFromWidgetLate() throws {
    let ports = RecordingPorts()
    var coordinator = try ReloadCoordinator(refreshBudget: 70, reloader: ports, wakes: ports)
    let opened = Instant(millisecondsSince1970: 5_000_000)
    coordinator.reload(at: opened)
    coordinator.appOpenedFromWidget(at: opened)
    #expect(ports.wakes.map(\.instant) == [opened.advanced(by: 31_000), opened.advanced(by: 31_000)])
  }
}
