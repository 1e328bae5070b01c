import GlanceKernel

/// What the checkers found in one play: each violated invariant's first occurrence and its
/// repeats, and how many times each invariant was checked. Every checker writes here; none
/// reads another's findings.
///
/// ## Laws
/// - An invariant holds one ``Violation``: its first occurrence, later ones counted on it
///   (``Violation/occurrences``, ``Violation/surfaces``).
/// - A disabled invariant (the `Mutants` meta-test) records nothing, though it is still counted
///   as checked.
/// - An invariant is reported as checked (``checks()``) once counted, even zero times.
struct Verdicts {
  private(set) var violations: [Invariant: Violation] = [:]
  /// How many times each invariant was checked, by ``Invariant/ordinal``; `nil` until first
  /// counted.
  private var checkCounts = [Int?](repeating: nil, count: Invariant.allCases.count)
  /// Invariants whose verdicts are dropped. Empty in every real run.
  var disabled: Set<Invariant> = []

  mutating func count(_ invariant: Invariant, times: Int = 1) {
    checkCounts[invariant.ordinal] = (checkCounts[invariant.ordinal] ?? 0) + times
  }

  /// The invariants checked, with how many times each was.
  func checks() -> [Invariant: Int] {
    var checks: [Invariant: Int] = [:]
    for invariant in Invariant.allCases {
      if let times = checkCounts[invariant.ordinal] { checks[invariant] = times }
    }
    return checks
  }

  /// Records a repeat of a violation already recorded (or of a disabled invariant) and returns
  /// `true`; `false` when this is the first occurrence, which the caller then describes with
  /// ``record(_:now:trace:surface:field:expected:found:detail:atAction:)``. Describing a repeat
  /// would build texts that are thrown away.
  mutating func recordedAgain(_ invariant: Invariant, surface: Surface?) -> Bool {
    guard !disabled.contains(invariant) else { return true }
    guard let index = violations.index(forKey: invariant) else { return false }
    Self.noteAgain(&violations.values[index], surface: surface)
    return true
  }

  /// One more occurrence of `violation`, on `surface` if any: changed in place (a violation
  /// holds its trace, which a copy out of the dictionary and back would retain and release).
  private static func noteAgain(_ violation: inout Violation, surface: Surface?) {
    violation.occurrences += 1
    if let surface, !violation.surfaces.contains(surface) { violation.surfaces = (violation.surfaces + [surface]).sorted() }
  }

  /// Records an occurrence seen at `now`, with the events before it (`trace`, read only for a
  /// first occurrence); `atAction` dates it at the instant of the action whose record it
  /// concerns (the engine then replays the run for the events around it).
  mutating func record(
    _ invariant: Invariant, now: Instant, trace: @autoclosure () -> [String], surface: Surface?, field: String?,
    expected: String, found: String, detail: String, atAction: Instant? = nil
  ) {
    guard !disabled.contains(invariant) else { return }
    if let index = violations.index(forKey: invariant) {
      Self.noteAgain(&violations.values[index], surface: surface)
      return
    }
    violations[invariant] = Violation(
      invariant: invariant, time: atAction ?? now, surface: surface, field: field, expected: expected, found: found,
      detail: detail, trace: trace(), datedAtAction: atAction != nil, occurrences: 1, surfaces: surface.map { [$0] } ?? [])
  }
}
