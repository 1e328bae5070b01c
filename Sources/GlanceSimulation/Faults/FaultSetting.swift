/// One key of a scenario's `faults:` section, as a ``FaultFamily`` declares it: its name in the
/// file, the field of ``Faults`` it sets, its bounds, and what ``ScenarioGenerator`` draws for
/// it. The reader, the writer and the generator handle every setting by its ``Value`` alone, so
/// a family's new key needs no code of theirs.
///
/// ## Laws
/// - `key` is the Swift name of the field it sets (`appKillsPerDay`), as every scenario key is.
/// - The default (``Faults/init()``) of the field lies within its bounds, and so do the typical
///   ranges the generator draws from (a test checks both for every family).
struct FaultSetting: Sendable {
  /// What a setting holds, with how it is read, written and drawn.
  enum Value: Sendable {
    /// An integer within `bounds`, written plainly (`appKillsPerDay: 3`); the generator draws
    /// one in `typical` three times in four, else one anywhere in `bounds`.
    case integer(any WritableKeyPath<Faults, Int> & Sendable, bounds: ClosedRange<Int>, typical: ClosedRange<Int>)
    /// A range `low…high` within `bounds`, written `[20, 180]`; the generator draws `low` as an
    /// integer typically in `typicalLow`, then `high` typically in `typicalHigh` (never below
    /// `low`).
    case range(
      any WritableKeyPath<Faults, ClosedRange<Int>> & Sendable, bounds: ClosedRange<Int>, typicalLow: ClosedRange<Int>,
      typicalHigh: ClosedRange<Int>)
    /// A chance `n/d`, written quoted (`"1/20"`); the generator draws `d` in 1…20 and `n` in
    /// 0…`d`.
    case chance(any WritableKeyPath<Faults, Chance> & Sendable)
  }

  /// The key a scenario file writes under `faults:`.
  let key: String
  let value: Value

  /// The setting `key`, holding `value`.
  init(_ key: String, _ value: Value) {
    precondition(!key.isEmpty, "a fault setting has a key")
    self.key = key
    self.value = value
  }

  /// `faults` with this setting as `defaults` has it.
  func reset(_ faults: inout Faults, to defaults: Faults) {
    switch value {
    case .integer(let path, _, _): faults[keyPath: path] = defaults[keyPath: path]
    case .range(let path, _, _, _): faults[keyPath: path] = defaults[keyPath: path]
    case .chance(let path): faults[keyPath: path] = defaults[keyPath: path]
    }
  }

  /// Whether `faults` and `other` agree on this setting.
  func agrees(_ faults: Faults, with other: Faults) -> Bool {
    switch value {
    case .integer(let path, _, _): return faults[keyPath: path] == other[keyPath: path]
    case .range(let path, _, _, _): return faults[keyPath: path] == other[keyPath: path]
    case .chance(let path): return faults[keyPath: path] == other[keyPath: path]
    }
  }

  /// The setting's value in `faults` as a scenario file writes it: `3`, `[20, 180]`, `"1/20"`.
  func text(in faults: Faults) -> String {
    switch value {
    case .integer(let path, _, _): return "\(faults[keyPath: path])"
    case .range(let path, _, _, _):
      let range = faults[keyPath: path]
      return "[\(range.lowerBound), \(range.upperBound)]"
    case .chance(let path): return "\"\(faults[keyPath: path])\""
    }
  }
}
