/// Where a fault family's faults can take effect: on what `conduit` carries toward `surfaces`
/// (for ``Conduit/process``, on the process behind them). A family lists its reaches once, in
/// its file (`FaultFamily.reaches`); the coverage of the fault space counts the cells they span
/// as possible, and every other cell of the family as impossible by construction.
///
/// ## Laws
/// - `surfaces` is not empty and holds each surface once.
struct FaultReach: Sendable {
  let conduit: Conduit
  let surfaces: [Surface]

  init(_ conduit: Conduit, toward surfaces: [Surface]) {
    precondition(!surfaces.isEmpty && Set(surfaces).count == surfaces.count, "a reach names distinct surfaces: \(surfaces)")
    self.conduit = conduit
    self.surfaces = surfaces
  }
}
