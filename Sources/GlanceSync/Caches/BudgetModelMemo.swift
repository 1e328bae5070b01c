import GlanceKernel

/// The budget widgets' models and change points a provider last worked out: a timeline asks for
/// the model of now's period and of the next period's first instant at every reload, and the
/// next period's first instant twice, while the sums and the periods stay the same between
/// changes.
///
/// A model depends on the instant only through its pay period, and on the data only through the
/// period sums (``BudgetBookProjection``'s laws); the caller names the sums by the generation
/// ``ExpenseSums`` hands out with them, and the memo never compares sums. A change point depends
/// on the instant only through its period, and on nothing but the zone and the pay day.
///
/// One belongs to one provider (one book), used from one thread at a time (an app's main actor,
/// a widget extension's provider, a simulated run), which is why it may be `Sendable` unchecked.
///
/// ## Laws
/// - `model(generation: g, kind: k, period: p) { f() }` returns `f()` of a call with the same
///   `g`, `k` and `p`: it equals `BudgetBookProjection(book:spent:kind: k, calendar:).model(at: t)`
///   for every `t` of `p`, as long as `g` names one set of sums of the provider's book.
/// - `changePoint(zone: z, period: p) { f() }` returns `f()` of a call with the same `z` and `p`:
///   the first instant of the period after `p` in zone `z`, for the provider's pay day.
final class BudgetModelMemo: @unchecked Sendable {
  /// A model's key besides the sums' generation.
  private struct ModelKey: Equatable {
    let kind: BudgetWidgetKind
    let period: BudgetPeriod
  }

  /// A change point's key.
  private struct ChangePointKey: Equatable {
    let zone: String
    let period: BudgetPeriod
  }

  /// The sums the models were rendered from.
  ///
  /// Read at every model and change point a provider asks for, like ``models`` and
  /// ``changePoints``: exempt from the dynamic exclusivity check, whose thread-local lookup cost
  /// more than the read. Safe: a memo is used from one thread at a time, and no access to it
  /// overlaps another (`compute` reads other memos and the kernel, never this one).
  @exclusivity(unchecked) private var generation: Int? = nil
  /// Two widget kinds, each planned over two periods, with room for a zone change.
  private static let capacity = 8
  /// The last models rendered.
  @exclusivity(unchecked) private var models = RecentValues<ModelKey, BudgetWidgetModel>(capacity: capacity)
  /// The last change points found.
  @exclusivity(unchecked) private var changePoints = RecentValues<ChangePointKey, Instant?>(capacity: capacity)

  /// The model of `kind` in `period` from the sums of `generation`: `compute()` when not known.
  func model(
    generation: Int, kind: BudgetWidgetKind, period: BudgetPeriod, _ compute: () -> BudgetWidgetModel
  ) -> BudgetWidgetModel {
    if self.generation != generation {
      self.generation = generation
      models.removeAll()
    }
    return models.value(for: ModelKey(kind: kind, period: period), compute)
  }

  /// The first instant of the period after `period` in the zone `zone`: `compute()` when not
  /// known.
  func changePoint(zone: String, period: BudgetPeriod, _ compute: () -> Instant?) -> Instant? {
    changePoints.value(for: ChangePointKey(zone: zone, period: period), compute)
  }
}
