public import GlanceKernel

/// What one surface shows at one instant, typed: the kernel's render models, compared whole.
///
/// | surface | tally | steps | budget |
/// |---|---|---|---|
/// | app | ``tally(_:)`` | ``steps(_:)`` | ``currentPeriod(_:)`` |
/// | widget | ``tallyBadge(_:)`` | ``steps(_:)`` | ``currentPeriod(_:)`` |
/// | year widget | | | ``yearOverview(_:)`` |
/// | watch | ``tallyBadge(_:)`` | | |
///
/// ## Laws
/// - `a.differences(from: b).isEmpty == (a == b)`.
/// - Each difference names one field, with both values as a person reads them (money by the
///   kernel's formatter, `1’790.00 CHF`; bands as `.nearLimit`).
public indirect enum Display: Hashable, Sendable {
  /// The tally app: count, band, streak, average.
  case tally(TallySummary)
  /// The tally widget and the watch: count and band.
  case tallyBadge(TallyBadge)
  /// The steps app and widget: progress, activity, next step.
  case steps(StepsDisplay)
  /// The budget app and current-period widget: the period and its `remaining`, or the empty state.
  case currentPeriod(CurrentPeriodModel)
  /// The budget year widget: twelve cells with the current period highlighted, or the empty state.
  case yearOverview(YearOverviewModel)

  /// The fields in which this display differs from `expected`, in field order; empty when they
  /// are equal.
  public func differences(from expected: Display) -> [FieldDifference] {
    guard self != expected else { return [] }
    guard kindName == expected.kindName else {
      return [FieldDifference(field: "kind", expected: expected.kindName, found: kindName)]
    }
    let mine = fields
    let theirs = expected.fields
    var differences: [FieldDifference] = []
    var index = 0
    // Same kind, so the same fields in the same order, but for lists of other lengths (a year
    // grid against its empty state): compare the common prefix, then name what one side lacks.
    while index < max(mine.count, theirs.count) {
      let found = index < mine.count ? mine[index] : nil
      let wanted = index < theirs.count ? theirs[index] : nil
      let field = wanted?.field ?? found?.field ?? "?"
      let (foundText, wantedText) = (found?.text ?? "nothing", wanted?.text ?? "nothing")
      if found?.field != wanted?.field {
        differences.append(
          FieldDifference(field: field, expected: wantedText, found: found.map { "\($0.field) = \($0.text)" } ?? "nothing"))
      } else if foundText != wantedText {
        differences.append(FieldDifference(field: field, expected: wantedText, found: foundText))
      }
      index += 1
    }
    // Unequal displays whose fields all read alike differ in what no field names: name the
    // values whole rather than stop.
    if differences.isEmpty {
      let (wanted, found) = ("\(expected)", "\(self)")
      differences.append(FieldDifference(field: "value", expected: wanted, found: found == wanted ? found + " (another value)" : found))
    }
    return differences
  }

  /// Whether `self` and `other` are the same value by representation: the same case holding the
  /// same boxed payload (a copy of one display, not two displays built alike). O(1), and
  /// implies `self == other`; the converse does not hold (two equal displays made apart are not
  /// identical). The judge uses it to skip comparing again what it compared at the last event.
  ///
  /// Sound because `Display` is an immutable value of immutable values: its representation is
  /// the box of its payload (every case is `indirect`), and a box's contents never change while
  /// a value refers to it.
  func isIdentical(to other: Display) -> Bool {
    withUnsafeBytes(of: self) { mine in
      withUnsafeBytes(of: other) { theirs in
        // Word by word, then byte by byte (a `Display` is one word: its payload's box).
        var offset = 0
        while offset + 8 <= mine.count {
          guard mine.loadUnaligned(fromByteOffset: offset, as: UInt64.self) == theirs.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
          else { return false }
          offset += 8
        }
        while offset < mine.count {
          guard mine[offset] == theirs[offset] else { return false }
          offset += 1
        }
        return true
      }
    }
  }

  /// The display's kind, as a difference names it.
  var kindName: String {
    switch self {
    case .tally: return "tally"
    case .tallyBadge: return "tally badge"
    case .steps: return "steps"
    case .currentPeriod: return "current period"
    case .yearOverview: return "year overview"
    }
  }

  /// One number that stands for the display on a chart: the count, the steps done today, the
  /// remaining in minor units (`nil` for the empty state), the year.
  var chartValue: Int? {
    switch self {
    case .tally(let summary): return summary.count
    case .tallyBadge(let badge): return badge.count
    case .steps(let steps): return steps.progress.completedToday
    case .currentPeriod(let model): return model.remaining.flatMap { $0.minorUnits(exactlyAs: Int.self) }
    case .yearOverview(let model): return model.year
    }
  }

  /// The display in a few words, as a violation says what a surface showed.
  var headline: String {
    switch self {
    case .tally(let summary): return "\(summary.count) (\(Self.text(summary.band)))"
    case .tallyBadge(let badge): return "\(badge.count) (\(Self.text(badge.band)))"
    case .steps(let steps): return steps.progress.headline
    case .currentPeriod(let model):
      return model.remaining.map { "\($0.formatted(.full)) for \(model.period.map { "\($0)" } ?? "?")" }
        ?? "the empty state (\"\(model.text)\")"
    case .yearOverview(let model): return model.year.map { "the \($0) grid" } ?? "the empty state (\"\(model.emptyText ?? "")\")"
    }
  }

  /// Every field as (path, text), in a fixed order.
  private var fields: [(field: String, text: String)] {
    switch self {
    case .tally(let summary):
      return [
        ("count", "\(summary.count)"), ("band", Self.text(summary.band)), ("streak", "\(summary.streak)"),
        ("average", "\(summary.average)"),
      ]
    case .tallyBadge(let badge):
      return [("count", "\(badge.count)"), ("band", Self.text(badge.band))]
    case .steps(let steps):
      let progress = steps.progress
      var fields: [(field: String, text: String)] = [
        ("progress.completedToday", "\(progress.completedToday)"), ("progress.totalSteps", "\(progress.totalSteps)"),
        ("progress.completedTasks", "\(progress.completedTasks)"), ("progress.totalTasks", "\(progress.totalTasks)"),
        ("progress.headline", Self.quoted(progress.headline)), ("progress.detail", Self.quoted(progress.detail)),
      ]
      for (index, day) in steps.activity.days.enumerated() {
        fields.append(("activity[\(index)]", "\(day.date) \(day.count)"))
      }
      fields += [
        ("next.title", Self.quoted(steps.next.title)), ("next.detail", Self.quoted(steps.next.detail)),
        // What the model carries beyond its text: which step, and how many of its task are done.
        ("next.step", steps.next.nextStep.map { "\($0.task) \($0.step)" } ?? "none"),
        ("next.completedCount", steps.next.nextStep.map { "\($0.completedCount)" } ?? "none"),
      ]
      return fields
    case .currentPeriod(let model):
      return [
        ("period", model.period.map { "\($0)" } ?? "none"), ("remaining", model.remaining.map { $0.formatted(.full) } ?? "none"),
        ("text", Self.quoted(model.text)), ("label", Self.quoted(model.label)), ("link", model.link.url),
      ]
    case .yearOverview(let model):
      var fields: [(field: String, text: String)] = [
        ("year", model.year.map { "\($0)" } ?? "none"), ("emptyText", Self.quoted(model.emptyText)),
      ]
      for cell in model.cells {
        let name = "cells[\(cell.monthName)]"
        fields += [
          ("\(name).text", Self.quoted(cell.text)), ("\(name).isCurrent", "\(cell.isCurrent)"),
        ]
      }
      return fields
    }
  }

  /// `.nearLimit`, `.exceeded(by: 3)`.
  static func text(_ band: StatusBand) -> String {
    switch band {
    case .perfect: return ".perfect"
    case .excellent: return ".excellent"
    case .good: return ".good"
    case .nearLimit: return ".nearLimit"
    case .limitReached: return ".limitReached"
    case .exceeded(let by): return ".exceeded(by: \(by))"
    }
  }

  private static func quoted(_ text: String?) -> String { text.map { "\"\($0)\"" } ?? "none" }
}
