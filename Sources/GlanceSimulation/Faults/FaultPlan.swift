import GlanceKernel

/// Faults planned once per run, each family's from its own stream, or a script's as they are
/// (``Script`` keeps its faults in one). Each list belongs to one ``FaultFamily`` (its
/// ``FaultScript``), which says how it is drawn, written and queued.
///
/// ## Laws
/// - Every list of instants never decreases; spells are sorted by `from` (drawn plans sort them;
///   a script's are checked by the loader and by `Simulation.check`).
/// - ``entryCount`` is the sum of the lists' counts; ``cut(to:)`` never adds an entry.
/// - ``timedEvents(from:until:)`` depends on the plan and its bounds only: at one instant, the
///   families' armed faults come first, in ``FaultFamily/all``'s order, then the spells' changes.
struct FaultPlan: Hashable, Sendable, Codable {
  /// App kills, in time order.
  var kills: [Instant] = []
  /// Out-of-range spells, sorted by `from`.
  var outOfRange: [OutOfRangeSpell] = []
  /// Widget-extension kills, in time order.
  var widgetKills: [Instant] = []
  /// Watch-app kills, in time order.
  var watchKills: [Instant] = []
  /// Store write failures, in time order.
  var storeWriteFailures: [Instant] = []
  /// Corruptions of a defaults value, in time order.
  var corruptedDefaults: [Instant] = []
  /// Spells during which another process holds the App Group database's write lock, sorted by
  /// `from`.
  var storeBusy: [OutOfRangeSpell] = []

  /// How many faults the plan holds, of every family.
  var entryCount: Int {
    FaultFamily.scripts.reduce(0) { count, script in
      switch script.entries {
      case .instants(let path, _, _, _): return count + self[keyPath: path].count
      case .spells(let path, _, _, _): return count + self[keyPath: path].count
      }
    }
  }

  /// The plan with the entries of `entries` taken away.
  mutating func removeAll(_ entries: FaultScript.Entries) {
    switch entries {
    case .instants(let path, _, _, _): self[keyPath: path] = []
    case .spells(let path, _, _, _): self[keyPath: path] = []
    }
  }

  /// What of the plan a run over `run` plays: the instants within it, and the spells that begin
  /// before its end, clipped to it.
  func cut(to run: Range<Instant>) -> FaultPlan {
    var result = self
    for script in FaultFamily.scripts {
      switch script.entries {
      case .instants(let path, _, _, _): result[keyPath: path] = self[keyPath: path].filter { run.contains($0) }
      case .spells(let path, _, _, _):
        result[keyPath: path] = self[keyPath: path].compactMap { spell -> OutOfRangeSpell? in
          let from = max(spell.from, run.lowerBound)
          let until = min(spell.until, run.upperBound)
          return from < until && spell.from < run.upperBound ? OutOfRangeSpell(from: from, until: until) : nil
        }
      }
    }
    assert(result.entryCount <= entryCount, "cutting never adds a fault")
    return result
  }

  /// The plan's faults as events on the queue of a safety phase from `start` until `end`, each
  /// family's in time order (the caller merges them with its other timed events, stably): what
  /// lies at or after `end` is not played.
  ///
  /// A spell that begins inside an earlier one queues no `begins`; one that ends inside an
  /// earlier one queues nothing; one that begins inside an earlier one and ends after it queues
  /// its `ends` (at most `end`) after the earlier one's. So of the spells 20–50 and 25–60 the
  /// watch is out of range from 20 to 50 only (the second `ends`, at 60, finds it in range):
  /// the engine has always queued them so, and a run's bytes depend on it.
  func timedEvents(from start: Instant, until end: Instant) -> [(time: Instant, event: FaultEvent)] {
    var timed: [(time: Instant, event: FaultEvent)] = []
    for script in FaultFamily.scripts {
      guard case .instants(let path, _, _, let arms) = script.entries else { continue }
      timed += self[keyPath: path].enumerated().filter { $0.element < end }.map { ($0.element, arms($0.offset)) }
    }
    for script in FaultFamily.scripts {
      guard case .spells(let path, _, let begins, let ends) = script.entries else { continue }
      var endsAt = start
      for spell in self[keyPath: path] where spell.from < end {
        // A spell within the earlier ones adds nothing; one that reaches past them ends too.
        guard spell.until > endsAt else { continue }
        if spell.from >= endsAt { timed.append((spell.from, begins)) }
        endsAt = min(spell.until, end)
        timed.append((endsAt, ends))
      }
    }
    return timed
  }
}
