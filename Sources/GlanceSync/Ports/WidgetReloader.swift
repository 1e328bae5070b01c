public import GlanceKernel

/// The engine's side of WidgetKit's `WidgetCenter`: asks for every widget of the app to be
/// reloaded. Whether a reload is charged to the widget's refresh budget is WidgetKit's decision
/// (free while the app is in the foreground and right after an interactive widget intent), which
/// the engine anticipates with ``ReloadCoordinator``.
///
/// An app conforms with `WidgetCenterReloader` where WidgetKit exists; the simulator with a
/// reloader that applies the kernel's `RefreshBudget` in virtual time.
public protocol WidgetReloader: AnyObject {
  /// `WidgetCenter.shared.reloadAllTimelines()`.
  func reloadAllTimelines()
  /// When the engine's pacer last let a charged reload through, kept where it outlives the
  /// app's process (the App Group's defaults), so that a relaunched app keeps the pacing and the
  /// widget's budget. A reloader that keeps nothing (the default) answers `nil`: a relaunched
  /// app then paces from scratch.
  var lastPacedReload: Instant? { get set }
}

extension WidgetReloader {
  public var lastPacedReload: Instant? {
    get { nil }
    set {}
  }
}
