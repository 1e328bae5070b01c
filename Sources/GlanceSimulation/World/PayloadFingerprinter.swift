import GlanceKernel

/// What feeds a fingerprint of a play's state the payloads the world holds without reading them
/// (a design's messages and steps): only the design that sent them knows their types
/// (DocC: Exploring small worlds, Counting states).
///
/// ## Laws
/// - Two payloads fed alike are equal (up to the hash).
protocol PayloadFingerprinter {
  /// Feeds `hasher` the design's message `message` carries.
  static func feed(_ message: WireMessage, into hasher: inout StateHasher)
  /// Feeds `hasher` the design's step `step` carries.
  static func feed(_ step: ScheduledStep, into hasher: inout StateHasher)
}
