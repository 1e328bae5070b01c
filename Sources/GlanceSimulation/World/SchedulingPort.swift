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

  /// The requests not yet taken, in the order asked.
  private var requests: [Request] = []

  /// The number of requests not yet taken.
  var count: Int { requests.count }

  /// Whether every request was taken.
  var isEmpty: Bool { requests.isEmpty }

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
      requests.count < Limits.queueCapacity,
      "\(requests.count) requests asked in one call, the queue's capacity is \(Limits.queueCapacity)")
    requests.append(request)
  }

  /// Hands every request to the engine, in the order asked, through `taken` (which must be
  /// empty): the port keeps `taken`'s storage for the requests to come, so taking allocates
  /// nothing once both buffers have grown.
  mutating func take(into taken: inout [Request]) {
    precondition(taken.isEmpty, "the engine took \(taken.count) requests it has not carried out")
    swap(&requests, &taken)
  }
}
