/// One family of invariants, judged outside the control path: the ``Judge`` feeds a checker
/// through its hooks (a deed taken in, an event handled, a quiescent point, a day boundary, a
/// store move, the end) with the platform's facts (``PlatformFacts``), what each surface shows
/// and what each store holds; a checker never changes the world nor a design, never draws a
/// random number and never asks a design what the truth is.
///
/// ## Laws
/// - A checker counts and records only its own ``invariants``: a mutant that breaks one
///   invariant is caught by exactly the checker of that invariant.
/// - The invariants of all checkers are ``Invariant/allCases``, each in exactly one checker.
protocol Checker {
  /// The invariants this checker judges.
  static var invariants: [Invariant] { get }
}
