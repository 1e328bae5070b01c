import Foundation

/// The store move's progress, kept in a small JSON file next to the target
/// (`<target>.move-journal`), written atomically (a temporary file renamed over the old one).
///
/// It holds no path: an iOS app's container path may change between launches, so the caller
/// passes both locations every time and the journal only says how far the move got.
///
/// ## Laws
/// - Decoding what ``write(to:step:)`` wrote gives an equal journal.
/// - `eventCount` and `outboxCount` are present exactly from state `copied` on.
struct MoveJournal: Codable, Equatable, Sendable {
  /// How far the move got.
  enum State: String, Codable, Sendable {
    /// The move started; a staging file may be partial.
    case began
    /// The staging file is a complete backup of the legacy store, with these row counts.
    case copied
    /// The target holds every legacy event; what remains is deleting.
    case switched
  }

  /// The format version (1).
  var version: Int
  /// How far the move got.
  var state: State
  /// The legacy store's number of events when it was copied.
  var eventCount: Int?
  /// The legacy store's number of outbox entries when it was copied.
  var outboxCount: Int?

  /// A journal in `state`, carrying the counts from `copied` on.
  init(state: State, eventCount: Int?, outboxCount: Int?) {
    precondition(
      (state == .began) == (eventCount == nil) && (eventCount == nil) == (outboxCount == nil),
      "a journal carries row counts exactly from state copied on (\(state), \(String(describing: eventCount)))")
    self.version = 1
    self.state = state
    self.eventCount = eventCount
    self.outboxCount = outboxCount
  }

  /// The journal at `url`, or `nil` when there is none.
  ///
  /// - Throws: ``StoreError/moveJournalUnreadable(path:reason:)`` when the file exists but is
  ///   not a journal this version wrote.
  static func read(from url: URL) throws(StoreError) -> MoveJournal? {
    guard FileManager.default.fileExists(atPath: url.path) else { return nil }
    let journal: MoveJournal
    do {
      journal = try JSONDecoder().decode(MoveJournal.self, from: try Data(contentsOf: url))
    } catch {
      throw .moveJournalUnreadable(path: url.path, reason: "\(error)")
    }
    guard journal.version == 1, (journal.state == .began) == (journal.eventCount == nil),
      (journal.eventCount == nil) == (journal.outboxCount == nil)
    else {
      throw .moveJournalUnreadable(path: url.path, reason: "unexpected content \(journal)")
    }
    return journal
  }

  /// Replaces the journal at `url` with this one, atomically; `step` is the step being recorded
  /// (for the error).
  func write(to url: URL, step: StoreMoveStep) throws(StoreError) {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    do {
      try encoder.encode(self).write(to: url, options: .atomic)
    } catch {
      throw .moveFileOperation(path: url.path, step: step, reason: "\(error)")
    }
  }
}
