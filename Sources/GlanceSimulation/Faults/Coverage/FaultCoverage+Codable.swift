extension FaultCoverage: Codable {
  /// Writes the names of the cells reached, in order (`["app/process/app kills/away-from-boundary"]`).
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(cells.map(\.description))
  }

  /// Reads the names ``encode(to:)`` writes, in any order.
  ///
  /// - Throws: `DecodingError.dataCorrupted` for a name no possible cell has.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    let names = try container.decode([String].self)
    self.init()
    for name in names {
      guard let cell = CoverageCell(name: name), cell.isPossible else {
        throw DecodingError.dataCorruptedError(in: container, debugDescription: "no possible cell of the fault space is named \(name)")
      }
      insert(cell)
    }
  }
}
