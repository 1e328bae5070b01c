/// One choice a run made: where (its ``ChoicePoint``) and the value it took.
///
/// ## Laws
/// - A recorded choice's value is admitted by its kind (``ChoiceKind/admits(_:)``): the recorder
///   checks it when it writes it, and a recording's reader when it reads it.
public struct Choice: Hashable, Sendable, CustomStringConvertible {
  public let point: ChoicePoint
  public let value: Int64

  /// The choice of `value` at `point`.
  ///
  /// - Precondition: `point.kind.admits(value)`.
  public init(point: ChoicePoint, value: Int64) {
    precondition(point.kind.admits(value), "\(value) is not a value of \(point)")
    self.point = point
    self.value = value
  }

  /// One line of a recording: `world.latency uniform 50...500 = 123`.
  public var description: String { "\(point) = \(value)" }
}
