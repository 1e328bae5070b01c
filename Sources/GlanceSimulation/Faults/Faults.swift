/// What goes wrong, as scheduled data.
public struct Faults: Hashable, Sendable {
  /// App kills per day, each at a random step of whatever the app is doing, 0…100.
  public var appKillsPerDay: Int = 1
  /// Times per day the watch goes out of range, 0…50.
  public var watchOutOfRangePerDay: Int = 1
  /// How long an out-of-range spell lasts, in minutes (low…high, 1…1440).
  public var watchOutOfRangeMinutes: ClosedRange<Int> = 20...180
  /// Chance that a WatchConnectivity transfer is delivered twice (at-least-once), as n/d.
  public var duplicateDelivery: Chance = Chance(numerator: 1, denominator: 20)
  /// The most a widget reload (asked for, or due to a timeline policy) is served late, in
  /// seconds, 0…3600; timeline entries themselves show on time.
  public var lateFiringSecondsMax: Int = 60
  /// Kills of the widget extension per day, 0…100, each before a random step of the next
  /// intent it performs (within six hours; none if it performs none).
  public var widgetKillsPerDay: Int = 1
  /// Kills of the watch app per day, 0…100, each shortly after the next watch tap (within six
  /// hours): what it kept in memory and the replies it awaited are gone.
  public var watchKillsPerDay: Int = 1
  /// Chance that a `sendMessage` fails in flight, as n/d: nothing is delivered and the sender's
  /// error handler runs (`WCError.deliveryFailed`).
  public var messageFailure: Chance = Chance(numerator: 1, denominator: 20)
  /// Chance that a `sendMessage`'s reply never comes, as n/d: the message is delivered, the
  /// receiver's reply is lost, and the sender's error handler runs after
  /// ``World/replyTimeoutMilliseconds`` (`WCError.messageReplyTimedOut`).
  public var replyTimeout: Chance = Chance(numerator: 1, denominator: 20)
  /// Store write failures per day, 0…100: each makes the next commit to a store on the phone
  /// (within six hours) fail, as a full disk or an I/O error does, writing nothing.
  public var storeWriteFailuresPerDay: Int = 1
  /// Corrupted values in the App Group's shared defaults per day, 0…50: each turns one value the
  /// design keeps there (the world draws which) into garbage of the wrong type, which reads as
  /// missing on the platform (`UserDefaults.integer(forKey:)` gives 0, a decoder throws).
  public var corruptedDefaultsPerDay: Int = 1
  /// Spells per day during which another process holds the App Group database's write lock,
  /// 0…50 (none by default): a commit to the App Group store on the phone then meets
  /// `SQLITE_BUSY` and writes nothing, and the same write succeeds once the spell ends.
  public var storeBusyPerDay: Int = 0
  /// How long another process holds the App Group database's write lock, in seconds (low…high,
  /// 1…600).
  public var storeBusySeconds: ClosedRange<Int> = 5...30

  public init() {}
}
