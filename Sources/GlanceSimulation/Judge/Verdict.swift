/// What a run says of one invariant for one strategy and domain.
///
/// ## Laws
/// - `text` is `pass`, `FAIL ×n`, `late ×n` or `n/a`; `name` (for JSON) is `pass`, `fail`,
///   `late` or `n/a`.
public enum Verdict: Hashable, Sendable {
  /// Checked, and never broken.
  case pass
  /// Broken, `occurrences` times.
  case fail(occurrences: Int)
  /// Staleness of a design not expected to converge: `occurrences` disagreements outlasted the
  /// bound a converging design is held to (a figure, not a failure).
  case late(occurrences: Int)
  /// Never checked: it does not apply to the domain, the scenario or the design.
  case notApplicable

  public var text: String {
    switch self {
    case .pass: return "pass"
    case .fail(let occurrences): return "FAIL ×\(occurrences)"
    case .late(let occurrences): return "late ×\(occurrences)"
    case .notApplicable: return "n/a"
    }
  }

  public var name: String {
    switch self {
    case .pass: return "pass"
    case .fail: return "fail"
    case .late: return "late"
    case .notApplicable: return "n/a"
    }
  }
}
