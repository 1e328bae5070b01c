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
public final class SimulatedPlatform: WidgetReloader, WakeScheduler {
  /// What an engine asked of the platform.
  enum Request {
    case reload(ReloadContext?)
    case send(PeerPayload, PeerChannel, to: Device)
    case wake(Instant, WakeReason)
  }

  private var requests: [Request] = []
  /// Whether `sendMessage` could reach each device when the engine's call began (`isReachable`):
  /// the phone while the watch is in range, the watch only while its app is in the foreground too.
  private var reachable = PerDevice(repeating: true)
  /// The context of the reloads asked during an interactive widget intent (otherwise WidgetKit
  /// decides from whether the app is in the foreground).
  private var intentContext: ReloadContext? = nil
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

  /// Runs `body` (an engine's call) against this platform, then applies what it asked for;
  /// `intent`: the call is an interactive widget intent (its reloads are free). An error thrown
  /// out of `body` (a payload over its channel's bound that the design let through, a store's
  /// error) stops the play with ``DesignFault/engineThrew(error:)``; what the engine asked for
  /// before it threw is still applied.
  public func run(_ world: inout World, intent: Bool = false, _ body: () throws -> Void) {
    precondition(requests.isEmpty, "requests left over from an earlier call: \(requests)")
    reachable = PerDevice(phone: world.watchReachable, watch: world.watchReachable && world.watchAppActive)
    intentContext = intent ? .afterInteractiveIntent : nil
    do {
      try body()
    } catch {
      world.noteDesignFault(.engineThrew(error: "\(error)"))
    }
    intentContext = nil
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

  /// Kept here, beside the engines rather than in them, as the App Group's defaults keep it: a
  /// killed app's engine is made anew, this survives.
  public var lastPacedReload: Instant? = nil

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
