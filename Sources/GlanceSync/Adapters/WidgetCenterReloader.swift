// The WidgetKit adapter: it forwards to `WidgetCenter`, and keeps the pacer's last charged
// reload in the App Group's defaults. WidgetKit does not exist on Linux, so this file is not
// compiled there; keep it this small.
#if canImport(WidgetKit)
  public import Foundation
  public import GlanceKernel
  import WidgetKit

  /// A ``WidgetReloader`` over `WidgetCenter.shared`, keeping ``lastPacedReload`` in `defaults`
  /// (the App Group's suite) under `key`.
  public final class WidgetCenterReloader: WidgetReloader {
    private let defaults: UserDefaults
    private let key: String

    public init(defaults: UserDefaults = .standard, key: String = "GlanceSync.lastPacedReload") {
      self.defaults = defaults
      self.key = key
    }

    public func reloadAllTimelines() {
      WidgetCenter.shared.reloadAllTimelines()
    }

    public var lastPacedReload: Instant? {
      get { (defaults.object(forKey: key) as? NSNumber).map { Instant(millisecondsSince1970: $0.int64Value) } }
      set {
        if let newValue {
          defaults.set(NSNumber(value: newValue.millisecondsSince1970), forKey: key)
        } else {
          defaults.removeObject(forKey: key)
        }
      }
    }
  }
#endif
