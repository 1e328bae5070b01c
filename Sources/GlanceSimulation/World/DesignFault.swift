public import GlanceKernel

/// Something a design did that the platform refuses, or that no app can do: the run stops with
/// ``SimulationError/designFault(strategy:domain:at:fault:)``, which names it, rather than with a
/// trap that would end the test process.
///
/// ## Laws
/// - `description` names what was wrong and where (the widget, the surface, the entry).
public enum DesignFault: Hashable, Sendable, CustomStringConvertible {
  /// A widget's timeline whose entries are not in date order: entry `index` is dated `date`,
  /// before entry `index - 1`'s `previous`. (WidgetKit shows entries by date; a timeline planned
  /// from a start of day plus 86,400 s that is already past is the usual cause.)
  case timelineOutOfOrder(widget: WidgetID, index: Int, date: Instant, previous: Instant)
  /// ``World/reply(_:)`` was called outside the delivery of a `sendMessage`: there is no message
  /// to answer (a reply handler is only handed to the receiver of a message).
  case replyOutsideDelivery
  /// A GlanceSync engine run by ``SimulatedPlatform/run(_:intent:_:)`` threw (a payload over its
  /// channel's bound, a store error the design let through): `error` as it describes itself.
  case engineThrew(error: String)

  public var description: String {
    switch self {
    case .timelineOutOfOrder(let widget, let index, let date, let previous):
      let name = widget == .main ? "widget" : "year widget"
      return "the \(name)'s timeline is out of date order: entry \(index) is dated \(date), before entry \(index - 1) at \(previous)"
    case .replyOutsideDelivery:
      return "World.reply(_:) was called outside the delivery of a sendMessage: there is no message to answer"
    case .engineThrew(let error):
      return "an engine run on SimulatedPlatform threw: \(error)"
    }
  }
}
