/// Which device a message goes to.
public enum Device: Hashable, Sendable {
  case phone, watch

  /// The other device: the one a message from this one goes to.
  public var other: Device { self == .phone ? .watch : .phone }
}
