/// How a run makes its choices (``Choices``): drawn from the seed, drawn and recorded, or fed
/// back from a recording.
///
/// ## Laws
/// - ``random`` and ``record`` give byte-identical outcomes for the same request; ``record``
///   also returns the ``ChoiceRecording``.
/// - ``replay(_:)`` of a run's recording gives that run's outcome byte for byte; a recording that
///   does not fit the run stops it with a ``ChoiceReplayError``.
public enum ChoiceMode: Hashable, Sendable {
  /// Every choice drawn from the seed's labelled streams.
  case random
  /// Drawn from the seed, and recorded.
  case record
  /// Every choice taken from the recording.
  case replay(ChoiceRecording)
}
