@testable import GlanceSimulation
import Testing

/// The engine compiled for each built-in design (``RunInputs/playBuiltIn(_:)``) plays exactly as
/// its generic code does: the specialisation is a speed-up, never a second engine.
@Suite("Specialized play")
struct SpecializedPlayTests {
  @Test("every built-in design gives the same result through its specialised engine and the generic one")
  func sameResults() throws {
    let request = SimulationRequest(scenario: try SimulationFixtures.scenario("default"), days: 3, seed: 42)
    let inputs = try RunInputs(request)
    let designs = Simulation.designs
    #expect(designs.count == 7, "a design added to the table is checked here too")
    for entry in designs {
      let specialized = try inputs.playBuiltIn(entry.design)
      let generic = try inputs.play(entry.design)
      #expect(specialized == generic, "\(entry.design.name)")
      #expect(specialized.acceptedActions > 0, "\(entry.design.name) played nothing")
    }
  }
}
