// The WidgetKit adapter: it only forwards to `WidgetCenter`. WidgetKit does not exist on Linux,
// so this file is not compiled there; keep it this small.
#if canImport(WidgetKit)
  public import WidgetKit

  /// A ``WidgetReloader`` over `WidgetCenter.shared`.
  public final class WidgetCenterReloader: WidgetReloader {
    public init() {}

    public func reloadAllTimelines() {
      WidgetCenter.shared.reloadAllTimelines()
    }
  }
#endif
