public import GlanceKernel
public import GlanceSync

/// The ports a GlanceSync engine runs on in the simulated world: the peer links of both devices,
/// WidgetKit's reloader and the wake scheduler. Each records what the engine asks for;
/// `apply(to:)` hands the requests to the ``World`` in the order they were made, right after
/// the engine's call, so the world draws its latencies exactly as if the engine had called it.
///
/// A link checks every payload against its channel's bound (`PeerChannel.payloadBytesMax`) and
/// refuses it as WatchConnectivity does; `sendMessage` is refused while the watch is out of
/// range (as the world was when the engine's call began).
///
/// ## Laws
/// - Requests reach the world in the order the engine made them, once each.
/// - No payload over its channel's bound reaches the world; ``largestPayloads`` and
///   ``refusedPayloads`` say what was sent and refused.
/// - ``lastPacedReload`` is a value of the world's App Group defaults: what an engine wrote in
///   one call an engine reads in a later one, whichever process made it, until it is corrupted.
public final class SimulatedPlatform: WidgetReloader, WakeScheduler {
  /// What an engine asked of the platform.
  enum Request {
    case reload(ReloadContext?)
    case send(PeerPayload, PeerChannel, to: Device)
    case wake(Instant, WakeReason)
  }

  /// What the engine asked during its current call, in order: handed to the world at its end.
  ///
  /// The platform's state (this, ``reachable``, ``intentContext`` and ``defaults``) is read and
  /// written at every call of an engine: exempt from the dynamic exclusivity check, whose
  /// thread-local lookup cost more than most of those accesses. Safe: a run's platform is used
  /// by one thread, and no access to its state overlaps another (the engine's `body` runs while
  /// none is in progress).
  @exclusivity(unchecked) private var requests: [Request] = []
  /// Whether `sendMessage` could reach each device when the engine's call began (`isReachable`):
  /// the phone while the watch is in range, the watch only while its app is in the foreground too.
  @exclusivity(unchecked) private var reachable = PerDevice(repeating: true)
  /// The context of the reloads asked during an interactive widget intent (otherwise WidgetKit
  /// decides from whether the app is in the foreground).
  @exclusivity(unchecked) private var intentContext: ReloadContext? = nil
  /// The largest payload sent on each channel, in bytes.
  public private(set) var largestPayloads: [PeerChannel: Int] = [:]
  /// Payloads refused for their size.
  public private(set) var refusedPayloads = 0
  /// The phone's side of WatchConnectivity: it sends to the watch.
  public var phoneLink: any PeerLink { links.phone }
  /// The watch's side of WatchConnectivity: it sends to the phone.
  public var watchLink: any PeerLink { links.watch }
  /// The link of each device: `links.phone` sends to the watch, `links.watch` to the phone.
  private(set) lazy var links = PerDevice(
    phone: Link(platform: self, destination: .watch), watch: Link(platform: self, destination: .phone))

  /// One device's side of WatchConnectivity.
  final class Link: PeerLink {
    unowned let platform: SimulatedPlatform
    let destination: Device

    init(platform: SimulatedPlatform, destination: Device) {
      self.platform = platform
      self.destination = destination
    }

    func send(_ payload: [UInt8], on channel: PeerChannel) throws(PeerLinkError) {
      try platform.send(payload, on: channel, to: destination)
    }
  }

  /// A platform with nothing asked yet.
  public init() {}

  /// A copy of this platform between two calls (nothing asked and not yet applied), sharing
  /// nothing with it: for a play an exploration resumes from a snapshot. Its links are its own.
  func copy() -> SimulatedPlatform {
    precondition(requests.isEmpty && defaults == nil, "a platform is copied between two calls")
    let copy = SimulatedPlatform()
    copy.largestPayloads = largestPayloads
    copy.refusedPayloads = refusedPayloads
    return copy
  }

  /// Runs `body` (an engine's call) against this platform, then applies what it asked for;
  /// `intent`: the call is an interactive widget intent (its reloads are free). An error thrown
  /// out of `body` (a payload over its channel's bound that the design let through, a store's
  /// error) stops the play with ``DesignFault/engineThrew(error:)``; what the engine asked for
  /// before it threw is still applied.
  public func run(_ world: inout World, intent: Bool = false, _ body: () throws -> Void) {
    precondition(requests.isEmpty, "requests left over from an earlier call: \(requests)")
    precondition(defaults == nil, "SimulatedPlatform.run is not reentrant")
    reachable = PerDevice(phone: world.watchReachable, watch: world.watchReachable && world.watchAppActive)
    intentContext = intent ? .afterInteractiveIntent : nil
    // Moved out of the world and back, not copied: the engine's writes change the one copy.
    defaults = world.appGroupDefaults
    world.appGroupDefaults = AppGroupDefaults()
    do {
      try body()
    } catch {
      world.noteDesignFault(.engineThrew(error: "\(error)"))
    }
    intentContext = nil
    if let defaults { world.appGroupDefaults = defaults }
    defaults = nil
    apply(to: &world)
  }

  private func send(_ payload: [UInt8], on channel: PeerChannel, to device: Device) throws(PeerLinkError) {
    guard payload.count <= channel.payloadBytesMax else {
      refusedPayloads += 1
      throw .payloadTooLarge(channel: channel, bytes: payload.count, limit: channel.payloadBytesMax)
    }
    if channel == .sendMessage, !reachable[device] { throw .notReachable }
    largestPayloads[channel] = max(largestPayloads[channel] ?? 0, payload.count)
    requests.append(.send(PeerPayload(bytes: payload), channel, to: device))
  }

  public func reloadAllTimelines() {
    requests.append(.reload(intentContext))
  }

  /// The App Group's defaults while an engine's call runs: ``run(_:intent:_:)`` takes them from
  /// the world and gives them back; `nil` between two calls.
  @exclusivity(unchecked) private var defaults: AppGroupDefaults? = nil

  /// Kept in the world's App Group defaults (``World/appGroupDefaults``) under
  /// ``lastPacedReloadKey``, as `WidgetCenterReloader` keeps it: an integer of milliseconds
  /// since 1970, which outlives the app's process (the engine of a relaunched app resumes from
  /// it), and which reads as none once corrupted. Read and written only while an engine's call
  /// runs (``run(_:intent:_:)``: make a relaunched app's engine inside one); outside, it reads as
  /// none, and writing it is a programmer error.
  public var lastPacedReload: Instant? {
    get { defaults?.integer(forKey: Self.lastPacedReloadKey).map { Instant(millisecondsSince1970: $0) } }
    set {
      guard defaults != nil else {
        preconditionFailure("the pacing is kept in the App Group's defaults, reached only inside SimulatedPlatform.run")
      }
      if let newValue {
        defaults?.set(.integer(newValue.millisecondsSince1970), forKey: Self.lastPacedReloadKey)
      } else {
        defaults?.removeValue(forKey: Self.lastPacedReloadKey)
      }
    }
  }

  /// The key `WidgetCenterReloader` keeps ``lastPacedReload`` under.
  public static let lastPacedReloadKey = "GlanceSync.lastPacedReload"

  public func scheduleWake(at instant: Instant, for reason: WakeReason) {
    requests.append(.wake(instant, reason))
  }

  /// Hands every request to the world, in order.
  private func apply(to world: inout World) {
    for request in requests {
      switch request {
      case .reload(let context):
        world.requestReload(context: context ?? (world.appForeground ? .appInForeground : .background))
      case .send(let payload, .transferUserInfo, let device): world.transferUserInfo(payload, to: device)
      case .send(let payload, .applicationContext, let device): world.updateApplicationContext(payload, to: device)
      case .send(let payload, .sendMessage, let device): _ = world.sendMessage(payload, to: device)
      case .wake(let instant, let reason): world.scheduleWake(at: instant, for: reason)
      }
    }
    requests.removeAll(keepingCapacity: true)
  }
}
