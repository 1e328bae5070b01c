import GlanceKernel
import GlanceSync

/// Everything that happens, in virtual time.
enum WorldEvent: Sendable {
  case action(PlannedAction)
  case appClose(session: Int)
  case step(Process, ScheduledStep)
  /// A kill of `process` is armed: it takes the app or the widget extension down before one of
  /// its next operation steps, the watch app shortly after the next watch tap.
  case kill(Process)
  /// Six hours after a kill of `process` was armed: if it has not struck, it takes the app down
  /// now; the widget extension and the watch app, not running, are spared.
  case killDeadline(Process)
  /// The armed kill of the watch app strikes (shortly after a watch tap).
  case killWatchApp
  /// Store write failure `number` is armed: the next commit on the phone fails.
  case armStoreWriteFailure(Int)
  /// Six hours after store write failure `number` was armed: if it met no commit, it is taken back.
  case storeWriteFailureDeadline(Int)
  /// A value the design keeps in the App Group's defaults is corrupted (the world draws which).
  case corruptDefaults
  /// Thirty minutes after an action: if nothing happened since, every surface must agree.
  case quiescenceCheck(afterAction: Int)
  case reachability(Bool)
  /// A `sendMessage` (or its reply) reaches `device`; when `replyLost`, the reply its receiver
  /// sends never arrives.
  case deliver(WireMessage, to: Device, replyLost: Bool)
  /// The error handler of a `sendMessage` to `device` runs on the other device.
  case sendFailed(WireMessage, to: Device, SendFailure)
  case pumpTransfers(to: Device)
  /// `updateApplicationContext`'s latest value reaches `device`.
  case deliverContext(to: Device)
  /// WidgetKit serves a reload of `widget`.
  case reloadServed(widget: WidgetID)
  /// The reload a timeline's `.after` policy asks for; stale when a newer timeline replaced it.
  case policyReload(widget: WidgetID, generation: Int)
  case dayBoundary
  /// Long enough after the local day boundary at `boundary` for every surface to show the new
  /// day: the rollover check.
  case rolloverCheck(boundary: Instant)
  /// The device's zone changes: leg `leg` of the itinerary begins.
  case zoneChange(leg: Int)
  /// Long enough after the change to leg `leg` for a converged widget to have caught up: no
  /// surface may still show "today" of the zone the device left.
  case zoneSettled(leg: Int)
  case endOfSafetyPhase
  /// The system runs the app's background refresh task.
  case backgroundRefresh
  /// A wake a design asked for (``World/scheduleWake(at:for:)``) is due: a reload asked again
  /// after WidgetKit's deaf window, or one its pacing held back.
  case wake(WakeReason)
  /// The day of the store move begins: the updated app is installed (steps domain).
  case storeMoveDay
  case finalCheck

  var process: Process? {
    if case .step(let process, _) = self { return process }
    return nil
  }
}
