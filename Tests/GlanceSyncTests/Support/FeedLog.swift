import GlanceKernel
import GlanceSync

/// An in-memory log that counts its changes and hands out its change feed (or refuses to, when
/// `keepsFeed` is off): what a fold of an engine reads.
final class FeedLog: ChangeCountingEventLog {
  private(set) var events = Replica()
  private(set) var changeCount = 0
  var keepsFeed = true
  /// Every event added, in the order written, and where each count's writes begin.
  private var feed: [Event] = []
  private var starts: [Int] = [0]

  func record(_ event: Event) throws -> Bool {
    try receive([event]) == 1
  }

  func receive(_ incoming: [Event]) throws -> Int {
    var added = 0
    for event in incoming where try events.record(event) {
      feed.append(event)
      added += 1
    }
    if added > 0 {
      changeCount += 1
      starts.append(feed.count)
    }
    return added
  }

  func replica() -> Replica { events }
  func replica(in instants: Range<Instant>) -> Replica { events.slice(instants) }

  func events(sinceChangeCount count: Int) -> [Event]? {
    guard keepsFeed, count >= 0, count <= changeCount else { return nil }
    return Array(feed[starts[count]...])
  }
}
