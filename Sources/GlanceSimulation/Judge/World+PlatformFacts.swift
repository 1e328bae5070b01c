import GlanceKernel

extension World: PlatformFacts {
  var hostedWidgets: ArraySlice<WidgetID> { WidgetID.allCases.prefix(hosts.count) }

  var faultEffects: FaultEffects { injector.effects }

  func lastChargedReload(of widget: WidgetID) -> Instant? {
    self[host: widget].budget.charged.last(where: { $0 < now })
  }

  func reloads(of widget: WidgetID) -> ReloadTally {
    let host = self[host: widget]
    return ReloadTally(requests: host.requests, denied: host.denied, firstDenial: host.firstDenial, limit: host.budget.limit)
  }
}
