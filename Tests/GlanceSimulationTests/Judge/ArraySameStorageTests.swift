@testable import GlanceSimulation
import Testing

/// `hasSameStorage(as:)` is the judge's shortcut for "the store handed me the same keys": a copy
/// shares its storage until one side is written, equal arrays made apart never do.
@Suite("Array same storage")
struct ArraySameStorageTests {
  @Test("a copy has the same storage until written; equal arrays made apart do not")
  func storageIsIdentity() {
    let keys = Array(0..<100)
    var copy = keys
    #expect(copy.hasSameStorage(as: keys))
    copy[3] = 3  // the same value, written: the copy gets its own buffer
    #expect(!copy.hasSameStorage(as: keys))
    #expect(copy == keys)
    #expect(!Array(0..<100).hasSameStorage(as: keys))
    #expect(!Array(keys.dropLast()).hasSameStorage(as: keys))
  }
}
