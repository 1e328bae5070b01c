import GlanceKernel

/// Everything that happens, in virtual time, named by its source: the person, the platform, a
/// fault, or a checkpoint of the judge and the engine. The world asks for them
/// (``World/schedule(_:at:)``), the engine's queue holds them (``EngineQueue``), and the engine
/// hands each to its source's handler.
enum WorldEvent: Sendable {
  /// What the person does (``WorkloadEvent``).
  case workload(WorkloadEvent)
  /// What the platform does (``PlatformEvent``): a design's step, a WatchConnectivity delivery,
  /// a WidgetKit reload, a wake, the clock.
  case platform(PlatformEvent)
  /// A fault armed by the plan, or an armed fault's deadline (``FaultEvent``).
  case fault(FaultEvent)
  /// A check of the judge, or a phase of the engine (``Checkpoint``).
  case checkpoint(Checkpoint)

  /// Feeds `hasher` the event: its source and what it carries (for a fingerprint of a play's
  /// state).
  func fingerprint<Payloads: PayloadFingerprinter>(into hasher: inout StateHasher, of payloads: Payloads.Type) {
    switch self {
    case .workload(let event):
      hasher.combine(0)
      hasher.combine(event)
    case .platform(let event):
      hasher.combine(1)
      event.fingerprint(into: &hasher, of: payloads)
    case .fault(let event):
      hasher.combine(2)
      hasher.combine(event)
    case .checkpoint(let checkpoint):
      hasher.combine(3)
      hasher.combine(checkpoint)
    }
  }
}
