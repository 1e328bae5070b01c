import GlanceKernel
@testable import GlanceSimulation
import Testing

/// The laws of ``ProcessMemory``: what a process keeps lives as long as the process; the world
/// forgets it at a kill (or the app's update), and a new launch starts with nothing.
@Suite("ProcessMemory")
struct ProcessMemoryTests {
  @Test("what the watch app keeps reads back until a kill, then as nothing, until the next launch keeps it again")
  func watchMemory() throws {
    var world = try ChannelTests.world()
    var memory = ProcessMemory<[Int]>(of: .watchApp)
    #expect(memory.value == nil, "nothing kept yet")
    memory.keep([0], in: world)
    #expect(memory.value == nil, "no process runs to keep it")
    let launched = world.openWatchApp()
    #expect(launched)
    memory.keep([1], in: world)
    let length = memory.modify { list -> Int in
      list.append(2)
      return list.count
    }
    #expect(length == 2 && memory.value == [1, 2])
    let copy = memory
    world.killWatchApp()
    var queue = EngineQueue()
    queue.take(from: &world)  // the engine carries out the kill before the watch app is opened again
    #expect(memory.value == nil && copy.value == nil, "every copy forgets it")
    let changed: Void? = memory.modify { $0.append(3) }
    #expect(changed == nil && memory.value == nil, "nothing to change")
    let relaunched = world.openWatchApp()
    #expect(relaunched)
    #expect(memory.value == nil, "a new launch starts with nothing")
    memory.keep([4], in: world)
    #expect(memory.value == [4])
  }

  @Test("the app's memory ends with the app, at a kill as at the update; the widget extension's at its kill")
  func appAndExtensionMemory() throws {
    var world = try ChannelTests.world()
    var app = ProcessMemory<Int>(of: .app)
    let (first, second) = (world.launchApp(), world.launchApp())
    #expect(first && !second, "launched once")
    app.keep(1, in: world)
    world.killApp()
    #expect(app.value == nil && !world.appRunning)
    let again = world.launchApp()
    #expect(again)
    app.keep(2, in: world)
    world.updateInstalled()
    #expect(app.value == nil && !world.appRunning && world.appVersion == 2 && world.widgetInstalled)
    var widget = ProcessMemory<Int>(of: .widgetExtension)
    let (extensionFirst, extensionSecond) = (world.launchWidgetExtension(), world.launchWidgetExtension())
    #expect(extensionFirst && !extensionSecond)
    widget.keep(3, in: world)
    #expect(widget.value == 3)
    world.killWidgetExtension()
    #expect(widget.value == nil && !world.widgetExtensionRunning)
  }
}
