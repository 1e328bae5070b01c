/// A durable store and a copy of it kept in memory answered differently: the store cannot be
/// trusted, and the run stops with it (``SimulationError/storeFailed(strategy:domain:store:reason:)``).
///
/// Thrown or kept by whatever keeps such a copy: ``SimulatedEventLog``'s mirror, which the
/// judge's audits read, and `simulate`'s cache of a SQLite store, which the engines' reads use.
public struct StoreCopyDisagreement: Error, CustomStringConvertible {
  /// What each side answered, and where.
  public let description: String

  public init(description: String) {
    self.description = description
  }
}
