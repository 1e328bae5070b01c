public import GlanceKernel

extension WriteDeferral {
  /// Why `error` deferred a write, or `nil` when it is not a deferral (it does not conform to
  /// `DeferrableWriteError`, or says that waiting cures nothing).
  public init?(_ error: any Error) {
    guard let deferrable = error as? any DeferrableWriteError, let deferral = deferrable.deferral else { return nil }
    self = deferral
  }
}
