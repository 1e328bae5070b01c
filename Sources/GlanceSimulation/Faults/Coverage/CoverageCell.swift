/// One cell of the fault space: a fault of one family took effect on what one conduit carries
/// toward one surface (or on the process behind it), at one relation to the nearest local day
/// boundary. ``FaultCoverage`` is a set of them.
///
/// Its name (``description``) is its four axes joined by `/`:
/// `watch/sendMessage/failed messages/before-boundary`.
///
/// ## Laws
/// - The cells are totally ordered by `ordinal`: surface (`Surface.allCases`), then conduit
///   (`Conduit.allCases`), then family (the fault families in schema order), then relation
///   (`BoundaryRelation.allCases`); `CoverageCell(ordinal: cell.ordinal) == cell`.
/// - `CoverageCell(name: cell.description) == cell` for every cell, and a name no cell has is
///   `nil`.
public struct CoverageCell: Hashable, Sendable, Comparable, CustomStringConvertible {
  /// The surface the fault acted toward (or whose process it acted on).
  public let surface: Surface
  /// What carried what the fault acted on.
  public let conduit: Conduit
  /// The family's position in the families' schema order.
  let familyPosition: Int
  /// Where the fault took effect relative to the nearest local day boundary.
  public let relation: BoundaryRelation

  /// How many cells there are, possible or not.
  static let count = Surface.allCases.count * Conduit.allCases.count * FaultFamily.all.count * BoundaryRelation.allCases.count

  /// The cell of a fault of `family` that took effect on what `conduit` carries toward
  /// `surface`, at `relation` to the nearest day boundary.
  init(_ surface: Surface, _ conduit: Conduit, _ family: FaultFamily, _ relation: BoundaryRelation) {
    self.init(surface: surface, conduit: conduit, familyPosition: family.position, relation: relation)
  }

  private init(surface: Surface, conduit: Conduit, familyPosition: Int, relation: BoundaryRelation) {
    precondition(FaultFamily.all.indices.contains(familyPosition), "a family's position is in the schema: \(familyPosition)")
    (self.surface, self.conduit, self.familyPosition, self.relation) = (surface, conduit, familyPosition, relation)
  }

  /// The cell whose `ordinal` is `ordinal`.
  ///
  /// - Precondition: `0 <= ordinal < count`.
  init(ordinal: Int) {
    precondition((0..<Self.count).contains(ordinal), "a cell's ordinal is below \(Self.count): \(ordinal)")
    let relations = BoundaryRelation.allCases.count
    let families = FaultFamily.all.count
    let conduits = Conduit.allCases.count
    var rest = ordinal
    let relation = BoundaryRelation.allCases[rest % relations]
    rest /= relations
    let family = rest % families
    rest /= families
    let conduit = Conduit.allCases[rest % conduits]
    rest /= conduits
    self.init(surface: Surface.allCases[rest], conduit: conduit, familyPosition: family, relation: relation)
  }

  /// The cell named `name` (``description``); `nil` when no cell has that name.
  public init?(name: String) {
    let axes = name.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
    guard axes.count == 4, let surface = Surface(rawValue: axes[0]), let conduit = Conduit(rawValue: axes[1]),
      let family = FaultFamily.all.firstIndex(where: { $0.name == axes[2] }), let relation = BoundaryRelation(rawValue: axes[3])
    else { return nil }
    self.init(surface: surface, conduit: conduit, familyPosition: family, relation: relation)
  }

  /// The family's name (`app kills`, `failed messages`, …).
  public var family: String { FaultFamily.all[familyPosition].name }

  /// The cell's place in the order of cells: the index of its bit in a ``FaultCoverage``.
  var ordinal: Int { Self.ordinal(surface, conduit, familyPosition: familyPosition, relation) }

  /// The ordinal of the cell of these axes, by arithmetic alone (a record site's fast path).
  static func ordinal(_ surface: Surface, _ conduit: Conduit, familyPosition: Int, _ relation: BoundaryRelation) -> Int {
    let row = (rank(of: surface) * conduitCount + conduit.position) * familyCount + familyPosition
    return row * relationCount + relation.position
  }

  private static let conduitCount = Conduit.allCases.count
  private static let familyCount = FaultFamily.all.count
  private static let relationCount = BoundaryRelation.allCases.count

  /// `surface`'s place in `Surface.allCases`.
  private static func rank(of surface: Surface) -> Int {
    switch surface {
    case .app: 0
    case .widget: 1
    case .yearWidget: 2
    case .watch: 3
    }
  }

  /// Whether a fault of the family can take effect here at all: the family reaches the surface
  /// through the conduit (`FaultFamily.reaches`). A cell that cannot is impossible by
  /// construction (a watch kill on the widget, a WatchConnectivity channel toward a widget).
  public var isPossible: Bool {
    FaultFamily.all[familyPosition].reaches.contains { $0.conduit == conduit && $0.surfaces.contains(surface) }
  }

  /// The cell's name: its axes joined by `/`.
  public var description: String { "\(surface.rawValue)/\(conduit.rawValue)/\(family)/\(relation.rawValue)" }

  public static func < (lhs: CoverageCell, rhs: CoverageCell) -> Bool { lhs.ordinal < rhs.ordinal }
}
