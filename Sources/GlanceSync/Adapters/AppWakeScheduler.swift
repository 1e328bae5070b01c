// The wake adapter of an iOS app: a timer for the wake after WidgetKit's deaf window (the app is
// in the foreground then), a background app refresh task for a paced reload. BackgroundTasks and
// UIKit exist on iOS alone, so this file is not compiled on Linux; keep it this small.
#if canImport(BackgroundTasks) && canImport(UIKit)
  import BackgroundTasks
  import Foundation
  public import GlanceKernel

  /// A ``WakeScheduler`` for an iOS app. Register the task identifier in `Info.plist`
  /// (`BGTaskSchedulerPermittedIdentifiers`) and with `BGTaskScheduler.register`, and call the
  /// engine's `wake(.pacedReload, …)` from its handler; iOS runs a refresh task no earlier than
  /// asked, at its discretion. `onTimer` is called on the main actor, from a timer on the main
  /// run loop, for a deaf-window wake: the app's engine lives there, so the closure may use it.
  public final class AppWakeScheduler: WakeScheduler {
    public let refreshTaskIdentifier: String
    private let onTimer: @MainActor (WakeReason) -> Void

    public init(refreshTaskIdentifier: String, onTimer: @escaping @MainActor (WakeReason) -> Void) {
      self.refreshTaskIdentifier = refreshTaskIdentifier
      self.onTimer = onTimer
    }

    public func scheduleWake(at instant: Instant, for reason: WakeReason) {
      let date = Date(timeIntervalSince1970: TimeInterval(instant.millisecondsSince1970) / 1_000)
      switch reason {
      case .reloadAfterDeafWindow:
        // The timer's block is `@Sendable`: it captures the main-actor closure (which is
        // Sendable) and, run by the main run loop, is on the main thread when it fires.
        let timer = Timer(fire: date, interval: 0, repeats: false) { [onTimer] _ in
          MainActor.assumeIsolated { onTimer(reason) }
        }
        RunLoop.main.add(timer, forMode: .common)
      case .pacedReload, .deafWindowBackstop:
        let request = BGAppRefreshTaskRequest(identifier: refreshTaskIdentifier)
        request.earliestBeginDate = date
        // A refused request (too many pending, no permission) leaves the widget's hourly
        // timeline reload as the backstop.
        try? BGTaskScheduler.shared.submit(request)
      }
    }
  }
#endif
