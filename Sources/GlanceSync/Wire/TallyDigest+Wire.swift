public import GlanceKernel

/// A ``TallyDigest`` in the binary wire format (see ``PeerMessage/encoded()`` for the layout):
/// `asOf`, `from`, the event count as a varint, then the events.
///
/// ## Laws
/// - `TallyDigest.encodedByteCount(of: d.events) == PeerMessage.tallyDigest(d).encodedByteCount`
///   for every digest `d` (the size depends on the events alone).
/// - Decoding checks every law of ``TallyDigest`` and throws on the first one broken; encoding
///   checks them too, and traps on a digest that breaks one (a programmer error).
extension TallyDigest {
  /// The bytes of a whole ``PeerMessage/tallyDigest(_:)`` message (header included) carrying
  /// `events`: what an engine compares with ``PeerChannel/payloadBytesMax`` before choosing
  /// which events to send.
  ///
  /// - Complexity: O(n) in the number of events; no event is encoded.
  public static func encodedByteCount(of events: some Collection<Event>) -> Int {
    var eventBytes = 0
    for event in events { eventBytes += event.wireByteCount }
    return PeerMessage.tallyDigestByteCount(eventCount: events.count, eventBytes: eventBytes)
  }

  /// The bytes after the message header: `asOf`, `from`, the count and `eventBytes` of events.
  static func wireBodyByteCount(eventCount: Int, eventBytes: Int) -> Int {
    precondition(eventCount >= 0, "an event count is not negative, got \(eventCount)")
    precondition(eventBytes >= 0, "a byte count is not negative, got \(eventBytes)")
    return 2 * WireWriter.int64ByteCount + WireWriter.varintByteCount(UInt64(eventCount))
      + eventBytes
  }

  /// The bytes after the message header for this digest.
  var wireBodyByteCount: Int {
    // Through the buffer, so that no event is copied (retained and released) to be measured.
    let eventBytes = events.withUnsafeBufferPointer { buffer in
      var sum = 0
      guard let first = buffer.baseAddress else { return sum }
      for index in buffer.indices { sum += Event.wireByteCount(at: first + index) }
      return sum
    }
    return Self.wireBodyByteCount(eventCount: events.count, eventBytes: eventBytes)
  }

  /// Whether the digest fits the format: at most ``PeerMessage/digestEventsMax`` events, each
  /// within the format's bounds, and every law of ``TallyDigest`` kept.
  var isWireEncodable: Bool {
    events.count <= PeerMessage.digestEventsMax
      && events.allSatisfy(\.isWireEncodable)
      && Self.lawViolation(from: from, events: events) == nil
  }

  /// Appends `asOf`, `from`, the count and the events.
  ///
  /// - Precondition: ``isWireEncodable`` (checked here: a digest that would not decode is a
  ///   bug in the code that built it, caught before it leaves the device).
  func write(to writer: inout WireWriter) {
    precondition(
      events.count <= PeerMessage.digestEventsMax,
      "a digest carries at most \(PeerMessage.digestEventsMax) events, got \(events.count)")
    if let violation = Self.lawViolation(from: from, events: events) {
      preconditionFailure("encoding a digest that breaks its laws: \(violation)")
    }
    writer.appendInt64(asOf.millisecondsSince1970)
    writer.appendInt64(from.millisecondsSince1970)
    writer.appendVarint(UInt64(events.count))
    // Through the buffer, so that no event is copied (retained and released) to be written.
    events.withUnsafeBufferPointer { buffer in
      guard let first = buffer.baseAddress else { return }
      for index in buffer.indices { Event.write(first + index, to: &writer) }
    }
  }

  /// Reads a digest that ``write(to:)`` appended, checking the digest's laws.
  ///
  /// `from <= asOf` is checked as soon as both are read, before any event (and before
  /// ``TallyDigest/init(asOf:from:events:)``, whose precondition it is); the event order, the
  /// dates and the tombstones once every event is read.
  ///
  /// - Throws: ``PeerMessageError`` naming the first malformed field or broken law.
  init(reading reader: inout WireReader) throws(PeerMessageError) {
    let asOf = Instant(millisecondsSince1970: try reader.readInt64())
    let from = Instant(millisecondsSince1970: try reader.readInt64())
    guard from <= asOf else {
      throw .digestInconsistent(
        reason: "from (\(from.millisecondsSince1970) ms since 1970) is after asOf "
          + "(\(asOf.millisecondsSince1970) ms since 1970)")
    }
    let countOffset = reader.offset
    let count = try reader.readVarint()
    guard count <= UInt64(PeerMessage.digestEventsMax) else {
      throw .countTooLarge(count: count, max: PeerMessage.digestEventsMax, offset: countOffset)
    }
    var events: [Event] = []
    // A count is a claim: reserve no more than the remaining bytes can hold.
    events.reserveCapacity(min(Int(count), reader.remainingByteCount / Event.wireByteCountMin))
    for _ in 0..<Int(count) {
      events.append(try Event(reading: &reader))
    }
    if let violation = Self.lawViolation(from: from, events: events) { throw violation }
    self.init(asOf: asOf, from: from, events: events)
  }

  /// The first law of ``TallyDigest`` (other than `from <= asOf`) that these events break, as
  /// the error decoding them throws, or `nil` when they keep every law: ids strictly
  /// increasing, every event dated at or after `from` but a tombstone that targets one of the
  /// events (as `Replica.slice(from..<max)` keeps them: a tombstone dated inside the window is
  /// kept whatever its target, which the phone may not hold yet; one dated before it only for a
  /// target inside).
  ///
  /// - Complexity: O(n log n): one pass, then a binary search per tombstone.
  static func lawViolation(from: Instant, events: [Event]) -> PeerMessageError? {
    if let violation = orderOrDateViolation(from: from, events: events) { return violation }
    for index in events.indices {
      guard case .remove(let target) = events[index].kind, events[index].instant < from else {
        continue
      }
      guard contains(target, in: events) else {
        return .digestInconsistent(
          reason: "tombstone \(index) is dated before from and targets \(target), "
            + "which is not in the digest")
      }
    }
    return nil
  }

  /// The first event out of id order, or dated before `from` but a tombstone, as the error
  /// decoding it throws; read through the buffer, so that no event is copied to be checked.
  private static func orderOrDateViolation(from: Instant, events: [Event]) -> PeerMessageError? {
    events.withUnsafeBufferPointer { buffer in
      for index in buffer.indices {
        if index > 0, !(buffer[index - 1].id < buffer[index].id) {
          return .eventsOutOfOrder(index: index)
        }
        if case .remove = buffer[index].kind { continue }
        let instant = buffer[index].instant
        guard instant >= from else {
          return .digestInconsistent(
            reason: "event \(index) is dated \(instant.millisecondsSince1970) ms since 1970, before "
              + "from (\(from.millisecondsSince1970) ms since 1970)")
        }
      }
      return nil
    }
  }

  /// Whether `id` is the id of one of `events`, which are in strictly increasing id order.
  static func contains(_ id: EventID, in events: [Event]) -> Bool {
    var low = 0
    var high = events.count
    // Halves the range each turn: at most log2(count) + 1 turns.
    while low < high {
      let middle = low + (high - low) / 2
      if events[middle].id < id {
        low = middle + 1
      } else {
        high = middle
      }
    }
    return low < events.count && events[low].id == id
  }
}
