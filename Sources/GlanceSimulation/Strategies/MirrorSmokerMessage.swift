import GlanceKernel

/// What MirrorSmoker's app and watch send each other: `sendMessage` only, every message with a
/// reply handler (see *The real apps Glance models*, MirrorSmoker: watch
/// messages; there is no `transferUserInfo` or `updateApplicationContext`).
enum MirrorSmokerMessage: Hashable, Sendable {
  /// `addCigarette` (watch → phone), with the watch's timestamp.
  case addCigarette(Instant)
  /// The phone's reply to `addCigarette`: `success`, or an error (no model context yet).
  case addReply(success: Bool)
  /// `getStats` (watch → phone).
  case getStats
  /// The phone's reply to `getStats`: today's count, `nil` for an error reply.
  case stats(todayCount: Int?)
  /// `requestSync` (watch → phone), sent when the watch's main view appears.
  case requestSync
  /// The phone's reply to `requestSync`: today's cigarettes, `nil` for an error reply.
  case syncReply([Instant]?)
  /// `cigaretteAdded` (phone → watch) after an in-app add.
  case cigaretteAdded(Instant)
  /// `fullSync` (phone → watch): today's list, replacing the watch's.
  case fullSync([Instant])
  /// The watch's `["success": true]` to `cigaretteAdded` and `fullSync` (the phone only logs it).
  case received
}
