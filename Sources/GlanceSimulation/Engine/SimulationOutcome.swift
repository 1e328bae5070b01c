public import GlanceKernel

/// The outcome of every strategy for one request.
public struct SimulationOutcome: Hashable, Sendable {
  public let request: SimulationRequest
  public let start: Instant
  public let end: Instant
  public let actionsPlanned: Int
  public let results: [StrategyResult]
  /// The ``StoreBackend`` the converged design's stores were kept in (`memory`, `sqlite`).
  public let store: String
  /// The run's choices, when it was asked to record them (``ChoiceMode/record``); `nil`
  /// otherwise. Replaying it (``ChoiceMode/replay(_:)``) gives this outcome again.
  public var choices: ChoiceRecording? = nil

  /// The cells of the fault space reached by every strategy's faults, merged (``FaultCoverage``).
  public var coverage: FaultCoverage { results.reduce(FaultCoverage()) { $0.union($1.coverage) } }

  /// Whether any strategy expected to converge broke an invariant.
  public var failsExpectation: Bool { results.contains { $0.failsExpectation } }

  /// The result of `strategy` in `domain` (by default the tally).
  public func result(_ strategy: StrategyName, domain: Domain = .tally) -> StrategyResult? {
    results.first { $0.strategy == strategy.rawValue && $0.domain == domain }
  }
}
