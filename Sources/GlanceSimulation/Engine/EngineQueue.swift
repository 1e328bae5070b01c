import GlanceKernel

/// The engine's queue of world events: it owns the ``EventQueue``, takes into it what the world
/// and the designs asked of time (the world's ``SchedulingPort``), pops the events in order and
/// moves the world's clock to each.
///
/// ```swift
/// var queue = EngineQueue()
/// world.schedule(.checkpoint(.finalCheck), after: 1_000)
/// while let (time, event) = queue.next(in: &world) { … }  // world.now == time
/// ```
///
/// ## Laws
/// - Events pop in time order; events at one instant in the order they were asked (the port hands
///   its requests over in that order, and the queue numbers them as it takes them), unless the
///   world's choices pick another of them first (``Choices/first(among:commuting:)``, told when
///   the events due commute, so that an exploration plays them in one order).
/// - Time never goes back: an event pops at or after the world's `now`, which it then becomes
///   (a request in the past is refused when it is asked, ``World/schedule(_:at:)``).
/// - A process's end takes every pending event that vanishes with it out of the queue
///   (``World/vanishes(_:withEndOf:)``), those asked before the end in the same call included,
///   and hands them to the world (``World/processEnded(_:cancelled:)``).
/// - At most ``Limits/queueCapacity`` events are pending; more is a precondition failure.
struct EngineQueue {
  private var queue = EventQueue<WorldEvent>(capacityMax: Limits.queueCapacity)

  /// The number of pending events (requests still in the world's port not counted).
  var count: Int { queue.count }

  /// Feeds `hasher` the pending events in the order they pop, with their times (for a
  /// fingerprint of a play's state).
  func fingerprint<Payloads: PayloadFingerprinter>(into hasher: inout StateHasher, of payloads: Payloads.Type) {
    queue.fingerprint(into: &hasher) { event, hasher in event.fingerprint(into: &hasher, of: payloads) }
  }

  /// Takes every request out of `world`'s port, in the order asked: schedules each event and
  /// carries out each process's end.
  mutating func take(from world: inout World) {
    while let request = world.takeRequest() {
      switch consume request {
      case .schedule(let event, let time): queue.push(event, at: time)
      case .end(let process): end(process, in: &world)
      }
    }
  }

  /// Takes the world's requests, then pops the next event and moves the world's clock to it;
  /// `nil` when nothing is pending.
  ///
  /// Which of the events due at one instant goes first is a choice of the world's door
  /// (``Choices/first(among:commuting:)``), whose default is the earliest asked; the random door takes it
  /// without the queue counting them (``Choices/isWatched``).
  mutating func next(in world: inout World) -> (time: Instant, event: WorldEvent)? {
    take(from: &world)
    if world.choices.isWatched { return nextChosen(in: &world) }
    guard let (time, _, event) = queue.pop() else { return nil }
    world.advance(to: time)
    return (time, event)
  }

  /// ``next(in:)`` for a door that records or is answered: pops the event the world's choices
  /// put first among those due at the earliest pending time (kept out of the random door's path,
  /// which never chooses: that path pops exactly as before the door existed, and this one is
  /// never inlined into it).
  @inline(never)
  private mutating func nextChosen(in world: inout World) -> (time: Instant, event: WorldEvent)? {
    let simultaneous = queue.simultaneousCount()
    let position = simultaneous > 1 ? world.choices.first(among: simultaneous, commuting: dueCommute(in: world)) : 0
    guard let (time, _, event) = queue.pop(position: position) else { return nil }
    world.advance(to: time)
    return (time, event)
  }

  /// Whether the events due first commute: they are two widgets' reloads served at one instant,
  /// which the world says give the same play in either order (``World/reloadServesCommute(at:)``).
  /// Every other set of simultaneous events is played in every order.
  private func dueCommute(in world: World) -> Bool {
    guard let time = queue.nextTime else { return false }
    // Two distinct widgets at most, so two optionals rather than an array made at every order
    // choice.
    var first: WidgetID? = nil
    var second: WidgetID? = nil
    let serves = queue.simultaneous { event in
      guard case .platform(.reloadServed(let widget)) = event, second == nil, widget != first else { return false }
      if first == nil { first = widget } else { second = widget }
      return true
    }
    return serves && second != nil && world.reloadServesCommute(at: time)
  }

  /// `process` ended: its pending events vanish, and the world is handed them.
  private mutating func end(_ process: Process, in world: inout World) {
    var cancelled: [WorldEvent] = []
    queue.removeAll { event in
      guard World.vanishes(event, withEndOf: process) else { return false }
      cancelled.append(event)
      return true
    }
    world.processEnded(process, cancelled: cancelled)
  }
}
