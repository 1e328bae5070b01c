/// A commit to a simulated store failed as the world arranged (``StoreFaults``): the disk was
/// full or the device reported an I/O error, and nothing was written.
public struct StoreWriteFailure: Error, Hashable, Sendable, CustomStringConvertible {
  /// The store's name within its design (`phone`, `group`).
  public let store: String

  public var description: String { "the commit to store \(store) failed: disk full or I/O error (injected)" }
}
