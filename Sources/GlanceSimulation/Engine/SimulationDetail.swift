/// How much of a run's story an outcome keeps.
///
/// Verdicts, occurrence counts, staleness figures and activity counts are the same at every
/// detail (a law the tests check); only the explanation differs.
public enum SimulationDetail: Hashable, Sendable {
  /// Everything a report shows: each violation's trace (a run whose violation is dated at an
  /// earlier action is replayed to show the events around it) and the chart of the longest
  /// divergence.
  case full
  /// What a sweep needs: no traces (a violation's ``Violation/trace`` is empty), no chart.
  /// About a third cheaper for the legacy designs.
  case verdicts
}
