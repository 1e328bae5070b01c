import GlanceKernel

extension DayMemoKey {
  /// The key of `version` on the world's local day, in its zone: what a design's display of
  /// its data now depends on.
  init(version: Int, world: World) {
    self.init(version: version, dayStart: world.today.start, zone: world.calendar.identifier)
  }
}
