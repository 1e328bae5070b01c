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

  /// Besides the kinds above: every class of the choices the world knows are inert, each of
  /// whose values gives the same play: the orders of events due at one instant that commute
  /// (two widgets' reloads served at once, where neither can change what the other does), the
  /// lateness of a reload that falls due after the play's final check. Left out of ``all``, so
  /// that an exploration plays such a choice at its first class (a partial-order reduction, and
  /// a pruning of choices that cannot matter); ``unreduced`` plays every class, as explorations
  /// did before, for the tests that check this changes no outcome.
  public static let inertChoices = ExploredChoices(rawValue: 1 << 5)
  /// Every kind, the default; inert choices at their first class only.
  public static let all: ExploredChoices = [.enumerations, .timings, .chances, .eventOrder, .grants]
  /// Every kind, and every class of inert choices too.
  public static let unreduced: ExploredChoices = all.union(.inertChoices)

  /// Each kind alone with its name, in declaration order (for messages and tests).
  public static let named: [(name: String, kind: ExploredChoices)] = [
    ("enumerations", .enumerations), ("timings", .timings), ("chances", .chances), ("event-order", .eventOrder),
    ("grants", .grants),
  ]
}
