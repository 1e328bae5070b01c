public import Foundation

/// A point on the UTC time line: a whole number of milliseconds since 1970-01-01T00:00:00Z.
///
/// The kernel's time is an integer, never a floating-point number, so that every comparison and
/// every boundary is exact and every run is reproducible. `Instant` converts to and from
/// Foundation's `Date` only at the edges (``init(_:)``, ``date``).
///
/// `Instant` is `Strideable` with a stride of milliseconds:
/// `instant.advanced(by: 5 * Instant.millisecondsPerMinute)`.
///
/// ## Laws
/// - `Instant(millisecondsSince1970: m).millisecondsSince1970 == m` for every `Int64` `m`.
/// - `a.advanced(by: a.distance(to: b)) == b`.
/// - Order is the order of `millisecondsSince1970`.
/// - `Instant(instant.date) == instant` for every instant within ±10^15 ms of 1970 (a `Date`
///   is a `Double`; beyond that it cannot hold every millisecond).
public struct Instant: Hashable, Comparable, Sendable, Strideable {
  /// Milliseconds since 1970-01-01T00:00:00Z; negative before.
  public var millisecondsSince1970: Int64

  /// The instant `milliseconds` after (or, when negative, before) 1970-01-01T00:00:00Z.
  @inlinable
  public init(millisecondsSince1970 milliseconds: Int64) {
    self.millisecondsSince1970 = milliseconds
  }

  /// The instant `seconds` after 1970-01-01T00:00:00Z.
  ///
  /// - Precondition: `seconds * 1000` fits in `Int64` (about ±292 million years).
  @inlinable
  public init(secondsSince1970 seconds: Int64) {
    let (milliseconds, overflow) = seconds.multipliedReportingOverflow(by: 1000)
    precondition(!overflow, "Instant(secondsSince1970: \(seconds)) is out of range")
    self.millisecondsSince1970 = milliseconds
  }

  /// The instant of a Foundation `Date`, rounded down to the millisecond.
  ///
  /// - Precondition: the date is finite and within the range of `Instant`.
  public init(_ date: Date) {
    let milliseconds = (date.timeIntervalSince1970 * 1000).rounded(.down)
    precondition(
      milliseconds.isFinite && milliseconds >= -9.2e18 && milliseconds <= 9.2e18,
      "Date \(date.timeIntervalSince1970) s is outside the range of Instant")
    self.millisecondsSince1970 = Int64(milliseconds)
  }

  /// The same instant as a Foundation `Date` (exact within ±2^53 ms of 1970).
  public var date: Date {
    Date(timeIntervalSince1970: TimeInterval(millisecondsSince1970) / 1000)
  }

  /// Whole seconds since 1970, rounded toward −∞ (so 999 ms before 1970 is second −1).
  @inlinable
  public var secondsSince1970: Int64 {
    Int64.floorDivision(millisecondsSince1970, Instant.millisecondsPerSecond)
  }

  public static let millisecondsPerSecond: Int64 = 1000
  public static let millisecondsPerMinute: Int64 = 60_000
  public static let millisecondsPerHour: Int64 = 3_600_000
  public static let millisecondsPerDay: Int64 = 86_400_000

  @inlinable
  public static func < (lhs: Instant, rhs: Instant) -> Bool {
    lhs.millisecondsSince1970 < rhs.millisecondsSince1970
  }

  /// Equal milliseconds. Declared, not inherited: `Strideable`'s default compares
  /// `distance(to:)` with 0, which overflows for instants more than `Int64.max` ms apart.
  @inlinable
  public static func == (lhs: Instant, rhs: Instant) -> Bool {
    lhs.millisecondsSince1970 == rhs.millisecondsSince1970
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(millisecondsSince1970)
  }

  /// Milliseconds from `self` to `other`.
  ///
  /// - Precondition: the distance fits in `Int64`.
  @inlinable
  public func distance(to other: Instant) -> Int64 {
    let (distance, overflow) = other.millisecondsSince1970.subtractingReportingOverflow(
      millisecondsSince1970)
    precondition(!overflow, "distance from \(self) to \(other) overflows Int64 milliseconds")
    return distance
  }

  /// The instant `milliseconds` later (earlier when negative).
  ///
  /// - Precondition: the result is within the range of `Instant`.
  @inlinable
  public func advanced(by milliseconds: Int64) -> Instant {
    let (sum, overflow) = millisecondsSince1970.addingReportingOverflow(milliseconds)
    precondition(!overflow, "\(self) advanced by \(milliseconds) ms is out of range")
    return Instant(millisecondsSince1970: sum)
  }
}

extension Instant: CustomStringConvertible {
  /// ISO 8601 in UTC with milliseconds, as in `2024-03-31T01:00:00.000Z`; fixed format, no
  /// locale, identical on every platform.
  public var description: String {
    let millisecondsOfDay = Int64.floorModulo(millisecondsSince1970, Instant.millisecondsPerDay)
    let dayNumber = Int64.floorDivision(millisecondsSince1970, Instant.millisecondsPerDay)
    let date = CivilDate(dayNumber: dayNumber)
    let seconds = millisecondsOfDay / 1000
    func two(_ value: Int64) -> String { value < 10 ? "0\(value)" : "\(value)" }
    let milliseconds = millisecondsOfDay % 1000
    let millisecondsText =
      milliseconds < 10 ? "00\(milliseconds)" : milliseconds < 100 ? "0\(milliseconds)" : "\(milliseconds)"
    return "\(date)T\(two(seconds / 3600)):\(two(seconds / 60 % 60)):\(two(seconds % 60))"
      + ".\(millisecondsText)Z"
  }
}

extension Instant: Codable {
  /// Encodes one integer: milliseconds since 1970 (never a floating-point number).
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(millisecondsSince1970)
  }

  public init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    self.init(millisecondsSince1970: try container.decode(Int64.self))
  }
}

extension Int64 {
  /// `a / b` rounded toward −∞ (Swift's `/` rounds toward zero).
  ///
  /// - Precondition: `b > 0`.
  @inlinable
  static func floorDivision(_ a: Int64, _ b: Int64) -> Int64 {
    precondition(b > 0, "floorDivision by \(b)")
    let quotient = a / b
    return (a % b < 0) ? quotient - 1 : quotient
  }

  /// `a mod b` in `0..<b`.
  ///
  /// - Precondition: `b > 0`.
  @inlinable
  static func floorModulo(_ a: Int64, _ b: Int64) -> Int64 {
    precondition(b > 0, "floorModulo by \(b)")
    let remainder = a % b
    return remainder < 0 ? remainder + b : remainder
  }
}
