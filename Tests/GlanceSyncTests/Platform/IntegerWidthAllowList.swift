/// Every bare `Int` that ``IntegerWidthScanner`` finds in GlanceKernel and GlanceSync, and why it
/// stays far below 2³¹ − 1 (2,147,483,647) on a watch whose `Int` has 32 bits: the record of what
/// the kernel and the watch's engine assume about integer width.
///
/// Times are ``Instant``s and durations `Int64` milliseconds, money is `Money` (an `Int64` of minor
/// units, or a big integer), identities are UUIDs, and wire fields have fixed widths (`Int64`,
/// varints read as `UInt64`): none of them is here. What is here is counted in things a person
/// does, in calendar fields, or in bytes and positions of a value held in memory, whose size on a
/// watch is itself an `Int`.
enum IntegerWidthAllowList {
  /// A file (relative to `Sources/`) and a declared name, or a conversion's text.
  struct Key: Hashable, Comparable, CustomStringConvertible {
    let file: String
    let name: String

    static func < (lhs: Key, rhs: Key) -> Bool { (lhs.file, lhs.name) < (rhs.file, rhs.name) }
    var description: String { "\(file): \(name)" }
  }

  /// Each reason, and the places it covers (`"<file>: <name>"`).
  static let reasons: [(why: String, places: [String])] = [
    (
      "a count of what a person did or has (taps of one day, steps, tasks, budget lines and expenses, a streak of days): a person would need 68 years at one a second to reach 2³¹",
      [
        "GlanceKernel/Budget/RealizedMetrics.swift: checkedItemsCount",
        "GlanceKernel/Budget/RealizedMetrics.swift: totalItemsCount",
        "GlanceKernel/Progress/ActivityDay.swift: count",
        "GlanceKernel/Progress/NextStep.swift: completedCount",
        "GlanceKernel/Progress/NextStep.swift: stepCount",
        "GlanceKernel/Progress/NextStep.swift: stepNumber",
        "GlanceKernel/Progress/StepProgress.swift: completedTaskCount",
        "GlanceKernel/Progress/TallyBadge.swift: count",
        "GlanceKernel/Progress/TallySummary.swift: count",
        "GlanceKernel/Progress/TallySummary.swift: streak",
        "GlanceKernel/Replication/DatedSnapshot.swift: completedTasks",
        "GlanceKernel/Replication/DatedSnapshot.swift: completedToday",
        "GlanceKernel/Replication/DatedSnapshot.swift: todayCount",
        "GlanceKernel/Replication/DatedSnapshot.swift: totalSteps",
        "GlanceKernel/Replication/DatedSnapshot.swift: totalTasks",
        "GlanceKernel/Timeline/WidgetModels.swift: completedTasks",
        "GlanceKernel/Timeline/WidgetModels.swift: completedToday",
        "GlanceKernel/Timeline/WidgetModels.swift: count",
        "GlanceKernel/Timeline/WidgetModels.swift: totalSteps",
        "GlanceKernel/Timeline/WidgetModels.swift: totalTasks",
        "GlanceSync/Caches/ExpenseSums.swift: count",
        "GlanceSync/Caches/ExpenseSums.swift: sums",
        "GlanceSync/Caches/LiveAddTally.swift: count",
        "GlanceSync/Caches/StepProgressFold.swift: count",
        "GlanceSync/Tally/TallyDigestWindow.swift: count",
      ]
    ),
    (
      "a list position the apps assign: GlanceSync writes 0..<tasks (StepsApp), and a watch's wire reader refuses an order beyond its Int with PeerMessageError.orderOutOfRange instead of trapping",
      [
        "GlanceKernel/Progress/StepTask.swift: order",
        "GlanceKernel/Replication/Replica+Derived.swift: stepsOfTask",
        "GlanceKernel/Replication/Replica+Derived.swift: steps",
        "GlanceKernel/Replication/Replica+Derived.swift: tasks",
      ]
    ),
    (
      "a calendar field: a year within CivilDate.validYears (±300,000,000, stored as Int32), a month 1–12, a pay day 1–31, an hour 0–23",
      [
        "GlanceKernel/Budget/BudgetWidgetCache.swift: year",
        "GlanceKernel/Budget/BudgetWidgets.swift: month",
        "GlanceKernel/Budget/BudgetWidgets.swift: year",
        "GlanceKernel/Budget/PayPeriods.swift: day",
        "GlanceKernel/Budget/PayPeriods.swift: month",
        "GlanceKernel/Budget/PayPeriods.swift: year",
        "GlanceKernel/Days/CivilDate.swift: validYears",
        "GlanceKernel/Days/ZoneCalendar.swift: hour",
      ]
    ),
    (
      "a setting with a documented small range: WidgetKit's refresh budget 40–72 a day, a tally's daily and streak limits, a cache's capacity, a currency's 2 fraction digits, the 4 or 5 digits from which a convention groups",
      [
        "GlanceKernel/Money/Money+Formatting.swift: fractionDigits",
        "GlanceKernel/Money/ResolvedMoneyFormat.swift: groupedDigitsMin",
        "GlanceKernel/Timeline/RefreshBudget.swift: limit",
        "GlanceKernel/Timeline/RefreshBudget.swift: limitRange",
        "GlanceSync/Budget/BudgetWidgets.swift: refreshBudget",
        "GlanceSync/Caches/RecentValues.swift: capacity",
        "GlanceSync/Steps/StepsWidget.swift: refreshBudget",
        "GlanceSync/Tally/TallySettings.swift: dailyLimit",
        "GlanceSync/Tally/TallySettings.swift: streakLimit",
        "GlanceSync/Tally/TallyWidget.swift: refreshBudget",
      ]
    ),
    (
      "an index, offset or length in a value held in memory (typed text, a URL, a token, a list, a zone's table, a money text's buffer and its pieces of 0 to 8 bytes): bounded by that value's own count, which is an Int on the watch too",
      [
        "GlanceKernel/Budget/AmountEntryError.swift: length",
        "GlanceKernel/Budget/BudgetMetrics+Envelopes.swift: lineIndex",
        "GlanceKernel/Budget/RolloverChain.swift: positions",
        "GlanceKernel/Days/ZoneRules.swift: bucketSegments",
        "GlanceKernel/Days/ZoneRules.swift: buckets",
        "GlanceKernel/Links/EcoveloConfig.swift: length",
        "GlanceKernel/Links/EcoveloConfigError.swift: length",
        "GlanceKernel/Links/LinkError.swift: length",
        "GlanceKernel/Links/RawURL.swift: queryRange",
        "GlanceKernel/Links/URLQuery.swift: position",
        "GlanceKernel/Money/Money+Parsing.swift: offset",
        "GlanceKernel/Money/Money+Parsing.swift: utf8Offset",
        "GlanceKernel/Money/NumberScanner.swift: dashPosition",
        "GlanceKernel/Money/NumberScanner.swift: decimalTokenIndex",
        "GlanceKernel/Money/NumberScanner.swift: offset",
        "GlanceKernel/Money/NumberScanner.swift: previousSeparator",
        "GlanceKernel/Money/PackedUTF8.swift: count",
        "GlanceKernel/Money/PackedUTF8.swift: offset",
        "GlanceKernel/Progress/StepProgress.swift: index",
        "GlanceSync/Tally/TallyDigestWindow.swift: leaving",
      ]
    ),
    (
      "a quick-amount chip's whole francs or euros (10, 15, 20 or 30), widened to Int64 before it becomes minor units",
      [
        "GlanceKernel/Budget/AmountEntry.swift: units"
      ]
    ),
    (
      "a generation: one more per change of a log in this process's life, compared for equality only; 2³¹ changes would take 68 years at one a second",
      [
        "GlanceKernel/Replication/StepsSnapshotMemo.swift: generation",
        "GlanceKernel/Replication/StepsSnapshotMemo.swift: last",
        "GlanceSync/Budget/BudgetBookProjection.swift: generation",
        "GlanceSync/Budget/BudgetBookProjection.swift: memos",
        "GlanceSync/Caches/BudgetModelMemo.swift: generation",
        "GlanceSync/Caches/PeriodFiguresMemo.swift: generation",
        "GlanceSync/Caches/StepsDisplayMemo.swift: generation",
        "GlanceSync/Caches/StepsDisplayMemo.swift: key",
        "GlanceSync/Steps/StepsDisplayProjection.swift: generation",
        "GlanceSync/Steps/StepsDisplayProjection.swift: memo",
      ]
    ),
    (
      "the version of the budget widget's cached JSON (1 or 2): JSONDecoder refuses a number that does not fit an Int with a DecodingError, never a trap",
      [
        "GlanceKernel/Budget/BudgetWidgetCache.swift: version"
      ]
    ),
    (
      "a size, offset or bound in bytes of one WatchConnectivity payload: at most 65,536 bytes (PeerChannel.wcLimitBytes); lengths and counts read off the wire are UInt64 varints, compared with these bounds before any becomes an Int",
      [
        "GlanceSync/Ports/PeerLinkError.swift: bytes",
        "GlanceSync/Tally/TallyDigest+Making.swift: bytesMax",
        "GlanceSync/Tally/TallyDigestFold.swift: bytesMax",
        "GlanceSync/Wire/Event+Wire.swift: canonicalTextByteCount",
        "GlanceSync/Wire/Event+Wire.swift: wireByteCount",
        "GlanceSync/Wire/PeerChannel.swift: payloadBytesMax",
        "GlanceSync/Wire/PeerChannel.swift: wcLimitBytes",
        "GlanceSync/Wire/PeerMessage+Wire.swift: encodedByteCount",
        "GlanceSync/Wire/PeerMessage+Wire.swift: eventBytes",
        "GlanceSync/Wire/PeerMessage+Wire.swift: tallyDigestByteCount",
        "GlanceSync/Wire/PeerMessageError.swift: offset",
        "GlanceSync/Wire/TallyDigest+Wire.swift: encodedByteCount",
        "GlanceSync/Wire/TallyDigest+Wire.swift: eventBytes",
        "GlanceSync/Wire/TallyDigest+Wire.swift: wireBodyByteCount",
        "GlanceSync/Wire/WireReader.swift: maxBytes",
        "GlanceSync/Wire/WireReader.swift: offset",
        "GlanceSync/Wire/WireReader.swift: remainingByteCount",
        "GlanceSync/Wire/WireWriter.swift: length",
        "GlanceSync/Wire/WireWriter.swift: maxBytes",
        "GlanceSync/Wire/WireWriter.swift: stringByteCount",
        "GlanceSync/Wire/WireWriter.swift: varintByteCount",
      ]
    ),
    (
      "a conversion of a value read off the wire, made only after it was checked against a bound far below 2³¹: a digest's count against PeerMessage.digestEventsMax (100,000), a string's length against its field's maximum (at most 4,096)",
      [
        "GlanceSync/Wire/TallyDigest+Wire.swift: Int(count)",
        "GlanceSync/Wire/WireReader.swift: Int(length)",
      ]
    ),
  ]

  /// The allowed places, each with its reason.
  static let allowed: [Key: String] = {
    var allowed: [Key: String] = [:]
    for (why, places) in reasons {
      for place in places {
        let parts = place.split(separator: ": ", maxSplits: 1).map(String.init)
        precondition(parts.count == 2, "an allowed place is \"<file>: <name>\", not \"\(place)\"")
        let key = Key(file: parts[0], name: parts[1])
        precondition(allowed[key] == nil, "\(place) is allowed twice")
        allowed[key] = why
      }
    }
    return allowed
  }()
}
