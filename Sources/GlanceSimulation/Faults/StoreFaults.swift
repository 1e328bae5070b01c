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
  /// How many times a commit asked whether it fails (``commitFails()``): the engine tells a
  /// design that asked from one that did not.
  private(set) var asks = 0

  /// Whether a failure is armed: the next commit on the phone fails.
  var isArmed: Bool { !armed.isEmpty }

  init() {}

  /// Arms failure `number`: the next commit on the phone fails. A failure armed while another
  /// is pending merges with it (the world's failures are transient: one commit each, never two
  /// in a row).
  func arm(_ number: Int) {
    if armed.isEmpty { armed.append(number) }
  }

  /// Takes failure `number` back if it is still pending (it met no commit in time).
  func disarm(_ number: Int) { armed.removeAll { $0 == number } }

  /// The armed failure strikes a commit that did not ask (a design that keeps its phone store in
  /// its own memory and never calls ``World/phoneCommitFails()``): used up, and counted.
  func strikeUnasked() {
    precondition(!armed.isEmpty, "no failure is armed")
    armed.removeFirst()
    struck += 1
  }

  /// Takes every pending failure back (the liveness phase begins: faults are off).
  func disarmAll() { armed.removeAll() }

  /// Whether the commit being made now fails; a `true` uses up the oldest armed failure. Faults
  /// are off in the liveness phase (nothing is armed then).
  public func commitFails() -> Bool {
    asks += 1
    guard !armed.isEmpty else { return false }
    armed.removeFirst()
    struck += 1
    return true
  }
}
