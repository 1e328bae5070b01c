/// Which kinds of choice an exploration enumerates (``ChoiceClasses``); a kind left out is
/// answered with its first class only, as if the world never chose it.
///
/// Every kind is explored by default. Leaving one out is what the explorer's own test does, to
/// show that each kind changes the count of schedules (a kind the explorer silently skipped
/// would not).
///
/// ## Laws
/// - With every kind, the classes of a choice are ``ChoiceClasses/values(of:seed:explored:)``'s
///   whole list; without its kind, only that list's first value.
public struct ExploredChoices: OptionSet, Hashable, Sendable {
  public let rawValue: Int
  public init(rawValue: Int) { self.rawValue = rawValue }

  /// A uniform choice of a few values (``ChoiceClasses/enumeratedMax`` at most): the small
  /// world's plan (which action, where midnight falls, which fault), which step a kill falls
  /// before.
  public static let enumerations = ExploredChoices(rawValue: 1 << 0)
  /// A uniform choice over a wide range (a latency, a lateness): its shortest and its longest.
  public static let timings = ExploredChoices(rawValue: 1 << 1)
  /// A chance strictly between 0 and 1 (a duplicate delivery, a failed message, a lost reply):
  /// it does not happen, and it happens.
  public static let chances = ExploredChoices(rawValue: 1 << 2)
  /// Which of the events due at one instant goes first: each of them.
  public static let eventOrder = ExploredChoices(rawValue: 1 << 3)
  /// WidgetKit's grant of a reload at its budget's edge: granted, and denied.
  public static let grants = ExploredChoices(rawValue: 1 << 4)

  /// Besides ``eventOrder``: the orders of events due at one instant that the engine knows
  /// commute (two widgets' reloads served at once, where neither can change what the other does), which
  /// give the same play in every order. Left out of ``all``, so that an exploration plays them
  /// in one order (a partial-order reduction); ``unreduced`` plays every order, as explorations
  /// did before the reduction, for the tests that check it changes no verdict.
  public static let commutingOrders = ExploredChoices(rawValue: 1 << 5)
  /// Every kind, the default; events that commute in one order only.
  public static let all: ExploredChoices = [.enumerations, .timings, .chances, .eventOrder, .grants]
  /// Every kind, and events that commute in every order too.
  public static let unreduced: ExploredChoices = all.union(.commutingOrders)

  /// Each kind alone with its name, in declaration order (for messages and tests).
  public static let named: [(name: String, kind: ExploredChoices)] = [
    ("enumerations", .enumerations), ("timings", .timings), ("chances", .chances), ("event-order", .eventOrder),
    ("grants", .grants),
  ]
}
