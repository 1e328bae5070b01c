extension FaultCoverage {
  /// How many cells no family can reach (``CoverageCell/isPossible``), left out of every total.
  static var impossibleCount: Int { CoverageCell.count - possibleCells.count }

  /// The sentence that opens a report's coverage: what a cell is, how many of the possible cells
  /// were reached over `runs` (`this run's strategies`), and what the total leaves out.
  func summary(over runs: String) -> String {
    "A cell of the fault space is a surface, a conduit (what carries data to the surface: the process behind it, the phone's store, the App Group's defaults, WidgetKit's reloads, WatchConnectivity's sendMessage, transferUserInfo and applicationContext), a fault family, and where the fault took effect relative to the nearest local day boundary (within the hour before it, the hour after it, or away from it). A cell is reached when a fault of its family took effect there while faults were on: a process killed, a message failed, lost, duplicated or held back out of range, a reload served late, a commit failed or refused by the busy lock, a default corrupted. Reached over \(runs): \(count) of \(Self.possibleCells.count) possible cells. The other \(Self.impossibleCount) cells are impossible by construction (no fault of the family ever acts there: a WatchConnectivity channel toward a widget, a watch kill on the app) and not counted."
  }

  /// One row per possible (surface, conduit, family), in the order of cells: `reached` or
  /// `never` for each relation to a day boundary that is possible there.
  var table: ReportTable {
    let relations = BoundaryRelation.allCases
    var rows: [[ReportCell]] = []
    for cell in Self.possibleCells where cell.relation == relations[0] {
      let marks = relations.map { relation -> ReportCell in
        let reached = contains(CoverageCell(cell.surface, cell.conduit, FaultFamily.all[cell.familyPosition], relation))
        return ReportCell(reached ? "reached" : "never", classes: [reached ? "pass" : "na"])
      }
      rows.append([ReportCell(cell.surface.rawValue), ReportCell(cell.conduit.rawValue), ReportCell(cell.family)] + marks)
    }
    return ReportTable(["surface", "conduit", "fault family"] + relations.map(\.rawValue), leftColumns: 6, rows)
  }

  /// The possible cells never reached, one line per (surface, conduit, family) with the
  /// relations missing: `watch/sendMessage/failed messages: before-boundary, after-boundary`.
  var unreachedLines: [String] {
    var lines: [String] = []
    var current: (prefix: String, relations: [String])? = nil
    for cell in unreached {
      let prefix = "\(cell.surface.rawValue)/\(cell.conduit.rawValue)/\(cell.family)"
      if let open = current, open.prefix == prefix {
        current?.relations.append(cell.relation.rawValue)
        continue
      }
      if let open = current { lines.append("\(open.prefix): \(open.relations.joined(separator: ", "))") }
      current = (prefix, [cell.relation.rawValue])
    }
    if let open = current { lines.append("\(open.prefix): \(open.relations.joined(separator: ", "))") }
    return lines
  }

  /// The coverage as `report.json` and `sweep.json` write it: the counts, the cells reached and
  /// the possible cells never reached, by name, in the order of cells.
  struct JSONSummary: Encodable {
    let possible: Int
    let impossible: Int
    let reachedCount: Int
    let reached: [String]
    let unreached: [String]

    init(_ coverage: FaultCoverage) {
      possible = FaultCoverage.possibleCells.count
      impossible = FaultCoverage.impossibleCount
      reachedCount = coverage.count
      reached = coverage.cells.map(\.description)
      unreached = coverage.unreached.map(\.description)
    }
  }
}
