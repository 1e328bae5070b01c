import GlanceKernel
import Testing

// The counter exists only with the `InternalChecks` trait (`make test` enables it) in a build
// that uses GMP (the `GMP` trait, on Linux and macOS); without them the suite says it did not run.
#if GLANCE_INTERNAL_CHECKS && GLANCE_GMP

  @Suite("GMP boxes")
  struct GMPLeakTests {
    /// Runs in a process of its own (an exit test), so that no other test's boxes are counted.
    @Test("every GMP box allocated by a heavy workload is freed")
    func noBoxLeaks() async {
      await #expect(processExitsWith: .success) {
        precondition(GMPDiagnostics.liveBoxCount == 0, "boxes alive before the workload")
        var peak = 0
        do {
          let huge = try Money(canonical: "123456789012345678901234567890.12", currency: .chf)
          var total = Money.zero(.chf)
          var amounts: [Money] = []
          for step in 1...2000 {
            let amount = huge.multiplied(by: step) - Money(minorUnits: Int64.max, currency: .chf)
            amounts.append(amount)
            total += amount
            var fused = amount
            fused.add(huge, times: step)  // fused multiply-add into a box of its own
            fused.add(fused, times: -1)  // into a shared box: copied, then back to zero, freed
            var copy = total
            copy += copy  // shared box: copy-on-write path
            _ = copy.formatted(.full)
            _ = try amount.allocated(byWeights: [1, 2, 3])
            _ = amount.multiplied(by: Ratio(numerator: step, denominator: 7), rounding: .halfEven)
            _ = try Money.parse(userInput: amount.formatted(.full), currency: .chf)
            peak = max(peak, GMPDiagnostics.liveBoxCount)
          }
          precondition(Money.sum(amounts, currency: .chf) == total, "sum mismatch")
          let steps = Array(1...amounts.count)
          precondition(
            Money.sum(of: amounts, times: steps, currency: .chf)
              == Money.sum(zip(amounts, steps).map { $0 * $1 }, currency: .chf), "sum of products mismatch")
        } catch {
          preconditionFailure("workload threw \(error)")
        }
        precondition(peak > 2000, "the workload did not use GMP (peak \(peak))")
        let live = GMPDiagnostics.liveBoxCount
        precondition(live == 0, "\(live) GMP boxes leaked")
      }
    }
  }
#else
  @Suite("GMP boxes")
  struct GMPLeakTests {
    @Test(
      "every GMP box allocated by a heavy workload is freed",
      .disabled("needs the InternalChecks and GMP traits: make test, or swift test --traits GMP,InternalChecks"))
    func noBoxLeaks() {}
  }
#endif
