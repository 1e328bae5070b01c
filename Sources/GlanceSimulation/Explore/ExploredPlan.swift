/// What the explorer found under one plan: how many schedules and choice points its subtree
/// holds, how many distinct states its schedules reached (`nil` when not counted,
/// ``SchedulePlayer/states``), the cells of the fault space its schedules reached, and its first
/// violation.
struct ExploredPlan {
  var schedules = 0
  var choicePoints = 0
  var states: Int? = nil
  var coverage = FaultCoverage()
  var violation: ExploredViolation? = nil
}
