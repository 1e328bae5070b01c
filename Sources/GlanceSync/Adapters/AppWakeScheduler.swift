// The wake adapter of an iOS app: a timer for the wake after WidgetKit's deaf window (the app is
// in the foreground then), a background app refresh task for a paced reload. BackgroundTasks and
// UIKit exist on iOS alone, so this file is not compiled on Linux; keep it this small.
#if canImport(BackgroundTasks) && canImport(UIKit)
  public import BackgroundTasks
  public import Foundation
  public import GlanceKernel

  /// A ``WakeScheduler`` for an iOS app. Register the task identifier in `Info.plist`
  /// (`BGTaskSchedulerPermittedIdentifiers`) and with `BGTaskScheduler.register`, and call the
  /// engine's `wake(.pacedReload, …)` from its handler; iOS runs a refresh task no earlier than
  /// asked, at its discretion. `onTimer` is called on the main run loop for a deaf-window wake.
  public final class AppWakeScheduler: WakeScheduler {
    public let refreshTaskIdentifier: String
    private let onTimer: (WakeReason) -> Void

    public init(refreshTaskIdentifier: String, onTimer: @escaping (WakeReason) -> Void) {
      self.refreshTaskIdentifier = refreshTaskIdentifier
      self.onTimer = onTimer
    }

    public func scheduleWake(at instant: Instant, for reason: WakeReason) {
      let date = Date(timeIntervalSince1970: TimeInterval(instant.millisecondsSince1970) / 1_000)
      switch reason {
      case .reloadAfterDeafWindow:
        let timer = Timer(fire: date, interval: 0, repeats: false) { [onTimer] _ in onTimer(reason) }
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
