/// The stable name of a place in a run that makes a choice, such as `"workload"`,
/// `"world.latency"` or `"faults.kill.step"`: the label of the seeded stream the choice is drawn
/// from (CONTRIBUTING.md, Labelled random streams), written in a recording beside each choice.
///
/// ## Laws
/// - A label is never empty and is printable ASCII without spaces (`!` to `~`), so a
///   recording's line splits into its fields unambiguously; a label that breaks this is a
///   programmer's mistake (a precondition), and a recording's reader refuses one with a typed
///   error.
/// - Two labels are equal exactly when their names are.
public struct ChoiceLabel: Hashable, Sendable, CustomStringConvertible {
  /// The name, as written in a recording.
  public let name: String

  /// The label named `name`.
  ///
  /// - Precondition: ``isValid(_:)`` holds for `name`.
  public init(_ name: String) {
    precondition(Self.isValid(name), "a choice label is non-empty printable ASCII without spaces: \"\(name)\"")
    self.name = name
  }

  /// Whether `name` can be a label: non-empty, printable ASCII without spaces.
  public static func isValid(_ name: some StringProtocol) -> Bool {
    !name.isEmpty && name.utf8.allSatisfy { (0x21...0x7E).contains($0) }
  }

  /// The order of events due at one instant (``ChoiceKind/first(among:)``).
  public static let eventOrder = ChoiceLabel("engine.order")
  /// Whether WidgetKit grants a charged reload at its budget's edge (``ChoiceKind/grant``).
  public static let reloadGrant = ChoiceLabel("world.reload.grant")

  public var description: String { name }
}
