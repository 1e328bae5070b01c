// Swift 6.0's `Result.get() throws(Failure)` (SE-0413), for an SDK whose standard library still
// declares `get() throws`. Compiled into each Glance module by Scripts/apple/typecheck.sh only
// when the SDK's Swift.swiftinterface lacks it; this module's declaration shadows the standard
// library's. A current Xcode has it and builds without this file.
extension Result {
  func get() throws(Failure) -> Success {
    switch self {
    case .success(let success): success
    case .failure(let failure): throw failure
    }
  }
}
