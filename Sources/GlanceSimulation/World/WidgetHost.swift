import GlanceKernel
import GlanceSync

/// WidgetKit's side: the widget's current timeline of counts and its refresh budget.
struct WidgetHost {
  var budget: RefreshBudget
  var timeline = WidgetTimeline.empty
  var reloadPending = false
  var policyGeneration = 0
  private(set) var requests = 0
  private(set) var charged = 0
  private(set) var denied = 0
  private(set) var firstDenial: Instant? = nil
  /// When requests were denied, for the charts (at most `Limits.chartEventsMax`).
  private(set) var denials: [Instant] = []

  init(budget: RefreshBudget) { self.budget = budget }

  /// Feeds `hasher` what decides the host's next reloads and displays: its budget, its timeline,
  /// a reload pending and the policy's generation; not the counts and denials kept for the
  /// report (for a fingerprint of a play's state).
  func fingerprint(into hasher: inout StateHasher) {
    hasher.combine(budget)
    hasher.combine(timeline)
    hasher.combine(reloadPending)
    hasher.combine(policyGeneration)
  }

  mutating func recordRequest(_ decision: ReloadDecision, at instant: Instant) {
    requests += 1
    switch decision {
    case .granted(let wasCharged): if wasCharged { charged += 1 }
    case .denied:
      denied += 1
      if firstDenial == nil { firstDenial = instant }
      if denials.count < Limits.chartEventsMax { denials.append(instant) }
    case .dropped: break  // silently: WidgetKit does not say
    }
  }

  /// What the widget shows at `instant`: the entry in force, `nil` before any.
  func displayed(at instant: Instant) -> Display? {
    timeline.display(at: instant)
  }
}
