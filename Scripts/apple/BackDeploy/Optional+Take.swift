// Swift 6.0's `Optional.take()` (SE-0437), for an SDK whose standard library predates it.
// Compiled into each Glance module by Scripts/apple/typecheck.sh only when the SDK's
// Swift.swiftinterface lacks it; a current Xcode has it and builds without this file.
extension Optional {
  mutating func take() -> Wrapped? {
    let value = self
    self = nil
    return value
  }
}
