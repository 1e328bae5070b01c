public import Foundation

/// One budget's figure for the widgets: the period it belongs to, its id (for the deep link) and
/// its `remaining` (what Pulpe's widget calls "Disponible": income + rollover − expenses).
public struct PeriodFigures: Hashable, Sendable, Codable {
  public let period: BudgetPeriod
  /// The budget's id, when known; a deep link opens it.
  public let budgetID: UUID?
  public let remaining: Money

  public init(period: BudgetPeriod, budgetID: UUID?, remaining: Money) {
    self.period = period
    self.budgetID = budgetID
    self.remaining = remaining
  }
}

/// What the app writes to the App Group for the budget widgets: the current period's figure and
/// the year overview's, with the pay day and currency they were computed with.
///
/// Versioned JSON. Version 2 (current) has `currency` and `payDay`; version 1 (Pulpe's early
/// cache) lacks both and reads as CHF with calendar months, as Pulpe's widget did. A newer version
/// than this code knows, or any inconsistent figure, is a ``BudgetCacheError``, which the widget
/// shows as its empty state ("Ouvre Pulpe") rather than as numbers.
///
/// ## Laws
/// - `try BudgetWidgetCache.decode(cache.encoded()) == cache`.
/// - Every amount is in ``currency``; the year's months are distinct, sorted and in ``year``.
public struct BudgetWidgetCache: Hashable, Sendable {
  /// The version ``encoded()`` writes.
  public static let currentVersion = 2

  /// When the app wrote the figures.
  public let asOf: Instant
  public let currency: Currency
  public let payDay: PayDay
  /// The figure of the period that was current at ``asOf``, if it had a budget.
  public let current: PeriodFigures?
  /// The year the overview shows: the year of the period current at ``asOf``.
  public let year: Int
  /// The months of ``year`` that have a budget, in order.
  public let yearMonths: [PeriodFigures]

  /// A cache, checked.
  ///
  /// - Throws: ``BudgetCacheError`` naming the first inconsistent field.
  public init(
    asOf: Instant, currency: Currency, payDay: PayDay, current: PeriodFigures?, year: Int,
    yearMonths: [PeriodFigures]
  ) throws(BudgetCacheError) {
    if let current, current.remaining.currency != currency {
      throw .currencyMismatch(field: "current.remaining", found: current.remaining.currency, expected: currency)
    }
    for (index, figures) in yearMonths.enumerated() {
      guard figures.remaining.currency == currency else {
        throw .currencyMismatch(field: "yearMonths[\(index)].remaining", found: figures.remaining.currency, expected: currency)
      }
      guard figures.period.year == year else {
        throw .inconsistent(field: "yearMonths[\(index)]", reason: "period \(figures.period) is not in year \(year)")
      }
      if index > 0 && yearMonths[index - 1].period >= figures.period {
        throw .inconsistent(field: "yearMonths[\(index)]", reason: "months must be distinct and in order")
      }
    }
    self.asOf = asOf
    self.currency = currency
    self.payDay = payDay
    self.current = current
    self.year = year
    self.yearMonths = yearMonths
  }

  /// The figures of `period`'s month in the year overview, if it has a budget.
  public func yearFigures(for month: Int) -> PeriodFigures? {
    yearMonths.first { $0.period.month == month }
  }

  /// The JSON the app writes (current version, sorted keys).
  public func encoded() throws -> Data {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    return try encoder.encode(Stored(self))
  }

  /// Reads what any version wrote.
  ///
  /// - Throws: ``BudgetCacheError/unsupportedVersion(found:newest:)`` for a newer version,
  ///   ``BudgetCacheError/corrupted(path:reason:)`` for JSON that does not have the shape, and the
  ///   checking initializer's errors for figures that contradict each other.
  public static func decode(_ data: Data) throws(BudgetCacheError) -> BudgetWidgetCache {
    let stored: Stored
    do {
      stored = try JSONDecoder().decode(Stored.self, from: data)
    } catch let error as DecodingError {
      throw BudgetCacheError(error)
    } catch {
      throw .corrupted(path: "", reason: "\(error)")
    }
    guard stored.version <= currentVersion else {
      throw .unsupportedVersion(found: stored.version, newest: currentVersion)
    }
    guard stored.version >= 1 else { throw .corrupted(path: "version", reason: "version \(stored.version) is below 1") }
    return try BudgetWidgetCache(
      asOf: stored.asOf, currency: stored.currency ?? .chf, payDay: stored.payDay ?? .calendarMonths,
      current: stored.current, year: stored.year, yearMonths: stored.yearMonths)
  }

  /// The JSON shape of every version: fields added after version 1 are optional.
  private struct Stored: Codable {
    var version: Int
    var asOf: Instant
    /// Since version 2; version 1 caches are CHF.
    var currency: Currency?
    /// Since version 2; version 1 caches use calendar months.
    var payDay: PayDay?
    var current: PeriodFigures?
    var year: Int
    var yearMonths: [PeriodFigures]

    init(_ cache: BudgetWidgetCache) {
      version = BudgetWidgetCache.currentVersion
      asOf = cache.asOf
      currency = cache.currency
      payDay = cache.payDay
      current = cache.current
      year = cache.year
      yearMonths = cache.yearMonths
    }
  }
}

/// Why a stored widget cache was refused. The widget shows its empty state and the app can log
/// the reason.
public enum BudgetCacheError: Error, Equatable, Sendable, CustomStringConvertible {
  /// Written by a newer version of the app.
  case unsupportedVersion(found: Int, newest: Int)
  /// Not the JSON shape of any version: `path` is the coding path of the problem.
  case corrupted(path: String, reason: String)
  /// An amount in another currency than the cache's.
  case currencyMismatch(field: String, found: Currency, expected: Currency)
  /// Figures that contradict each other.
  case inconsistent(field: String, reason: String)

  init(_ error: DecodingError) {
    func path(_ context: DecodingError.Context) -> String {
      context.codingPath.map { $0.intValue.map { "[\($0)]" } ?? "." + $0.stringValue }.joined()
    }
    switch error {
    case .typeMismatch(_, let context), .valueNotFound(_, let context), .dataCorrupted(let context):
      self = .corrupted(path: path(context), reason: context.debugDescription)
    case .keyNotFound(let key, let context):
      self = .corrupted(path: path(context) + "." + key.stringValue, reason: "missing")
    @unknown default:
      self = .corrupted(path: "", reason: "\(error)")
    }
  }

  public var description: String {
    switch self {
    case .unsupportedVersion(let found, let newest):
      return "widget cache version \(found) is newer than this code reads (\(newest))"
    case .corrupted(let path, let reason):
      return "widget cache is corrupted at \(path.isEmpty ? "the top level" : path): \(reason)"
    case .currencyMismatch(let field, let found, let expected):
      return "\(field) is in \(found.code), the cache is in \(expected.code)"
    case .inconsistent(let field, let reason):
      return "\(field): \(reason)"
    }
  }
}
