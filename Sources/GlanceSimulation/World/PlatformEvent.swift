import GlanceKernel

import GlanceSync

/// What the platform does on its own schedule: a design's step, WatchConnectivity's deliveries,
/// WidgetKit's reloads, the system's background tasks and wakes, the clock.
///
/// The cases that carry a design's payload (a step, a message) are `indirect`: an event is copied
/// into the trace and through the engine's handlers, and a boxed payload copies as one retain
/// (callgrind, 3 seeds × 30 days: 2,198.6 M instructions against 2,267.5 M unboxed).
enum PlatformEvent: Sendable {
  /// A step a design scheduled in `process`.
  indirect case step(Process, ScheduledStep)
  /// A `sendMessage` (or its reply) reaches `device`; when `replyLost`, the reply its receiver
  /// sends never arrives.
  indirect case deliver(WireMessage, to: Device, replyLost: Bool)
  /// The error handler of a `sendMessage` to `device` runs on the other device.
  indirect case sendFailed(WireMessage, to: Device, SendFailure)
  /// The head of the `transferUserInfo` queue to `device` is delivered.
  case pumpTransfers(to: Device)
  /// `updateApplicationContext`'s latest value reaches `device`.
  case deliverContext(to: Device)
  /// WidgetKit serves a reload of `widget`.
  case reloadServed(widget: WidgetID)
  /// The reload a timeline's `.after` policy asks for; stale when a newer timeline replaced it.
  case policyReload(widget: WidgetID, generation: Int)
  /// A local day boundary.
  case dayBoundary
  /// The system runs the app's background refresh task.
  case backgroundRefresh
  /// A wake a design asked for (``World/scheduleWake(at:for:)``) is due: a reload asked again
  /// after WidgetKit's deaf window, or one its pacing held back.
  case wake(WakeReason)
  /// The day of the store move begins: the updated app is installed (steps domain).
  case storeMoveDay

  /// Feeds `hasher` the event: its case and what it carries, a design's payload included (fed by `payloads`)
  /// (for a fingerprint of a play's state).
  func fingerprint<Payloads: PayloadFingerprinter>(into hasher: inout StateHasher, of payloads: Payloads.Type) {
    switch self {
    case .step(let process, let step):
      hasher.combine(0)
      hasher.combine(process)
      step.fingerprint(into: &hasher, of: payloads)
    case .deliver(let message, let device, let replyLost):
      hasher.combine(1)
      message.fingerprint(into: &hasher, of: payloads)
      hasher.combine(device)
      hasher.combine(replyLost)
    case .sendFailed(let message, let device, let failure):
      hasher.combine(2)
      message.fingerprint(into: &hasher, of: payloads)
      hasher.combine(device)
      hasher.combine(hashOf: failure)
    case .pumpTransfers(let device):
      hasher.combine(3)
      hasher.combine(device)
    case .deliverContext(let device):
      hasher.combine(4)
      hasher.combine(device)
    case .reloadServed(let widget):
      hasher.combine(5)
      hasher.combine(widget)
    case .policyReload(let widget, let generation):
      hasher.combine(6)
      hasher.combine(widget)
      hasher.combine(generation)
    case .dayBoundary: hasher.combine(7)
    case .backgroundRefresh: hasher.combine(8)
    case .wake(let reason):
      hasher.combine(9)
      hasher.combine(hashOf: reason)
    case .storeMoveDay: hasher.combine(10)
    }
  }
}
