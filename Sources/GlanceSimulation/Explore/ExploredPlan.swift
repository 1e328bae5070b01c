/// What the explorer found under one plan: how many schedules and choice points its subtree
/// holds, and its first violation.
struct ExploredPlan {
  var schedules = 0
  var choicePoints = 0
  var violation: ExploredViolation? = nil
}
