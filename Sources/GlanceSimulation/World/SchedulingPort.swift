import GlanceKernel

/// What the world and the designs it hosts ask of time, in the order they ask it: events to
/// schedule, each at an instant, and the ends of processes, whose pending events vanish with
/// them. The world only asks; the engine owns the queue (``EventQueue``) and takes the requests
/// out of the port, in the order asked, before it pops the next event (and right after it ends
/// the watch app, see ``World/killWatchApp()``).
///
/// ## Laws
/// - Requests leave the port in the order they were asked, so the engine's queue gives them
///   their sequence numbers in that order: events at one instant pop in the order they were
///   asked, whoever asked them (a design, the world, the engine).
/// - A process's end is carried out where it was asked: what was asked before it and vanishes
///   with the process is taken away with it; what was asked after it stays.
/// - The port holds fewer than ``Limits/queueCapacity`` requests: a call that asks more is a
///   design scheduling without end, and a precondition failure.
struct SchedulingPort {
  /// One request, as asked.
  enum Request: Sendable {
    /// Schedule `event` at `time`.
    case schedule(WorldEvent, at: Instant)
    /// `process` ended (a kill, or the app's update): every event pending that vanishes with it
    /// (``World/vanishes(_:withEndOf:)``) is taken out of the queue, and the world is handed
    /// those (``World/processEnded(_:cancelled:)``).
    case end(Process)
  }

  /// The requests asked since the port was last empty, in the order asked: those before
  /// `takenCount` were taken (their slots hold `nil`), the rest wait. The slots are reused once
  /// every request was taken, so asking and taking allocate nothing once the slots have grown
  /// (and a request is moved out of its slot, never copied).
  private var slots: [Request?] = []
  /// How many slots hold a request asked since the port was last empty.
  private var askedCount = 0
  /// How many of those the engine took.
  private var takenCount = 0

  /// The number of requests not yet taken.
  var count: Int { askedCount - takenCount }

  /// Whether every request was taken.
  var isEmpty: Bool { askedCount == takenCount }

  /// Asks for `event` at `time`.
  mutating func schedule(_ event: consuming WorldEvent, at time: Instant) {
    append(.schedule(event, at: time))
  }

  /// Tells the engine that `process` ended.
  mutating func end(_ process: Process) {
    append(.end(process))
  }

  private mutating func append(_ request: consuming Request) {
    precondition(
      count < Limits.queueCapacity, "\(count) requests asked and not taken, the queue's capacity is \(Limits.queueCapacity)")
    if askedCount < slots.count {
      slots[askedCount] = request
    } else {
      slots.append(request)
    }
    askedCount += 1
  }

  /// Hands the engine the oldest request not yet taken, moved out of the port; `nil` when every
  /// request was taken (the port then reuses its slots). A request asked while the engine takes
  /// (none is, today) would be handed over after those asked before it.
  mutating func takeNext() -> Request? {
    guard takenCount < askedCount else {
      (askedCount, takenCount) = (0, 0)
      return nil
    }
    let request = slots[takenCount].take()
    precondition(request != nil, "the port's slot \(takenCount) of \(askedCount) held no request")
    takenCount += 1
    return request
  }

  /// Feeds `hasher` the requests not yet taken, in the order asked (for a fingerprint of a
  /// play's state: between two events, what the last one asked).
  func fingerprint<Payloads: PayloadFingerprinter>(into hasher: inout StateHasher, of payloads: Payloads.Type) {
    hasher.combine(count)
    for index in takenCount..<askedCount {
      switch slots[index] {
      case .schedule(let event, let time):
        hasher.combine(time)
        event.fingerprint(into: &hasher, of: payloads)
      case .end(let process):
        hasher.combine(process)
      case nil:
        preconditionFailure("the port's slot \(index) of \(askedCount) held no request")
      }
    }
  }
}
