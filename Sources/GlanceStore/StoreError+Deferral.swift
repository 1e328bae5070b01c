public import GlanceKernel

/// A suspended or busy store tells the kernel's `EventLog` users (GlanceSync's engines) to keep
/// the write and try it again later, not to report it lost.
extension StoreError: DeferrableWriteError {
  /// `.suspended` for ``StoreError/suspended(path:)``, `.busy` for
  /// ``StoreError/busy(path:reason:)``, `nil` for every other case (waiting cures nothing).
  public var deferral: WriteDeferral? {
    switch self {
    case .suspended: return .suspended
    case .busy: return .busy
    case .corrupted, .cannotOpen, .newerSchema, .conflictingEvent, .invalidRow, .database, .moveFileOperation,
      .moveVerificationFailed, .moveSourceMissing, .moveJournalUnreadable:
      return nil
    }
  }
}
