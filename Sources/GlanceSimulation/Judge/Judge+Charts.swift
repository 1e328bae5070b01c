import GlanceKernel

/// The charts of a play: the whole run, and its longest divergence from start to end.
///
/// Both plot, against the truth, what each surface showed of the domain's main figure (the
/// tally's count, the steps done today, the budget's remaining, in CHF); a surface that shows
/// another kind of figure (the year widget's grid) has no line, only its lane of disagreements.
/// Under the plot, one lane per surface marks where it disagreed with the truth in any field,
/// then the kills and the denied reloads; spells of the watch out of range are shaded; the
/// first occurrence of each violation is a labelled line. Times are the device's local time
/// (the itinerary's zones), with day boundaries as light lines.
extension Judge {
  /// The whole run, from its start to the final check.
  func overviewChart(strategy: String, domain: Domain, world: World) -> SVGChart {
    let from = world.itinerary.legs[0].from
    let until = max(from, world.now)
    var marks = violationMarks(from: from, until: until)
    marks += zoneChangeMarks(world: world, from: from, until: until)
    let clock = ChartClock(legs: clockLegs(world))
    return SVGChart(
      title: "\(strategy), \(domain.rawValue): the whole run",
      subtitle:
        "\(Self.quantity(of: domain)): the truth and what each surface showed, \(clock.dateText(from, withYear: true)) to \(clock.dateText(until, withYear: true))"
        + (historyFullAt.map { " (lines until \(clock.dateText($0, withYear: true)))" } ?? ""),
      from: from, until: until, series: series(from: from, until: until), marks: marks.sorted { $0.time < $1.time },
      clock: clock, values: Self.values(of: domain), bands: bands(world: world, until: until),
      lanes: lanes(world: world), gridLines: dayBoundaries(world: world, from: from, until: until))
  }

  /// The longest disagreement, from a little before it began to a little after it ended (or the
  /// end of the run); `nil` when no surface ever disagreed.
  func divergenceChart(strategy: String, domain: Domain, world: World) -> SVGChart? {
    guard let worst else { return nil }
    let runStart = world.itinerary.legs[0].from
    let runEnd = max(runStart, world.now)
    let length = worst.since.distance(to: worst.until)
    let margin = max(10 * Instant.millisecondsPerMinute, length / 20)
    let from = max(runStart, worst.since.advanced(by: -margin))
    let until = min(runEnd, worst.until.advanced(by: margin))
    let ended = worst.until < runEnd
    var marks = [
      ChartMark(time: worst.since, label: "\(worst.surface.rawValue) diverges"),
      ChartMark(time: worst.until, label: ended ? "\(worst.surface.rawValue) agrees again" : "still differs at the end"),
    ]
    marks += violationMarks(from: from, until: until)
    marks += zoneChangeMarks(world: world, from: from, until: until)
    return SVGChart(
      title: "\(strategy), \(domain.rawValue): the longest divergence (\(worst.surface.rawValue), \(Self.duration(length)))",
      subtitle: "\(Self.quantity(of: domain)): the truth and what each surface showed",
      from: from, until: until, series: series(from: from, until: until), marks: marks.sorted { $0.time < $1.time },
      clock: ChartClock(legs: clockLegs(world)), values: Self.values(of: domain), bands: bands(world: world, until: runEnd),
      lanes: lanes(world: world), gridLines: dayBoundaries(world: world, from: from, until: until))
  }

  // MARK: Parts

  /// The truth's line, then one per surface showing the main figure, from the history: the
  /// value in force at `from`, then every change until `until`.
  private func series(from: Instant, until: Instant) -> [ChartSeries] {
    let names = ["truth"] + surfaces.map(\.rawValue)
    let plotted = [true] + surfaces.map { $0 != .yearWidget }
    // The history is in time order: its entries in `(from, until]` are `first..<end`.
    let first = history.partitionIndex { $0.time > from }
    let end = max(first, history.partitionIndex { $0.time > until })
    return names.indices.filter { plotted[$0] }.map { index in
      var points: [ChartPoint] = []
      points.reserveCapacity(end - first + 1)
      if first > 0 { points.append(ChartPoint(time: from, value: history[first - 1].values[index])) }
      for entry in history[first..<end] {
        points.append(ChartPoint(time: entry.time, value: entry.values[index]))
      }
      return ChartSeries(name: names[index], points: points)
    }
  }

  /// One lane per surface (its disagreements), the kills, the denied reloads.
  private func lanes(world: World) -> [ChartLane] {
    var lanes = zip(surfaces, spans).map { surface, spans in
      ChartLane(
        name: surface.rawValue, kind: .disagreement, spans: spans.filter(\.beyondBound).map(\.range),
        minorSpans: spans.filter { !$0.beyondBound }.map(\.range))
    }
    lanes.append(ChartLane(name: "kills", kind: .events, ticks: world.kills))
    let denials = world.hosts.flatMap(\.denials).sorted()
    lanes.append(ChartLane(name: "denied reloads", kind: .failures, ticks: denials))
    return lanes
  }

  /// The spells out of range, for a domain with a watch.
  private func bands(world: World, until: Instant) -> [ChartBand] {
    guard surfaces.contains(.watch) else { return [] }
    return world.spellsOutOfRange(endingBy: until).map { ChartBand(from: $0.lowerBound, until: $0.upperBound, label: "watch out of range") }
  }

  /// The first occurrence of each violation in the window.
  private func violationMarks(from: Instant, until: Instant) -> [ChartMark] {
    violations.values.sorted { $0.invariant < $1.invariant }
      .filter { from <= $0.time && $0.time <= until }
      .map { ChartMark(time: $0.time, label: $0.invariant.rawValue) }
  }

  private func zoneChangeMarks(world: World, from: Instant, until: Instant) -> [ChartMark] {
    world.itinerary.changes.filter { from <= $0.time && $0.time <= until }
      .map { ChartMark(time: $0.time, label: "to \(world.itinerary.legs[$0.leg].calendar.identifier)") }
  }

  /// The local day boundaries in the window; none when there are more than 120 (a line every
  /// few pixels says nothing the dates on the axis do not).
  private func dayBoundaries(world: World, from: Instant, until: Instant) -> [Instant] {
    var boundaries: [Instant] = []
    var boundary = world.itinerary.nextRollover(after: from)
    while boundary < until {
      if boundaries.count == 120 { return [] }
      boundaries.append(boundary)
      boundary = world.itinerary.nextRollover(after: boundary)
    }
    return boundaries
  }

  private func clockLegs(_ world: World) -> [ChartClock.Leg] {
    world.itinerary.legs.enumerated().map { index, leg in ChartClock.Leg(from: index == 0 ? nil : leg.from, calendar: leg.calendar) }
  }

  // MARK: Words

  /// What the lines plot.
  static func quantity(of domain: Domain) -> String {
    switch domain {
    case .tally: return "Cigarettes counted today"
    case .steps: return "Steps done today"
    case .budget: return "Remaining this pay period"
    }
  }

  static func values(of domain: Domain) -> ChartValueFormat {
    domain == .budget ? .money(.chf) : .count
  }

  /// `45 s`, `12 min`, `3 h 20 min`, `29 d 22 h`.
  static func duration(_ milliseconds: Int64) -> String {
    let seconds = milliseconds / 1_000
    if seconds < 60 { return "\(seconds) s" }
    let minutes = seconds / 60
    if minutes < 60 { return "\(minutes) min" }
    let hours = minutes / 60
    if hours < 48 { return minutes % 60 == 0 ? "\(hours) h" : "\(hours) h \(minutes % 60) min" }
    return hours % 24 == 0 ? "\(hours / 24) d" : "\(hours / 24) d \(hours % 24) h"
  }
}
