import GlanceSimulation

/// How the watch of a ``SmallTally`` sends its taps to the phone: what tells the flawed variant
/// from the fixed one.
public protocol WatchTapChannel {
  /// The design's name in reports.
  static var name: String { get }
  /// The WatchConnectivity channel the watch's taps travel on.
  static var channel: Channel { get }
}

/// The flaw: each tap is sent as the watch's application context. WatchConnectivity keeps only
/// the latest context, so two taps made while the phone is out of reach arrive as one.
public enum LatestWins: WatchTapChannel {
  public static let name = "small-tally-latest-wins"
  public static let channel = Channel.applicationContext
}

/// The fix: each tap is queued with `transferUserInfo`, delivered in order, at least once.
public enum Queued: WatchTapChannel {
  public static let name = "small-tally-queued"
  public static let channel = Channel.transferUserInfo
}
