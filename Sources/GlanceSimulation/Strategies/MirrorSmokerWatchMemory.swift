import GlanceKernel

/// What MirrorSmoker's watch app keeps in memory while it runs
/// (see *The real apps Glance models*, MirrorSmoker: watch memory): the `WatchConnectivityManager`'s
/// list and count, and the `SharedDataManager`'s list. None of it carries a day: after midnight it
/// still holds yesterday's until a sync replaces it.
struct MirrorSmokerWatchMemory: Hashable, Sendable {
  /// `WatchConnectivityManager.todayCigarettes`: what the last full sync, sync reply or added
  /// cigarette left, plus the watch's local adds.
  var connectivityList: [Instant] = []
  /// `WatchConnectivityManager.todayCount`: the last count the phone told (stats or sync reply).
  var connectivityCount = 0
  /// `SharedDataManager.todayCigarettes`: the list filtered to the day it was last synced on.
  var sharedList: [Instant] = []

  /// `WatchMainContentView.todayCount`: the shared count when above zero, else the phone's.
  var shownCount: Int { sharedList.isEmpty ? connectivityCount : sharedList.count }
}
