import GlanceKernel

/// One step of a design's multi-step operation: a kill between two steps leaves the operation
/// half done. Each design brings its own step type (``SyncDesign/Step``).
public protocol OperationStep: Sendable {
  /// Whether the step belongs to an operation a kill can split; a timer's tick does not.
  var isOperationStep: Bool { get }
}

extension Never: OperationStep {
  public var isOperationStep: Bool { switch self {} }
}

/// A design's step as the world schedules it, without reading it.
struct ScheduledStep: Sendable, CustomStringConvertible {
  /// The design's own step.
  let payload: any OperationStep

  init(_ payload: some OperationStep) { self.payload = payload }

  var isOperationStep: Bool { payload.isOperationStep }
  /// Feeds `hasher` the design's step (fed by `payloads`).
  func fingerprint<Payloads: PayloadFingerprinter>(into hasher: inout StateHasher, of payloads: Payloads.Type) {
    Payloads.feed(self, into: &hasher)
  }
  /// The step as the design wrote it (`legacyDrain(phase: 0, queue: [])`), for traces.
  var description: String { String(describing: payload) }
}
