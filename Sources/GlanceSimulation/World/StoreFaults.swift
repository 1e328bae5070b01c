/// The store faults of one play, shared by the world, which arms them, and the run's stores,
/// which meet them: an armed write failure makes the next commit to a store on the phone fail
/// (disk full, or an I/O error), writing nothing, as a transaction that fails does.
///
/// ## Laws
/// - Each armed failure strikes at most one commit: `commitFails()` answers `true` once per
///   failure armed and not taken back, then `false`.
/// - At most one failure is pending at a time, so two commits in a row never both fail: a design
///   that tries a failed commit once more succeeds (the failures are transient I/O errors, not a
///   disk that stays full).
public final class StoreFaults {
  /// Failures armed and not yet struck, by number, oldest first.
  private(set) var armed: [Int] = []
  /// Failures that struck a commit (the report's `store-write-failure` count).
  public private(set) var struck = 0

  init() {}

  /// Arms failure `number`: the next commit on the phone fails. A failure armed while another
  /// is pending merges with it (the world's failures are transient: one commit each, never two
  /// in a row).
  func arm(_ number: Int) {
    if armed.isEmpty { armed.append(number) }
  }

  /// Takes failure `number` back if it is still pending (it met no commit in time).
  func disarm(_ number: Int) { armed.removeAll { $0 == number } }

  /// Takes every pending failure back (the liveness phase begins: faults are off).
  func disarmAll() { armed.removeAll() }

  /// Whether the commit being made now fails; a `true` uses up the oldest armed failure. Faults
  /// are off in the liveness phase (nothing is armed then).
  public func commitFails() -> Bool {
    guard !armed.isEmpty else { return false }
    armed.removeFirst()
    struck += 1
    return true
  }
}
