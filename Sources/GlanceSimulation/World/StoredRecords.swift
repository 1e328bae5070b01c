public import GlanceKernel

/// What one device's store holds of a domain, as the design keeps it: event ids (the converged
/// design's events), or instants (the legacy designs identify entries by timestamp). The checker
/// resolves either to the records of the actions that made them.
public enum StoredRecords: Hashable, Sendable {
  case ids([EventID])
  case instants([Instant])
}
