import GlanceKernel
import GlanceSimulation
import PropertyBased
import Testing

/// A pending event in the reference model: its key and a payload equal to its push index.
private struct ReferenceEntry: Equatable {
  var time: Instant
  var sequence: UInt64
  var event: Int
}

private func at(_ milliseconds: Int64) -> Instant {
  Instant(millisecondsSince1970: milliseconds)
}

/// Pops everything, as `(time, sequence, event)` reference entries.
private func drain(_ queue: inout EventQueue<Int>) -> [ReferenceEntry] {
  var popped: [ReferenceEntry] = []
  while let next = queue.pop() {
    popped.append(ReferenceEntry(time: next.time, sequence: next.sequence, event: next.event))
  }
  return popped
}

/// The reference order: sort by `(time, sequence)`.
private func sortedReference(_ entries: [ReferenceEntry]) -> [ReferenceEntry] {
  entries.sorted { ($0.time, $0.sequence) < ($1.time, $1.sequence) }
}

@Suite("EventQueue")
struct EventQueueTests {
  @Test("an empty queue pops nil and has no next time")
  func emptyQueue() {
    var queue = EventQueue<Int>(capacityMax: 4)
    #expect(queue.isEmpty)
    #expect(queue.count == 0)
    #expect(queue.nextTime == nil)
    #expect(queue.pop() == nil)
    #expect(queue.capacityMax == 4)
  }

  @Test("events pop by time, and ties pop in push order")
  func tiesPopInPushOrder() {
    var queue = EventQueue<String>(capacityMax: 10)
    #expect(queue.push("b1", at: at(20)) == 0)
    #expect(queue.push("a1", at: at(10)) == 1)
    #expect(queue.push("b2", at: at(20)) == 2)
    #expect(queue.push("a2", at: at(10)) == 3)
    #expect(queue.push("b3", at: at(20)) == 4)
    #expect(queue.nextTime == at(10))
    #expect(queue.count == 5)
    var events: [String] = []
    var sequences: [UInt64] = []
    while let next = queue.pop() {
      events.append(next.event)
      sequences.append(next.sequence)
    }
    #expect(events == ["a1", "a2", "b1", "b2", "b3"])
    #expect(sequences == [1, 3, 0, 2, 4])
    #expect(queue.isEmpty)
  }

  @Test("sequences keep counting after pops and removals")
  func sequencesAreNeverReused() {
    var queue = EventQueue<Int>(capacityMax: 10)
    queue.push(0, at: at(5))
    queue.push(1, at: at(5))
    _ = queue.pop()
    queue.removeAll { _ in true }
    #expect(queue.isEmpty)
    #expect(queue.push(2, at: at(0)) == 2)
  }

  @Test("removeAll(where:) removes the matching events and keeps the rest in order")
  func removeAllKeepsOrder() {
    var queue = EventQueue<Int>(capacityMax: 20)
    // Times 4, 3, 3, 3, 2, 2, 2, 1, 1, 1, 0, 0 for events 0…11.
    for index in 0..<12 { queue.push(index, at: at(Int64(12 - index) / 3)) }
    queue.removeAll { $0 % 3 == 0 }
    queue._checkInvariants()
    #expect(queue.count == 8)
    #expect(drain(&queue).map(\.event) == [10, 11, 7, 8, 4, 5, 1, 2])
  }

  @Test("the queue accepts exactly capacityMax events")
  func fillsToCapacity() {
    var queue = EventQueue<Int>(capacityMax: 3)
    for index in 0..<3 { queue.push(index, at: at(0)) }
    #expect(queue.count == 3)
    _ = queue.pop()
    queue.push(3, at: at(0))
    #expect(queue.count == 3)
  }

  @Test("pushing beyond capacityMax is a precondition failure")
  func pushBeyondCapacity() async {
    await #expect(processExitsWith: .failure) {
      var queue = EventQueue<Int>(capacityMax: 2)
      queue.push(0, at: Instant(millisecondsSince1970: 0))
      queue.push(1, at: Instant(millisecondsSince1970: 1))
      queue.push(2, at: Instant(millisecondsSince1970: 2))
    }
  }

  @Test("a non-positive capacityMax is a precondition failure")
  func zeroCapacity() async {
    await #expect(processExitsWith: .failure) {
      _ = EventQueue<Int>(capacityMax: 0)
    }
  }
}

@Suite("EventQueue properties")
struct EventQueueProperties {
  /// Push times drawn from a small window so that many of them tie.
  static var times: Generator<[Int64], some SendableSequenceType> {
    Gen.int64(in: 0...20).array(of: 0...200)
  }

  /// A script of operations: `-1` pops, any other value pushes at that time.
  static var operations: Generator<[Int64], some SendableSequenceType> {
    Gen.int64(in: -1...15).array(of: 0...300)
  }

  @Test("pops come out in (time, sequence) order, the same as a sorted reference")
  func popsInSortedOrder() async {
    await propertyCheck(count: 300, input: Self.times) { times in
      var queue = EventQueue<Int>(capacityMax: 256)
      var reference: [ReferenceEntry] = []
      for (index, time) in times.enumerated() {
        let sequence = queue.push(index, at: at(time))
        #expect(sequence == UInt64(index))
        reference.append(ReferenceEntry(time: at(time), sequence: sequence, event: index))
      }
      queue._checkInvariants()
      #expect(queue.nextTime == reference.map(\.time).min())
      let popped = drain(&queue)
      #expect(popped == sortedReference(reference))
    }
  }

  @Test("interleaved pushes and pops match a sorted-list model")
  func interleavedMatchesModel() async {
    await propertyCheck(count: 300, input: Self.operations) { operations in
      var queue = EventQueue<Int>(capacityMax: 512)
      var model: [ReferenceEntry] = []
      for (index, operation) in operations.enumerated() {
        if operation < 0 {
          model = sortedReference(model)
          let expected = model.isEmpty ? nil : model.removeFirst()
          let popped = queue.pop().map {
            ReferenceEntry(time: $0.time, sequence: $0.sequence, event: $0.event)
          }
          #expect(popped == expected)
        } else {
          let sequence = queue.push(index, at: at(operation))
          model.append(ReferenceEntry(time: at(operation), sequence: sequence, event: index))
        }
        #expect(queue.count == model.count)
      }
      queue._checkInvariants()
      #expect(drain(&queue) == sortedReference(model))
    }
  }

  @Test("removeAll(where:) removes exactly the matching events and keeps the order of the rest")
  func removeAllKeepsOrderOfTheRest() async {
    await propertyCheck(count: 300, input: Self.times, Gen.int(in: 1...5), Gen.int(in: 0...4)) {
      times, modulus, remainder in
      var queue = EventQueue<Int>(capacityMax: 256)
      var reference: [ReferenceEntry] = []
      for (index, time) in times.enumerated() {
        let sequence = queue.push(index, at: at(time))
        reference.append(ReferenceEntry(time: at(time), sequence: sequence, event: index))
      }
      _ = queue.pop()
      reference = Array(sortedReference(reference).dropFirst())
      let target = remainder % modulus
      queue.removeAll { $0 % modulus == target }
      queue._checkInvariants()
      let kept = reference.filter { $0.event % modulus != target }
      #expect(queue.count == kept.count)
      #expect(drain(&queue) == sortedReference(kept))
    }
  }
}
