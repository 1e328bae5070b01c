/// What the explorer found under one plan: how many schedules and choice points its subtree
/// holds, the cells of the fault space its schedules reached, and its first violation.
struct ExploredPlan {
  var schedules = 0
  var choicePoints = 0
  var coverage = FaultCoverage()
  var violation: ExploredViolation? = nil
}
