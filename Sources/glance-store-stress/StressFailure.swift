import GlanceStore

/// Why a stress worker stopped on its own, or why a stress run failed.
enum StressFailure: Error, CustomStringConvertible {
  /// The store refused an operation.
  case store(StoreError)
  /// A store method returned what its law forbids (a fresh id reported as not new, …).
  case unexpected(String)
  /// An acknowledgement file or the run's directory could not be read or written.
  case io(path: String, reason: String)
  /// An invariant of the run does not hold after the kills (the message names it).
  case invariant(String)

  /// A sentence naming the failure.
  var description: String {
    switch self {
    case .store(let error): return "store: \(error)"
    case .unexpected(let message): return "unexpected result: \(message)"
    case .io(let path, let reason): return "\(path): \(reason)"
    case .invariant(let message): return "invariant violated: \(message)"
    }
  }
}
