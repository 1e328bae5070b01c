// Public: a conformance of the library's public `StrategyName` is public too.
public import ArgumentParser
import GlanceSimulation

// Options parsed into typed values, so that `--help` lists an enumeration's values and a bad
// value is refused with the option, the value and the reason (ArgumentParser prints "The value
// 'x' is invalid for '--option <name>': <reason>" and exits 64).

/// `--strategy`. GlanceSimulation does not depend on ArgumentParser (only `simulate` does), so
/// the executable conforms the library's enumeration.
extension StrategyName: ExpressibleByArgument {}

/// `explore --sessions`, as `--strategy`.
extension SmallWorldSessions: ExpressibleByArgument {}

/// Why an option's value was refused: the text after "is invalid for '--option <name>': ".
struct ArgumentProblem: Error, CustomStringConvertible {
  let description: String
}

/// The parsers of the options whose values are more than a number or an enumeration.
enum ArgumentParsers {
  /// The largest seed, as the messages write it.
  static let seedMax = UInt64.max

  /// `--seed`: 0 to 2^64 − 1, decimal digits only.
  static func seed(_ text: String) throws(ArgumentProblem) -> UInt64 {
    guard !text.isEmpty, text.utf8.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }),
      let seed = UInt64(text)
    else {
      throw ArgumentProblem(description: "a seed is a whole number from 0 to \(seedMax)")
    }
    return seed
  }

  /// `--seeds`: `A...B` or one seed.
  static func seeds(_ text: String) throws(ArgumentProblem) -> ClosedRange<UInt64> {
    do throws(SweepError) {
      return try SeedRange.parse(text)
    } catch {
      throw ArgumentProblem(description: reason(error))
    }
  }

  /// `--shard`: `K/N`.
  static func shard(_ text: String) throws(ArgumentProblem) -> SweepShard {
    do throws(SweepError) {
      return try SweepShard(parsing: text)
    } catch {
      throw ArgumentProblem(description: reason(error))
    }
  }

  /// A ``SweepError`` about an option's value, without the value (ArgumentParser names it).
  static func reason(_ error: SweepError) -> String {
    switch error {
    case .badSeedRange: return "expected a range A...B of seeds with A ≤ B (such as 1...10000), or one seed"
    case .tooManySeeds(let first, let last, let limit):
      return "it spans \(SweepError.seedCount(first, last)) seeds; a sweep spans at most \(limit) (split it into several sweeps)"
    case .badShard: return "expected K/N with 1 ≤ K ≤ N (such as 2/4)"
    default: return error.description
    }
  }
}
