import GlanceKernel

/// What memoised budget figures depend on besides the records: the current period and the zone.
struct BudgetMemoKey: Equatable {
  let version: Int
  let period: BudgetPeriod
  let zone: String
}
