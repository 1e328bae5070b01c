import Foundation
import GlanceKernel

/// Faults planned once per run from their own streams.
struct FaultPlan: Sendable {
  /// App kills, in time order.
  var kills: [Instant] = []
  /// Out-of-range spells, sorted by `from`.
  var outOfRange: [OutOfRangeSpell] = []
  /// Widget-extension kills, in time order.
  var widgetKills: [Instant] = []
  /// Watch-app kills, in time order.
  var watchKills: [Instant] = []
  /// Store write failures, in time order.
  var storeWriteFailures: [Instant] = []
  /// Corruptions of a defaults value, in time order.
  var corruptedDefaults: [Instant] = []
}
