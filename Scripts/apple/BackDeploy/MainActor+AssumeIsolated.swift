// Swift 5.9's `MainActor.assumeIsolated(_:)` (SE-0392, back-deployed to iOS 13), for an SDK
// whose concurrency library predates it. Compiled into each Glance module by
// Scripts/apple/typecheck.sh only when the SDK's _Concurrency.swiftinterface lacks it. Only
// type-checked, never run: it trusts the caller, as the real one does after its check.
extension MainActor {
  static func assumeIsolated<T: Sendable>(_ operation: @MainActor () throws -> T) rethrows -> T {
    try withoutActuallyEscaping(operation) { operation in
      try unsafeBitCast(operation, to: (() throws -> T).self)()
    }
  }
}
