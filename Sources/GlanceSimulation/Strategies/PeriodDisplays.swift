import GlanceKernel

/// What one budget widget shows in each pay period, for one version of the log and one zone: a
/// widget's timeline is planned again at every reload (hourly, for the zone check), and what it
/// shows changes only when the log, the zone or the period does.
///
/// Like ``Memo``, it belongs to one design of one run and is never read by two threads: a
/// timeline projection holds it only while the design plans on its run's thread, which is why
/// it may be `Sendable` unchecked (a projection must be `Sendable`).
///
/// ## Laws
/// - `display(of: p, version: v, zone: z) { f() }` is `f()` of the first call with `p` since `v`
///   or `z` last changed: memoising never changes a timeline, as long as what `f` computes
///   depends on the period alone (a budget projection's model does: its change points are the
///   periods' first instants).
final class PeriodDisplays: @unchecked Sendable {
  private var key: (version: Int, zone: String)? = nil
  private var displays: [BudgetPeriod: Display] = [:]

  func display(of period: BudgetPeriod, version: Int, zone: String, _ compute: () -> Display) -> Display {
    if let key, key.version == version, key.zone == zone {
      if let known = displays[period] { return known }
    } else {
      key = (version, zone)
      displays = [:]
    }
    let display = compute()
    displays[period] = display
    return display
  }
}
