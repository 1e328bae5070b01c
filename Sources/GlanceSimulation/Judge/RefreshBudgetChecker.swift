import GlanceKernel

/// The checker of WidgetKit's budget (``Invariant/refreshBudget``): at the end, no widget had a
/// reload request denied.
///
/// ## Laws
/// - Every reload request of every widget counts as one check; the first denial of each widget
///   is a violation on that widget's surface (later ones are repeats).
struct RefreshBudgetChecker: Checker {
  static let invariants: [Invariant] = [.refreshBudget]

  /// The end of the run: what the budget did with each widget's requests.
  func finish(facts: some PlatformFacts, verdicts: inout Verdicts) {
    for widget in facts.hostedWidgets {
      let reloads = facts.reloads(of: widget)
      verdicts.count(.refreshBudget, times: reloads.requests)
      guard let denied = reloads.firstDenial else { continue }
      verdicts.record(
        .refreshBudget, now: facts.now, trace: facts.trace, surface: widget.surface, field: nil,
        expected: "at most \(reloads.limit) charged reloads a day", found: "\(reloads.denied) denied",
        detail:
          "\(reloads.denied) reloads of the \(widget.surface.rawValue) were denied by the \(reloads.limit)/24 h budget; the first at \(denied)"
      )
    }
  }
}
