import GlanceKernel

/// The checker of the stores (``Invariant/noLostWrite``, ``Invariant/noDoubleCount``): at every
/// quiescent point and at the end it merges what each device's store holds with the live
/// records of the truth: the phone's whole store, the watch's records of today.
///
/// ## Laws
/// - A live record a store does not hold is a lost write, unless the store move lost it (that is
///   ``Invariant/noDataLoss``'s to report, once the updated app has run).
/// - A record a store holds twice, or holds though it is not live (deleted, or never made), is
///   a double count.
/// - The findings are those of a full merge: the windowed audit (``StoreAuditWindow``) merges
///   only where the store or the live records changed since the last audit, and finds the same.
struct StoreChecker: Checker {
  static let invariants: [Invariant] = [.noLostWrite, .noDoubleCount]

  /// The ids of the records the phone's store held when the updated app was installed (store
  /// move); `nil` before.
  private var movedBeforeMove: Set<EventID>? = nil

  /// The updated app is installed: what the phone's store holds now may be lost by the move,
  /// which is no-data-loss's to judge.
  mutating func storeMoveBegins(held: [Record]?) {
    movedBeforeMove = held.map { Set($0.map(\.id)) }
  }

  /// Per device: every record that became or stopped being live since its store's last
  /// windowed audit (``StoreAuditWindow``); `nil` when unknown or too many to be worth it.
  private var liveChanges = PerDevice<[Record]?>(repeating: [])
  private static let liveChangesMax = 64

  /// A task list edit changed the live records in ways not worth following: the next audits
  /// merge the stores whole.
  mutating func forgetLiveChanges() {
    liveChanges = PerDevice(repeating: nil)
  }

  /// `record` became, or stopped being, live.
  mutating func noteLiveChange(_ record: Record) {
    for device in [Device.phone, .watch] {
      if let changes = liveChanges[device], changes.count < Self.liveChangesMax {
        liveChanges[device]?.append(record)
      } else {
        liveChanges[device] = nil
      }
    }
  }

  /// Audits every device's store against the model's live records: the phone's whole, the
  /// watch's for today.
  mutating func audit(
    facts: some PlatformFacts, stored: (Device) -> StoredRecords?, truth: JudgedTruth, atEnd: Bool, verdicts: inout Verdicts
  ) {
    for device in [Device.phone, .watch] {
      guard let held = stored(device) else { continue }
      let today = device == .watch ? facts.today : nil
      let movedAway = device == .phone && movedBeforeMove != nil && !facts.awaitingFirstLaunch
      let audited: StoreAudit
      switch held {
      case .ids(let ids) where ids == truth.liveIDs:
        // The store holds each live record once and nothing else: what the merge finds, at the
        // cost of one comparison (the common case at a quiescent point).
        // Today's: one run of the live records, which the model keeps sorted by instant.
        let counted =
          today.map { day in
            let live = truth.liveRecords
            return live.partitionIndex { $0.instant >= day.end } - live.partitionIndex { $0.instant >= day.start }
          } ?? truth.liveByID.count
        audited = StoreAudit(heldCount: counted, liveCount: counted, missing: [], extra: [])
      case .ids(let ids) where today == nil:
        // Taken out first, so that the audit holds the last window alone and splices it in place.
        let previous = idWindows[device]
        idWindows[device] = nil
        let window = wholeStoreAudit(
          ids, with: truth.liveByID, key: \.id, movedAway: movedAway, resolve: truth.storedRecord(id:), previous: previous,
          liveChanges: liveChanges[device])
        idWindows[device] = window
        liveChanges[device] = []
        audited = StoreAudit(heldCount: ids.count, liveCount: truth.liveByID.count, missing: window.missing, extra: window.extra)
      case .ids(let ids):
        audited = merge(ids, with: truth.liveByID, key: \.id, today: today, movedAway: movedAway, resolve: truth.storedRecord(id:))
      case .instants(let instants):
        // Actions have distinct instants, so an instant names a record as well as an id does.
        var (held, live) = (instants, truth.liveRecords)
        if let today {
          // Only today's records count, and a held instant is its record's instant: the records
          // of other days add nothing to the merge, so it is given today's alone (the live
          // records are sorted, so today's are one run of them).
          held = instants.filter { today.contains($0) }
          let first = live.partitionIndex { $0.instant >= today.start }
          let end = live[first...].partitionIndex { $0.instant >= today.end }
          live = Array(live[first..<end])
        }
        if Self.holdsExactly(held, live) {
          // Each live record once, nothing else: what the merge finds, in one comparison.
          let counted = today == nil ? live.count : live.count { today?.contains($0.instant) ?? true }
          audited = StoreAudit(heldCount: counted, liveCount: counted, missing: [], extra: [])
        } else if today == nil {
          let previous = instantWindows[device]
          instantWindows[device] = nil
          let window = wholeStoreAudit(
            held, with: live, key: \.instant, movedAway: movedAway, resolve: truth.storedRecord(at:),
            previous: previous, liveChanges: liveChanges[device])
          instantWindows[device] = window
          liveChanges[device] = []
          audited = StoreAudit(heldCount: held.count, liveCount: live.count, missing: window.missing, extra: window.extra)
        } else {
          audited = merge(held, with: live, key: \.instant, today: today, movedAway: movedAway, resolve: truth.storedRecord(at:))
        }
      }
      report(audited, device: device, facts: facts, truth: truth, atEnd: atEnd, verdicts: &verdicts)
    }
  }

  /// Per device: the last audit of a whole store that names its records by id, or by instant.
  private var idWindows = PerDevice<StoreAuditWindow<EventID>?>(repeating: nil)
  private var instantWindows = PerDevice<StoreAuditWindow<Instant>?>(repeating: nil)

  /// The audit of a whole store (every record counts) that names its records by `key`, merged
  /// only where it or the live records changed since `previous` (see ``StoreAuditWindow``).
  private func wholeStoreAudit<Key: Comparable>(
    _ keys: [Key], with records: [Record], key: (Record) -> Key, movedAway: Bool, resolve: (Key) -> Record,
    previous: consuming StoreAuditWindow<Key>?, liveChanges: [Record]?
  ) -> StoreAuditWindow<Key> {
    // The very same array as last time is known sorted (as `previous.held`).
    let held: [Key]
    if let previous, keys.hasSameStorage(as: previous.given) {
      held = previous.held
    } else {
      held = keys.isInIncreasingOrder ? keys : keys.sorted()
    }
    return StoreAuditWindow.audit(
      given: keys, held: held, live: records, liveChanges: liveChanges, key: key, movedAway: movedAway,
      previous: consume previous
    ) {
      let found = merge($0, with: $1, key: key, today: nil, movedAway: movedAway, resolve: resolve)
      return (found.missing, found.extra)
    }
  }

  /// Whether `instants` are the instants of `records`, in order, each once (strictly
  /// increasing): the merge would pair each with its record and find nothing missing or extra.
  private static func holdsExactly(_ instants: [Instant], _ records: [Record]) -> Bool {
    guard instants.count == records.count else { return false }
    for index in instants.indices {
      guard instants[index] == records[index].instant else { return false }
      if index > 0, instants[index - 1] >= instants[index] { return false }
    }
    return true
  }

  /// The audit of a store that names its records by `key` (an id, or an instant), merged with
  /// `records`, the live records in the order of that key: a key is resolved to a record only
  /// when the store holds a record the truth does not. Only records of `today` count, when
  /// given; what the store move lost (`movedAway`) is no-data-loss's to report, not a lost write.
  private func merge<Key: Comparable>(
    _ keys: [Key], with records: [Record], key: (Record) -> Key, today: DayInterval?, movedAway: Bool, resolve: (Key) -> Record
  ) -> StoreAudit {
    let held = keys.isInIncreasingOrder ? keys : keys.sorted()
    let counted = { (instant: Instant) in today?.contains(instant) ?? true }
    var missing: [Record] = []
    var extra: [Record] = []
    var (heldCount, liveCount) = (0, 0)
    var (h, l) = (0, 0)
    while h < held.count || l < records.count {
      if h < held.count, l < records.count, held[h] == key(records[l]) {
        let record = records[l]
        if counted(record.instant) {
          heldCount += 1
          liveCount += 1
        }
        h += 1
        l += 1
        // The same record held again is counted twice.
        while h < held.count, held[h] == key(record) {
          if counted(record.instant) {
            heldCount += 1
            extra.append(record)
          }
          h += 1
        }
      } else if h < held.count, l == records.count || held[h] < key(records[l]) {
        let record = resolve(held[h])
        if counted(record.instant) {
          heldCount += 1
          extra.append(record)
        }
        h += 1
      } else {
        let record = records[l]
        if counted(record.instant) {
          liveCount += 1
          if !(movedAway && (movedBeforeMove?.contains(record.id) ?? false)) { missing.append(record) }
        }
        l += 1
      }
    }
    return StoreAudit(heldCount: heldCount, liveCount: liveCount, missing: missing, extra: extra)
  }

  /// What one audit of a device's store found.
  private struct StoreAudit {
    /// The records the store holds (of today, for the watch), repeats included.
    let heldCount: Int
    /// The live records (of today, for the watch).
    let liveCount: Int
    /// Live records the store does not hold (less what the store move lost), in key order.
    let missing: [Record]
    /// Records the store holds that are not live, or holds twice, in key order.
    let extra: [Record]
  }

  private func report(
    _ audit: StoreAudit, device: Device, facts: some PlatformFacts, truth: JudgedTruth, atEnd: Bool, verdicts: inout Verdicts
  ) {
    verdicts.count(.noLostWrite)
    verdicts.count(.noDoubleCount)
    let place = device == .phone ? "the phone's store" : "the watch's store (today)"
    let when = atEnd ? "at the end of the run" : "at a quiescent point"
    // The first in record order is named (the findings are in key order, which for a store
    // naming its records by id is another).
    if !audit.missing.isEmpty, !verdicts.recordedAgain(.noLostWrite, surface: nil), let first = audit.missing.min() {
      verdicts.record(
        .noLostWrite, now: facts.now, trace: facts.trace, surface: nil, field: nil, expected: "\(audit.liveCount) records",
        found: "\(audit.heldCount - audit.extra.count)",
        detail:
          "\(audit.missing.count) accepted records are not in \(place) \(when) (\(Self.tallyByKind(audit.missing, truth: truth))); the first is \(truth.describe(recordOf: first.id))",
        atAction: atEnd ? first.instant : nil)
    }
    if !audit.extra.isEmpty, !verdicts.recordedAgain(.noDoubleCount, surface: nil), let first = audit.extra.min() {
      verdicts.record(
        .noDoubleCount, now: facts.now, trace: facts.trace, surface: nil, field: nil, expected: "\(audit.liveCount) records",
        found: "\(audit.liveCount - audit.missing.count + audit.extra.count)",
        detail:
          "\(audit.extra.count) records in \(place) \(when) repeat an accepted one or were deleted (\(Self.tallyByKind(audit.extra, truth: truth))); the first is \(truth.describe(recordOf: first.id))",
        atAction: atEnd ? first.instant : nil)
    }
  }

  /// `7 watchTap, 2 widgetTap`: how many of `records` each kind of action made, by kind name.
  private static func tallyByKind(_ records: [Record], truth: JudgedTruth) -> String {
    let kinds = records.map { truth.actions.byID[$0.id].map { "\($0.kind.name)" } ?? "unknown" }.sorted()
    var parts: [String] = []
    var index = 0
    while index < kinds.count {
      let run = kinds[index...].prefix { $0 == kinds[index] }.count
      parts.append("\(run) \(kinds[index])")
      index += run
    }
    return parts.joined(separator: ", ")
  }
}
