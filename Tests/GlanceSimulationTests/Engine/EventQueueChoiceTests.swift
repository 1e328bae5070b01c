import GlanceKernel
import Testing

@testable import GlanceSimulation

/// The queue's side of the order of simultaneous events: how many are due first, and popping the
/// one chosen among them, checked against a sorted reference.
@Suite("EventQueue simultaneous events")
struct EventQueueChoiceTests {
  @Test("simultaneousCount counts the events due at the earliest time; pop(position:) takes the chosen one and keeps the rest in order")
  func popChosenAmongSimultaneous() {
    for seed in UInt64(1)...60 {
      var picker = RandomStream(seed: seed)
      var queue = EventQueue<Int>(capacityMax: 256)
      // The reference: (time, push index), sorted by both.
      var pending: [(time: Int64, event: Int)] = []
      for event in 0..<picker.uniform(in: 1...80) {
        let time = Int64(picker.uniform(in: 0...6))
        queue.push(event, at: Instant(millisecondsSince1970: time))
        pending.append((time, event))
      }
      while !pending.isEmpty {
        pending.sort { ($0.time, $0.event) < ($1.time, $1.event) }
        let due = pending.filter { $0.time == pending[0].time }
        #expect(queue.simultaneousCount() == due.count, "seed \(seed)")
        let position = picker.uniform(in: 0...(due.count - 1))
        let popped = queue.pop(position: position)
        #expect(popped?.event == due[position].event && popped?.time.millisecondsSince1970 == due[position].time, "seed \(seed)")
        pending.removeAll { $0.event == due[position].event }
        queue._checkInvariants()
      }
      #expect(queue.isEmpty && queue.simultaneousCount() == 0)
    }
  }
}
