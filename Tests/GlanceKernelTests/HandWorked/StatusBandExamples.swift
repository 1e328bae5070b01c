import GlanceKernel
import Testing

/// MirrorSmoker's status bands (`ContentView.swift`), which the app has no test for, worked out
/// by hand. The rule: 0 is perfect; below 50 % of the limit excellent; below 80 % good; below
/// 100 % near the limit; the limit itself reached; above it exceeded by the difference.
@Suite("Hand-worked: status bands")
struct StatusBandExamples {
  /// Limit 7. 50 % of 7 is 3.5, so 1, 2 and 3 are below it; 80 % of 7 is 5.6, so 4 and 5 are
  /// below it; 6 is below 7; 7 is the limit; 9 is 2 over.
  @Test(
    "limit 7: 3 is excellent (3 < 3.5), 4 good (4 ≥ 3.5), 5 good (5 < 5.6), 6 near (6 ≥ 5.6), 9 exceeded by 2",
    arguments: [
      (0, StatusBand.perfect), (1, .excellent), (3, .excellent), (4, .good), (5, .good), (6, .nearLimit),
      (7, .limitReached), (8, .exceeded(by: 1)), (9, .exceeded(by: 2)),
    ])
  func limitSeven(count: Int, band: StatusBand) {
    #expect(StatusBand(count: count, limit: 7) == band)
  }

  /// Limit 20: 50 % is 10 (so 10 is *not* below it: good), 80 % is 16 (16 is near the limit).
  @Test(
    "limit 20: 9 excellent, 10 good (exactly 50 %), 15 good, 16 near (exactly 80 %), 19 near, 20 reached",
    arguments: [(9, StatusBand.excellent), (10, .good), (15, .good), (16, .nearLimit), (19, .nearLimit), (20, .limitReached)])
  func limitTwenty(count: Int, band: StatusBand) {
    #expect(StatusBand(count: count, limit: 20) == band)
  }

  /// Limit 2: 50 % is 1, so 1 is not below it (good); there is no "excellent" count at all.
  /// Limit 1: 1 is the limit. Limit 0 (the quit day): any cigarette exceeds it by itself.
  @Test("tiny limits: limit 2 has no excellent count, limit 1 is reached at once, limit 0 is exceeded by any")
  func tinyLimits() {
    #expect(StatusBand(count: 1, limit: 2) == .good)
    #expect(StatusBand(count: 2, limit: 2) == .limitReached)
    #expect(StatusBand(count: 1, limit: 1) == .limitReached)
    #expect(StatusBand(count: 0, limit: 0) == .perfect)
    #expect(StatusBand(count: 2, limit: 0) == .exceeded(by: 2))
  }
}
