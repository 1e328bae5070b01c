import GlanceKernel

extension Replica {
  /// The events of `events` (in id order) dated at or after `start`, with the tombstones that
  /// target them: `Replica.slice(start..<max)` of a replica holding `events`.
  static func sliceEvents(_ events: [Event], from start: Instant) -> [Event] {
    do {
      return try Replica(events: events).slice(start..<Instant(millisecondsSince1970: .max)).events
    } catch {
      preconditionFailure("a replica's events have distinct ids: \(error)")
    }
  }
}
