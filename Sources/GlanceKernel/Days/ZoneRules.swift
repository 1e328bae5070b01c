import Foundation

/// One zone's UTC offsets as a sorted table of constant-offset segments, read once from
/// Foundation's time zone data; the per-zone boundary cache behind ``ZoneCalendar``.
///
/// Segment `k` covers the seconds `[segmentStarts[k], segmentStarts[k + 1])` with the UTC offset
/// `offsets[k]`; `segmentStarts[0]` is `Int64.min`. The table spans ``window`` (1900–2200 UTC);
/// outside ``coveredSeconds`` the calendar asks Foundation directly.
///
/// Immutable after `init`, which is what makes sharing it between threads sound.
final class ZoneRules: Sendable {
  /// 1900-01-01T00:00:00Z ..< 2200-01-01T00:00:00Z, in seconds since 1970.
  static let window: Range<Int64> = -2_208_988_800..<7_258_118_400
  /// A margin inside the window where a day and its neighbours are known to be in the table.
  static let marginSeconds: Int64 = 3 * 86_400
  /// The most transitions one zone may have in the window (the busiest have ~600).
  static let transitionsMax = 5_000
  /// log2 of the seconds one bucket of ``bucketSegments`` spans: 2^21 s, about 24 days, so that
  /// a bucket holds at most a transition or two.
  static let bucketShift: Int64 = 21

  let segmentStarts: [Int64]
  let offsets: [Int64]
  /// `segmentStarts[k]` plus the size of the fold (the repeated local hour) that opens segment
  /// `k`: a day that starts at or after this instant and ends inside the segment is plain
  /// arithmetic.
  let plainStarts: [Int64]
  /// Day numbers of local dates that no instant has (a gap of a whole day), sorted.
  let missingDayNumbers: [Int64]
  /// For each bucket of 2^``bucketShift`` seconds from the window's start, the segment that
  /// holds the bucket's first second: where ``segmentIndex(_:)`` starts its short scan instead
  /// of a binary search over every transition.
  let bucketSegments: [Int]
  /// The reference for instants outside the table.
  let calendar: Calendar
  /// The zone the table is of.
  let zone: TimeZone

  var coveredSeconds: Range<Int64> {
    (Self.window.lowerBound + Self.marginSeconds)..<(Self.window.upperBound - Self.marginSeconds)
  }

  init(zone: TimeZone) {
    self.zone = zone
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = zone
    self.calendar = calendar

    var starts: [Int64] = [Int64.min]
    var offsets: [Int64] = [Int64(zone.secondsFromGMT(for: Self.date(Self.window.lowerBound)))]
    var cursor = Self.date(Self.window.lowerBound)
    while let next = zone.nextDaylightSavingTimeTransition(after: cursor) {
      let seconds = Int64((next.timeIntervalSince1970).rounded(.down))
      guard seconds < Self.window.upperBound else { break }
      precondition(next > cursor, "\(zone.identifier): transitions do not advance at \(next)")
      precondition(starts.count < Self.transitionsMax, "\(zone.identifier): too many transitions")
      cursor = next
      let offset = Int64(zone.secondsFromGMT(for: next))
      // Foundation also reports changes of name or DST flag that keep the offset; they do not
      // move any boundary.
      guard offset != offsets[offsets.count - 1] else { continue }
      starts.append(seconds)
      offsets.append(offset)
    }
    self.segmentStarts = starts
    self.offsets = offsets
    self.plainStarts = starts.indices.map { index in
      guard index > 0 else { return Int64.min }
      return starts[index] + max(0, offsets[index - 1] - offsets[index])
    }
    self.missingDayNumbers = Self.missingDays(starts: starts, offsets: offsets)
    self.bucketSegments = Self.buckets(starts: starts)
    checkInvariants()
  }

  static func date(_ seconds: Int64) -> Date {
    Date(timeIntervalSince1970: TimeInterval(seconds))
  }

  /// The segment of each bucket's first second, in one pass over the sorted starts.
  private static func buckets(starts: [Int64]) -> [Int] {
    let count = Int((window.upperBound - window.lowerBound - 1) >> bucketShift) + 1
    var buckets: [Int] = []
    buckets.reserveCapacity(count)
    var segment = 0
    for bucket in 0..<count {
      let first = window.lowerBound + Int64(bucket) << bucketShift
      while segment + 1 < starts.count && starts[segment + 1] <= first { segment += 1 }
      buckets.append(segment)
    }
    return buckets
  }

  /// Whole local days swallowed by a forward jump (Pacific/Apia, 2011-12-30).
  private static func missingDays(starts: [Int64], offsets: [Int64]) -> [Int64] {
    var missing: [Int64] = []
    for index in starts.indices.dropFirst() where offsets[index] > offsets[index - 1] {
      let gapStart = starts[index] + offsets[index - 1]
      let gapEnd = starts[index] + offsets[index]
      var day = Int64.floorDivision(gapStart + 86_399, 86_400)
      while (day + 1) * 86_400 <= gapEnd {
        missing.append(day)
        day += 1
      }
    }
    return missing
  }

  private func checkInvariants() {
    #if GLANCE_INTERNAL_CHECKS
      precondition(segmentStarts.count == offsets.count, "one offset per segment")
      precondition(segmentStarts.first == Int64.min, "segment 0 is open to the past")
      for index in segmentStarts.indices.dropFirst(2) {
        precondition(
          segmentStarts[index - 1] < segmentStarts[index],
          "segment starts not increasing at \(index): \(segmentStarts[index - 1]), \(segmentStarts[index])")
      }
      for index in offsets.indices.dropFirst() {
        precondition(offsets[index - 1] != offsets[index], "segment \(index) repeats its offset")
      }
      for (bucket, segment) in bucketSegments.enumerated() {
        let first = Self.window.lowerBound + Int64(bucket) << Self.bucketShift
        precondition(
          segment == searchedSegmentIndex(first),
          "bucket \(bucket) starts in segment \(segment), not \(searchedSegmentIndex(first))")
      }
    #endif
  }

  /// The index of the segment holding `seconds`: the last `k` with `segmentStarts[k] <= seconds`.
  ///
  /// - Complexity: within the window, O(1) plus the transitions of one bucket; outside it,
  ///   O(log n) in the number of transitions.
  @inline(__always)
  func segmentIndex(_ seconds: Int64) -> Int {
    guard Self.window.contains(seconds) else { return searchedSegmentIndex(seconds) }
    var index = bucketSegments[Int((seconds - Self.window.lowerBound) >> Self.bucketShift)]
    // Bounded by the transitions in one bucket (at most a couple).
    while index + 1 < segmentStarts.count && segmentStarts[index + 1] <= seconds { index += 1 }
    return index
  }

  /// ``segmentIndex(_:)`` by binary search over every transition: the answer outside the window
  /// (and the reference for the buckets).
  ///
  /// - Complexity: O(log n) in the number of transitions.
  func searchedSegmentIndex(_ seconds: Int64) -> Int {
    var low = 0
    var high = segmentStarts.count
    // Invariant: segmentStarts[low] <= seconds, and every index >= high starts after it.
    while high - low > 1 {
      let middle = (low + high) / 2
      if segmentStarts[middle] <= seconds { low = middle } else { high = middle }
    }
    return low
  }

  @inline(__always)
  func segmentEnd(_ index: Int) -> Int64 {
    index + 1 < segmentStarts.count ? segmentStarts[index + 1] : Int64.max
  }

  /// The first instant (in seconds) whose local time is `localSeconds`; when the local time was
  /// skipped, the first instant after the gap. `nil` when the table cannot tell.
  func firstInstant(atLocal localSeconds: Int64) -> Int64? {
    let low = segmentIndex(localSeconds - 2 * 86_400)
    let high = segmentIndex(localSeconds + 2 * 86_400)
    for index in low...high {
      let candidate = localSeconds - offsets[index]
      if candidate >= segmentStarts[index] && candidate < segmentEnd(index) { return candidate }
    }
    for index in max(low, 1)...max(high, 1) where index <= high {
      let transition = segmentStarts[index]
      if transition + offsets[index - 1] <= localSeconds && localSeconds < transition + offsets[index] {
        return transition
      }
    }
    return nil
  }
}
