/// The fuzz targets: each reads any bytes, and traps when a law of the code it drives is broken.
///
/// A target never fails on bad input (every parser here answers bad input with a typed error);
/// it fails only when the code traps, or when a result contradicts a documented law (a round
/// trip, a differential oracle, a bound). libFuzzer then keeps the input as a crash.
///
/// Each target's corpus is `Fuzz/Corpus/<name>/` and its dictionary, if any,
/// `Fuzz/Dictionaries/<name>.dict`.
enum FuzzTarget: String, CaseIterable, Sendable {
  /// `Money.parse(userInput:currency:)` and `Money(canonical:currency:)`.
  case money
  /// `PulpeLink(parsing:)`, `EcoveloFinish(parsing:)` and `resolve(_:)`, `URLQuery(parsing:)`.
  case links
  /// `TokenExpiry.check(token:now:leeway:)` (base64url and the JWT claims reader) and
  /// `EcoveloConfig(token:programID:theme:)`.
  case token
  /// `ScenarioLoader.load(yaml:source:)`.
  case scenario
  /// `BudgetWidgetCache.decode(_:)` and the budget widget timelines planned from the bytes.
  case widgetCache = "widget-cache"
  /// The dated snapshots the step and tally widgets decode (`TallySnapshot`, `StepsSnapshot`),
  /// their timelines, and `StepProgress`'s JSON.
  case snapshot
  /// `PeerMessage(decoding:)`: the binary messages the phone and the watch send each other,
  /// their round trip, their sizes and a decoded digest's laws.
  case peerMessage = "peer-message"

  /// Runs one input through the target.
  func run(_ bytes: [UInt8]) {
    switch self {
    case .money: MoneyFuzzing.run(bytes)
    case .links: LinkFuzzing.run(bytes)
    case .token: TokenFuzzing.run(bytes)
    case .scenario: ScenarioFuzzing.run(bytes)
    case .widgetCache: WidgetCacheFuzzing.run(bytes)
    case .snapshot: SnapshotFuzzing.run(bytes)
    case .peerMessage: PeerMessageFuzzing.run(bytes)
    }
  }

  /// The targets' names, for usage messages.
  static var names: String { allCases.map(\.rawValue).joined(separator: ", ") }
}

/// Traps with `message` when `holds` is false: a broken law is a crash for libFuzzer.
///
/// `fatalError`, not `precondition`: an optimized build drops a precondition's message, and the
/// message is what says which law broke.
func law(
  _ holds: @autoclosure () -> Bool, _ message: @autoclosure () -> String,
  file: StaticString = #fileID, line: UInt = #line
) {
  if !holds() { fatalError("law broken: " + message(), file: file, line: line) }
}

/// A C0 or C1 control character or DEL, as the kernel strips and escapes them.
func isControl(_ scalar: Unicode.Scalar) -> Bool {
  scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
}
