import Foundation
import GlanceKernel
import PropertyBased
import Testing

@testable import GlanceSimulation

/// ``FaultCoverage``'s laws: its union is associative, commutative and idempotent with the empty
/// coverage as identity (so a sweep or an exploration may merge runs in any grouping and order),
/// its cells come out in the order of cells, the cells reached and never reached partition the
/// possible ones, and it round-trips through its names.
@Suite("FaultCoverage properties")
struct FaultCoverageProperties {
  /// A coverage of up to 40 possible cells, drawn by index (duplicates allowed).
  static var coverages: Generator<FaultCoverage, some SendableSequenceType> {
    Gen.int(in: 0...(FaultCoverage.possibleCells.count - 1)).array(of: 0...40).map { indices in
      FaultCoverage(indices.map { FaultCoverage.possibleCells[$0] })
    }
  }

  @Test("union is associative")
  func unionIsAssociative() async {
    await propertyCheck(count: 300, input: Self.coverages, Self.coverages, Self.coverages) { a, b, c in
      #expect(a.union(b).union(c) == a.union(b.union(c)))
    }
  }

  @Test("union is commutative")
  func unionIsCommutative() async {
    await propertyCheck(count: 300, input: Self.coverages, Self.coverages) { a, b in
      #expect(a.union(b) == b.union(a))
    }
  }

  @Test("union is idempotent, and the empty coverage is its identity")
  func unionIsIdempotent() async {
    await propertyCheck(count: 300, input: Self.coverages) { a in
      #expect(a.union(a) == a)
      #expect(a.union(FaultCoverage()) == a && FaultCoverage().union(a) == a)
    }
  }

  @Test("the union reaches exactly the cells either reached")
  func unionIsSetUnion() async {
    await propertyCheck(count: 300, input: Self.coverages, Self.coverages) { a, b in
      let union = a.union(b)
      #expect(Set(union.cells) == Set(a.cells).union(b.cells))
      #expect(union.count == union.cells.count)
    }
  }

  @Test("cells come out in the order of cells, and cells and unreached partition the possible cells")
  func cellsInOrderAndPartition() async {
    await propertyCheck(count: 300, input: Self.coverages) { coverage in
      #expect(coverage.cells == coverage.cells.sorted())
      #expect(coverage.cells.allSatisfy { $0.isPossible })
      #expect((coverage.cells + coverage.unreached).sorted() == FaultCoverage.possibleCells)
      #expect(Set(coverage.cells).isDisjoint(with: coverage.unreached))
    }
  }

  @Test("a coverage decodes back to itself from its names")
  func codableRoundTrip() async throws {
    await propertyCheck(count: 200, input: Self.coverages) { coverage in
      let data = try JSONEncoder().encode(coverage)
      #expect(try JSONDecoder().decode(FaultCoverage.self, from: data) == coverage)
    }
  }
}

/// ``CoverageCell`` and the space of cells, exhaustively: every cell's ordinal and name round-trip,
/// and the possible cells are those the families' reaches span, counted by hand.
@Suite("Coverage cells")
struct CoverageCellTests {
  @Test("every cell's ordinal and name give the cell back; ordinals are 0 ..< count in order")
  func everyCellRoundTrips() {
    #expect(CoverageCell.count == 4 * 7 * 11 * 3)
    for ordinal in 0..<CoverageCell.count {
      let cell = CoverageCell(ordinal: ordinal)
      #expect(cell.ordinal == ordinal)
      #expect(CoverageCell(name: cell.description) == cell, "\(cell)")
    }
  }

  @Test(
    "a name no cell has is nil",
    arguments: [
      "", "app/process/app kills", "phone/process/app kills/after-boundary",
      "app/process/app kills/midnight", "app/process/no such family/after-boundary", "app/process/app kills/after-boundary/x",
    ])
  func unknownNames(name: String) {
    #expect(CoverageCell(name: name) == nil)
  }

  @Test("the possible cells, by hand: 28 (surface, conduit, family) triples × 3 relations")
  func possibleCellsByHand() {
    // app kills 1, watch out of range 3 channels × 2 devices, duplicates 2, late reloads 2,
    // widget kills 2, watch kills 1, failed messages 2, lost replies 2, write failures 3,
    // corrupted defaults 3, store locks 1 + 3.
    #expect(FaultCoverage.possibleCells.count == (1 + 6 + 2 + 2 + 2 + 1 + 2 + 2 + 3 + 3 + 4) * 3)
    #expect(FaultCoverage.possibleCells == FaultCoverage.possibleCells.sorted())
    let impossible = [
      CoverageCell(.widget, .sendMessage, .messageFailure, .afterBoundary),  // WatchConnectivity toward a widget
      CoverageCell(.app, .process, .watchKills, .beforeBoundary),  // a watch kill on the app
      CoverageCell(.watch, .store, .storeWriteFailures, .awayFromBoundary),  // App Groups do not span devices
      CoverageCell(.app, .reload, .lateReloads, .afterBoundary),  // the app is not reloaded by WidgetKit
    ]
    #expect(impossible.allSatisfy { !$0.isPossible })
    #expect(CoverageCell(.yearWidget, .defaults, .corruptedDefaults, .beforeBoundary).isPossible)
  }

  @Test("a name of an impossible cell is refused when a coverage is decoded")
  func decodingRefusesImpossibleCells() {
    let text = #"["app/process/watch-app kills/before-boundary"]"#
    #expect(throws: DecodingError.self) { try JSONDecoder().decode(FaultCoverage.self, from: Data(text.utf8)) }
  }

  @Test("relation to a day boundary: under an hour after the start, at most an hour before the end, else away")
  func boundaryRelation() throws {
    let zurich = try ZoneCalendar(identifier: "Europe/Zurich")
    // 29 March 2026, the spring-forward day in Zurich: 23 hours, 23:00Z to 22:00Z.
    let day = zurich.dayInterval(containing: Instant(millisecondsSince1970: 1_774_771_200_000))
    let hour = Instant.millisecondsPerHour
    #expect(day.durationMilliseconds == 23 * hour)
    #expect(BoundaryRelation(of: day.start, in: day) == .afterBoundary)
    #expect(BoundaryRelation(of: day.start.advanced(by: hour - 1), in: day) == .afterBoundary)
    #expect(BoundaryRelation(of: day.start.advanced(by: hour), in: day) == .awayFromBoundary)
    #expect(BoundaryRelation(of: day.end.advanced(by: -hour - 1), in: day) == .awayFromBoundary)
    #expect(BoundaryRelation(of: day.end.advanced(by: -hour), in: day) == .beforeBoundary)
    #expect(BoundaryRelation(of: day.end.advanced(by: -1), in: day) == .beforeBoundary)
  }
}
