import GlanceKernel
@testable import GlanceSimulation
import Testing

/// The laws of ``AppGroupDefaults`` and of the corrupted-defaults fault that strikes them: a typed
/// read gives back what was set, the keys are sorted, and a corrupted value is garbage that every
/// typed read but the bytes' reads as nothing, however often it is struck.
@Suite("AppGroupDefaults")
struct AppGroupDefaultsTests {
  static let instant = Instant(millisecondsSince1970: 1_773_100_800_000)

  /// One value of every kind, under keys set out of order.
  static var filled: AppGroupDefaults {
    var defaults = AppGroupDefaults()
    defaults.set(.text("Ouvre Pulpe"), forKey: "e")
    defaults.set(.integer(3), forKey: "c")
    defaults.set(.instants([instant]), forKey: "a")
    defaults.set(.bytes([0x7B, 0x7D]), forKey: "d")
    defaults.set(.instant(instant), forKey: "b")
    return defaults
  }

  @Test("a typed read gives back what was set, and nothing for a value of another type or no value")
  func typedReads() {
    var defaults = Self.filled
    #expect(defaults.integer(forKey: "c") == 3 && defaults.text(forKey: "e") == "Ouvre Pulpe")
    #expect(defaults.bytes(forKey: "d") == [0x7B, 0x7D] && defaults.instant(forKey: "b") == Self.instant)
    #expect(defaults.instants(forKey: "a") == [Self.instant])
    #expect(defaults.integer(forKey: "e") == nil && defaults.instant(forKey: "c") == nil && defaults.instants(forKey: "b") == nil)
    defaults.removeValue(forKey: "c")
    #expect(defaults.value(forKey: "c") == nil && defaults.integer(forKey: "c") == nil)
  }

  @Test("the keys are sorted, whatever order they were set in")
  func keysSorted() {
    #expect(Self.filled.keys == ["a", "b", "c", "d", "e"])
    #expect(AppGroupDefaults().keys.isEmpty)
  }

  @Test("a corrupted value is garbage bytes whatever it was, and stays garbage when struck again")
  func corruption() {
    var defaults = Self.filled
    for key in defaults.keys { defaults.corrupt(key) }
    for key in defaults.keys {
      #expect(defaults.value(forKey: key) == .bytes(AppGroupDefaults.garbage), "\(key)")
      #expect(defaults.integer(forKey: key) == nil && defaults.text(forKey: key) == nil && defaults.instant(forKey: key) == nil)
      #expect(defaults.instants(forKey: key) == nil)
    }
    let once = defaults.keys.map { defaults.value(forKey: $0) }
    for key in defaults.keys { defaults.corrupt(key) }
    #expect(defaults.keys.map { defaults.value(forKey: $0) } == once)
    defaults.corrupt("absent")
    #expect(defaults.value(forKey: "absent") == nil, "corrupting no value writes none")
  }

  @Test("the fault strikes a value the world's defaults hold, drawn among their keys, and nothing when they hold none")
  func worldCorruption() throws {
    var world = try ChannelTests.world()
    world.corruptDefaults()
    #expect(world.injector.count(.corruptedDefaults) == 0, "nothing to strike: nothing counted")
    world.appGroupDefaults = Self.filled
    world.corruptDefaults()
    #expect(world.injector.count(.corruptedDefaults) == 1)
    let struck = world.appGroupDefaults.keys.filter { world.appGroupDefaults.value(forKey: $0) != Self.filled.value(forKey: $0) }
    #expect(struck.count == 1)
    #expect(struck.allSatisfy { world.appGroupDefaults.value(forKey: $0) == .bytes(AppGroupDefaults.garbage) })
  }

  @Test("Pulpe's widget cache reads back the same kept as a value or as the JSON bytes the kernel writes, and garbage reads as none")
  func budgetCacheReadsAsItsBytes() throws {
    let march = try BudgetPeriod(year: 2026, month: 3)
    let cache = try BudgetWidgetCache(
      asOf: Self.instant, currency: .chf, payDay: try PayDay(25),
      current: PeriodFigures(period: march, budgetID: nil, remaining: Money(minorUnits: 123_456, currency: .chf)), year: 2026,
      yearMonths: [PeriodFigures(period: march, budgetID: nil, remaining: Money(minorUnits: 123_456, currency: .chf))])
    var defaults = AppGroupDefaults()
    defaults.set(.budgetCache(cache), forKey: "value")
    defaults.set(.bytes(Array(try cache.encoded())), forKey: "json")
    #expect(defaults.budgetCache(forKey: "value") == cache)
    #expect(defaults.budgetCache(forKey: "json") == cache)
    defaults.corrupt("value")
    #expect(defaults.budgetCache(forKey: "value") == nil && defaults.budgetCache(forKey: "none") == nil)
    #expect(defaults.budgetCache(forKey: "json") == cache)
  }
}
