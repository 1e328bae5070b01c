/// How a move of the steps store into the App Group ended (``StepsApp/moveLegacyStore(into:at:attemptsMax:)``).
public enum StoreMoveOutcome: Hashable, Sendable {
  /// The App Group store holds every one of the legacy store's `events`: delete the legacy store.
  case moved(events: Int)
  /// Every attempt failed: the App Group store holds `copied` of the legacy store's `of`
  /// events. Keep the legacy store; the next launch moves again.
  case incomplete(copied: Int, of: Int)
}
