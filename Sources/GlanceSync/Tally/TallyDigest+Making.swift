public import GlanceKernel

extension TallyDigest {
  /// How far back a digest reaches: 48 hours, more than any local day can reach back from now
  /// (at most 27 hours, for a 25-hour day in the zone furthest ahead of the phone's).
  public static let windowMilliseconds: Int64 = 48 * 3_600_000

  /// The digest of `log` at `now`: its events of the last 48 hours with the tombstones that
  /// target them, trimmed, oldest first, until it fits `bytesMax` encoded.
  ///
  /// A phone that recorded more than about 2,000 events in 48 hours cannot send them all in one
  /// application context: the digest then starts later (``from``), and the watch counts exactly
  /// only the days that begin after it.
  ///
  /// - Throws: what the log throws.
  public static func making(
    of log: some EventLog, at now: Instant, bytesMax: Int = PeerChannel.applicationContext.payloadBytesMax
  )
    throws -> TallyDigest
  {
    let from = now.advanced(by: -windowMilliseconds)
    var events = try log.replica(in: from..<Instant(millisecondsSince1970: .max)).events
    var digest = TallyDigest(asOf: now, from: from, events: events)
    while PeerMessage.tallyDigest(digest).encodedByteCount > bytesMax {
      // Drop the oldest eighth of the dated events (and their tombstones) and start after them.
      let dated = events.filter { if case .remove = $0.kind { return false } else { return true } }.map(\.instant).sorted()
      precondition(!dated.isEmpty, "a digest of tombstones alone exceeds \(bytesMax) bytes")
      let cut = dated[min(dated.count - 1, dated.count / 8)]
      let start = cut.advanced(by: 1)
      events = Replica.sliceEvents(events, from: start)
      digest = TallyDigest(asOf: now, from: min(start, now), events: events)
    }
    return digest
  }
}
