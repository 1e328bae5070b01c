// Swift 6.0's `Sequence.count(where:)` (SE-0220), for an SDK whose standard library predates it.
// Compiled into each Glance module by Scripts/apple/typecheck.sh only when the SDK's
// Swift.swiftinterface lacks it; a current Xcode has it and builds without this file.
extension Sequence {
  func count(where predicate: (Element) throws -> Bool) rethrows -> Int {
    var count = 0
    for element in self where try predicate(element) { count += 1 }
    return count
  }
}
