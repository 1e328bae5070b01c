import GlanceKernel

/// What MirrorSmoker's app and watch send each other over `sendMessage` (§2.3).
enum MirrorSmokerMessage: Hashable, Sendable {
  /// `addCigarette` (watch → phone), with the watch's timestamp.
  case addCigarette(Instant)
  /// `fullSync` (phone → watch): today's list, replacing the watch's.
  case fullSync(day: CivilDate, timestamps: [Instant])
}
