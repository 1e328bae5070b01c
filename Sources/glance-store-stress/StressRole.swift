import ArgumentParser
import GlanceKernel

/// The process a worker plays, and so the store method it writes with.
enum StressRole: String, CaseIterable, Sendable, ExpressibleByArgument {
  /// The app: ``GlanceStore/EventStore/record(_:)``.
  case app
  /// The widget's interactive intent: ``GlanceStore/EventStore/record(_:snapshotAt:in:)``.
  case widget
  /// The watch receiver: ``GlanceStore/EventStore/receive(_:)``, re-sending batches now and then.
  case watch

  /// The byte that stands for the role inside an event id.
  var code: UInt8 {
    switch self {
    case .app: return 0
    case .widget: return 1
    case .watch: return 2
    }
  }

  /// The role whose ``code`` is `code`, or `nil`.
  init?(code: UInt8) {
    guard let role = Self.allCases.first(where: { $0.code == code }) else { return nil }
    self = role
  }

  /// The origin of the events the role writes.
  var origin: Origin {
    switch self {
    case .app: return .app
    case .widget: return .widgetIntent
    case .watch: return .watch
    }
  }

  /// Whether the role's write queues the event in the outbox (a local write) or not (a receipt).
  var queuesInOutbox: Bool { self != .watch }
}
