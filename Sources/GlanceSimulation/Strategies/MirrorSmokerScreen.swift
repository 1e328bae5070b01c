import GlanceKernel

/// MirrorSmoker's app screen, the same in both MirrorSmoker designs: the kernel's tally summary
/// of what the app's context holds, with the person's limits, now and in the device's zone.
enum MirrorSmokerScreen {
  static func display(of tally: Tally, world: World) -> Display {
    .tally(
      TallySummary(
        tally: tally, at: world.now, in: world.calendar, limit: PersonSettings.tallyDailyLimit,
        streakLimit: PersonSettings.tallyStreakLimit))
  }
}
