/// What a choice is: the values it may take, and which of them is its default when it has one.
/// An implementation of ``ChoiceSource`` (a replay, an explorer that enumerates) reads the kind
/// to know what it may answer.
///
/// Every choice's value is an `Int64`:
///
/// | kind | values | default |
/// |---|---|---|
/// | ``uniform(_:)`` | the range's members | none (drawn) |
/// | ``chance(_:)`` | `1` (happens) or `0`; `1` only when the numerator is above 0, `0` only when it is below the denominator | none (drawn) |
/// | ``first(among:)`` | `0..<count`: which of `count` simultaneous events goes first, by their order of scheduling | `0` (the earliest scheduled) |
/// | ``grant`` | `1` (granted) or `0` (denied) | `1` |
/// | ``word`` | any 64 bits (as their `Int64` bit pattern) | none (drawn) |
///
/// ## Laws
/// - ``admits(_:)`` holds for exactly the values of the table, and for the default when there
///   is one.
/// - ``alternatives`` counts the values; `nil` when there are 2⁶⁴ of them, more than a
///   `UInt64` holds (a word, or a uniform over every `Int64`).
public enum ChoiceKind: Hashable, Sendable, CustomStringConvertible {
  /// A value uniform in the range, such as a latency in `50...500` ms.
  case uniform(ClosedRange<Int64>)
  /// Whether something of this probability happens, such as a lost reply with chance `1/20`.
  case chance(Chance)
  /// Which of `count` events due at the same instant happens first (`count >= 2`).
  case first(among: Int)
  /// Whether WidgetKit grants a charged reload that would spend the last of its budget.
  case grant
  /// Sixty-four bits, such as the key of a run's event ids.
  case word

  /// Whether `value` is one this choice may take.
  public func admits(_ value: Int64) -> Bool {
    switch self {
    case .uniform(let range): return range.contains(value)
    case .chance(let chance): return value == 1 ? chance.numerator > 0 : value == 0 && chance.numerator < chance.denominator
    case .first(let count): return value >= 0 && value < Int64(count)
    case .grant: return value == 0 || value == 1
    case .word: return true
    }
  }

  /// The value taken when nothing decides otherwise (today's behaviour), for the kinds that have
  /// one; the random implementation takes it without drawing.
  public var defaultValue: Int64? {
    switch self {
    case .first: return 0
    case .grant: return 1
    case .uniform, .chance, .word: return nil
    }
  }

  /// How many values the choice may take; `nil` when there are 2⁶⁴ (a word, or a uniform over
  /// every `Int64`), one more than a `UInt64` holds.
  public var alternatives: UInt64? {
    switch self {
    case .uniform(let range):
      let span = UInt64(bitPattern: range.upperBound &- range.lowerBound)
      return span == .max ? nil : span + 1
    case .chance(let chance): return chance.numerator == 0 || chance.numerator == chance.denominator ? 1 : 2
    case .first(let count): return UInt64(count)
    case .grant: return 2
    case .word: return nil
    }
  }

  /// As a recording writes it: `uniform 50...500`, `chance 1/20`, `first 3`, `grant`, `word`.
  public var description: String {
    switch self {
    case .uniform(let range): return "uniform \(range.lowerBound)...\(range.upperBound)"
    case .chance(let chance): return "chance \(chance.numerator)/\(chance.denominator)"
    case .first(let count): return "first \(count)"
    case .grant: return "grant"
    case .word: return "word"
    }
  }
}
