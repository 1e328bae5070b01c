/// Why a scenario's `travel` cannot be followed (``Itinerary/init(scenario:calendar:start:)``);
/// the engine reports each as the ``SimulationError`` case of the same name.
enum TravelError: Error, Equatable {
  /// Change `index` falls on a date its zone skipped.
  case dateSkipped(index: Int, date: String, zone: String)
  /// Change `index` would happen at `at`, before the previous change, at `previous`.
  case outOfOrder(index: Int, at: String, previous: String)
  /// Change `index` names a zone that does not exist.
  case unknownZone(String)
}
