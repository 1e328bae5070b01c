/// Which cells of the fault space (surface × conduit × fault family × relation to a day
/// boundary, ``CoverageCell``) a run reached: the coverage a report shows, and a sweep (later an
/// exploration) merges over its runs.
///
/// A cell is *reached* when a fault of its family took effect, while faults were on (the safety
/// phase), on what its conduit carries toward its surface (for ``Conduit/process``, on the
/// process behind the surface), at an instant in its relation to the nearest local day boundary
/// of the device's zone. Where each family takes effect is recorded by the world and the engine
/// where the fault acts, never where it is armed: a kill that ends the process (the app, the
/// widget extension for each widget of the design, the watch app); a `sendMessage` that fails in
/// flight (toward its receiver) or whose reply is lost (toward the sender, who waits for it); a
/// `transferUserInfo` delivered twice; while the watch is out of range, a message refused, a
/// transfer or context queued, or one already queued when it leaves; a reload served late
/// (related to the instant it was due); a commit to a phone store that fails or meets the busy
/// lock (toward every surface of the phone the design has); an app killed holding the lock
/// (`0xDEAD10CC`); a value of the App Group's defaults corrupted (toward every surface of the
/// phone). A fault armed that meets nothing reaches no cell.
///
/// Cells no family can reach (``CoverageCell/isPossible``) are impossible by construction and
/// left out of ``possibleCells`` and every total; ``unreached`` lists the possible cells not
/// reached.
///
/// Recording is O(1): a bit set in a fixed number of words, indexed by the cell's ordinal;
/// nothing is recorded for an ordinary event.
///
/// ## Laws
/// - ``union(_:)`` is associative, commutative and idempotent, and the empty coverage is its
///   identity: a sweep or an exploration may merge its runs' coverages in any grouping and order.
/// - ``cells`` is in the order of cells (see ``CoverageCell``), whatever order the cells were
///   reached in; every reached cell is possible.
/// - ``cells`` and ``unreached`` partition ``possibleCells``.
/// - It encodes as the names of its cells in order, and decodes back to itself; a name no
///   possible cell has is refused.
public struct FaultCoverage: Hashable, Sendable {
  /// One bit per cell, by ordinal.
  private var words: [UInt64]

  private static let wordCount = (CoverageCell.count + 63) / 64

  /// The empty coverage: no cell reached.
  public init() { words = Array(repeating: 0, count: Self.wordCount) }

  /// The coverage that reached `cells`.
  public init(_ cells: some Sequence<CoverageCell>) {
    self.init()
    for cell in cells { insert(cell) }
  }

  /// Every possible cell, in order: the total a report counts against.
  public static let possibleCells: [CoverageCell] = (0..<CoverageCell.count).map(CoverageCell.init(ordinal:)).filter(\.isPossible)

  /// Notes that `cell` was reached. O(1).
  ///
  /// - Precondition: `cell` is possible (a fault acts only where its family reaches).
  mutating func insert(_ cell: CoverageCell) {
    precondition(cell.isPossible, "a fault took effect where its family cannot: \(cell)")
    insert(ordinal: cell.ordinal)
  }

  /// Notes that the cell of `ordinal` was reached: the record sites' fast path (a late reload
  /// strikes at almost every reload), which checks that the cell is possible in debug builds only
  /// (`assert`); tests run them. O(1), and no write when the cell was reached already.
  mutating func insert(ordinal: Int) {
    assert(CoverageCell(ordinal: ordinal).isPossible, "a fault took effect where its family cannot: \(CoverageCell(ordinal: ordinal))")
    let bit: UInt64 = 1 << UInt64(ordinal & 63)
    guard words[ordinal >> 6] & bit == 0 else { return }
    words[ordinal >> 6] |= bit
  }

  /// Whether `cell` was reached.
  public func contains(_ cell: CoverageCell) -> Bool {
    let ordinal = cell.ordinal
    return words[ordinal >> 6] & (1 << UInt64(ordinal & 63)) != 0
  }

  /// The cells reached by either coverage.
  public func union(_ other: FaultCoverage) -> FaultCoverage {
    var union = self
    union.formUnion(other)
    return union
  }

  /// Adds the cells `other` reached.
  public mutating func formUnion(_ other: FaultCoverage) {
    for index in words.indices { words[index] |= other.words[index] }
  }

  /// Whether no cell was reached.
  public var isEmpty: Bool { words.allSatisfy { $0 == 0 } }

  /// How many cells were reached.
  public var count: Int { words.reduce(0) { $0 + $1.nonzeroBitCount } }

  /// The cells reached, in order.
  public var cells: [CoverageCell] { Self.possibleCells.filter(contains) }

  /// The possible cells not reached, in order.
  public var unreached: [CoverageCell] { Self.possibleCells.filter { !contains($0) } }
}
