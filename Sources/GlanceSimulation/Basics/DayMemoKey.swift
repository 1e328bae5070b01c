import GlanceKernel

/// What a memoised display depends on besides the records (counted by `version`): the local
/// day and the zone.
struct DayMemoKey: Equatable {
  let version: Int
  let dayStart: Instant
  let zone: String
}
