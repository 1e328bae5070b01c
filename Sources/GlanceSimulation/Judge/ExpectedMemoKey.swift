import GlanceKernel

/// What the model's answer for one surface depends on, by ``DomainModel``'s laws: the deeds
/// recorded so far (the model changes only with a deed), the local day and the zone (the answer
/// changes with the instant only at local day boundaries; the zone is named by the world's count
/// of zone changes), and since when something bound for the surface's device has been on its way.
/// The judge asks the model again only when one of them changed. Plain integers: compared after
/// every event.
struct ExpectedMemoKey: Equatable {
  let deeds: Int
  let dayStart: Instant
  let zoneChanges: Int
  let unknownSince: Instant?
}
