import Testing

@testable import GlanceSimulation

/// The door's laws: its random implementation draws exactly what the labelled streams drew
/// before it (``RandomStream``, kept as the reference), recording changes no value, and the
/// choices with a default take it without drawing.
@Suite("Choices")
struct ChoicesTests {
  static let labels = ["workload", "world.latency", "faults.kill.step", "world.messages"]

  /// One draw the differential test makes, picked by a stream of its own.
  enum Draw {
    case uniform(ClosedRange<Int64>), count(mean: Int, spread: Int), happens(Chance), word
  }

  /// A draw picked by `picker`: its kind and arguments.
  static func draw(_ picker: inout RandomStream) -> Draw {
    switch picker.uniform(in: 0...3) {
    case 0:
      let low = picker.uniform(in: Int64(-1_000)...1_000)
      return .uniform(low...(low + picker.uniform(in: Int64(0)...100_000)))
    case 1: return .count(mean: picker.uniform(in: 0...20), spread: picker.uniform(in: 0...5))
    case 2:
      let denominator = UInt64(picker.uniform(in: 1...20))
      return .happens(Chance(numerator: UInt64(picker.uniform(in: 0...Int(denominator))), denominator: denominator))
    default: return .word
    }
  }

  /// `draw` from the reference stream.
  static func reference(_ draw: Draw, _ stream: inout RandomStream) -> Int64 {
    switch draw {
    case .uniform(let range): return stream.uniform(in: range)
    case .count(let mean, let spread): return Int64(stream.count(mean: mean, spread: spread))
    case .happens(let chance): return stream.happens(chance) ? 1 : 0
    case .word: return Int64(bitPattern: stream.next())
    }
  }

  /// `draw` through the door.
  static func door(_ draw: Draw, _ choices: inout Choices, _ stream: ChoiceStream) -> Int64 {
    switch draw {
    case .uniform(let range): return choices.uniform(in: range, from: stream)
    case .count(let mean, let spread): return Int64(choices.count(mean: mean, spread: spread, from: stream))
    case .happens(let chance): return choices.happens(chance, from: stream) ? 1 : 0
    case .word: return Int64(bitPattern: choices.word(from: stream))
    }
  }

  @Test("the random door and the recording door draw what each label's RandomStream draws, interleaved in any order")
  func randomDoorMatchesLabelledStreams() {
    for seed in UInt64(0)..<40 {
      var picker = RandomStream(seed: 1_000 + seed)
      var streams = Self.labels.map { RandomStream.derived(root: seed, label: $0) }
      var random = Choices(seed: seed)
      var recording = Choices(seed: seed, recordingAs: ChoiceSectionName("test"))
      var expected: [Int64] = []
      for _ in 0..<300 {
        let which = picker.uniform(in: 0...(Self.labels.count - 1))
        let draw = Self.draw(&picker)
        let value = Self.reference(draw, &streams[which])
        // Opened lazily, in the order the picker first names them: the order changes nothing.
        let label = ChoiceLabel(Self.labels[which])
        #expect(Self.door(draw, &random, random.open(label)) == value, "seed \(seed), \(label)")
        #expect(Self.door(draw, &recording, recording.open(label)) == value, "seed \(seed), \(label) (recording)")
        expected.append(value)
      }
      #expect(recording.recording?.choices.map(\.value) == expected)
      #expect(random.recording == nil)
    }
  }

  @Test("a recording door records each choice's label, kind and value, a count as a uniform choice over its range")
  func recordingNamesEachChoice() throws {
    var door = Choices(seed: 42, recordingAs: ChoiceSectionName("test"))
    let workload = door.open(ChoiceLabel("workload"))
    let latency = door.open(ChoiceLabel("world.latency"))
    let count = door.count(mean: 1, spread: 2, from: workload)
    let latencyValue = door.uniform(in: Int64(50)...500, from: latency)
    let happened = door.happens(Chance(numerator: 1, denominator: 4), from: workload)
    let section = try #require(door.recording)
    #expect(section.name == ChoiceSectionName("test"))
    #expect(
      section.choices == [
        Choice(point: ChoicePoint(label: ChoiceLabel("workload"), kind: .uniform(0...3)), value: Int64(count)),
        Choice(point: ChoicePoint(label: ChoiceLabel("world.latency"), kind: .uniform(50...500)), value: latencyValue),
        Choice(
          point: ChoicePoint(label: ChoiceLabel("workload"), kind: .chance(Chance(numerator: 1, denominator: 4))), value: happened ? 1 : 0),
      ])
    #expect(door.count == 3)
  }

  @Test("the choices with a default take it without drawing: the streams' next draws are unmoved")
  func defaultsDrawNothing() throws {
    var random = Choices(seed: 9)
    var recording = Choices(seed: 9, recordingAs: ChoiceSectionName("test"))
    #expect(random.first(among: 3) == 0 && random.grants())
    #expect(recording.first(among: 3) == 0 && recording.grants())
    var reference = RandomStream.derived(root: 9, label: "world.latency")
    let expected = reference.uniform(in: Int64(50)...500)
    #expect(random.uniform(in: Int64(50)...500, from: random.open(ChoiceLabel("world.latency"))) == expected)
    #expect(recording.uniform(in: Int64(50)...500, from: recording.open(ChoiceLabel("world.latency"))) == expected)
    let recorded = try #require(recording.recording).choices
    #expect(recorded.count == 3)
    #expect(recorded[0] == Choice(point: ChoicePoint(label: .eventOrder, kind: .first(among: 3)), value: 0))
    #expect(recorded[1] == Choice(point: ChoicePoint(label: .reloadGrant, kind: .grant), value: 1))
    #expect(!random.isWatched && recording.isWatched)
  }

  @Test("a sourced door answers with its source's values, checked against the kinds")
  func sourcedDoorFeedsValues() {
    let section = ChoiceSection(
      name: ChoiceSectionName("test"),
      choices: [
        Choice(point: ChoicePoint(label: ChoiceLabel("world.latency"), kind: .uniform(50...500)), value: 77),
        Choice(point: ChoicePoint(label: .eventOrder, kind: .first(among: 4)), value: 3),
        Choice(point: ChoicePoint(label: .reloadGrant, kind: .grant), value: 0),
      ])
    var door = Choices(seed: 1, section: section.name, source: ChoiceReplay(section))
    #expect(door.uniform(in: Int64(50)...500, from: door.open(ChoiceLabel("world.latency"))) == 77)
    #expect(door.first(among: 4) == 3)
    let granted = door.grants()
    #expect(!granted)
    door.finish()
    #expect(door.failure == nil)
  }

  /// A source that answers `value` to everything.
  struct Constant: ChoiceSource {
    let value: Int64
    func choose(_ point: ChoicePoint) throws(ChoiceReplayError) -> Int64 { value }
    func finish() throws(ChoiceReplayError) {}
  }

  @Test("an answer the kind does not admit stops the door with a typed failure, and the source is not asked again")
  func inadmissibleAnswerFails() {
    var door = Choices(seed: 1, section: ChoiceSectionName("test"), source: Constant(value: 7))
    let latency = door.open(ChoiceLabel("world.latency"))
    #expect(door.uniform(in: Int64(1)...10, from: latency) == 7)
    let placeholder = door.uniform(in: Int64(50)...500, from: latency)
    let point = ChoicePoint(label: ChoiceLabel("world.latency"), kind: .uniform(50...500))
    #expect(door.failure == .inadmissible(section: ChoiceSectionName("test"), index: 1, point: point, value: 7))
    #expect((50...500).contains(placeholder))
    _ = door.happens(Chance(numerator: 1, denominator: 2), from: latency)
    #expect(
      door.failure == .inadmissible(section: ChoiceSectionName("test"), index: 1, point: point, value: 7), "the first failure is kept")
  }

  @Test("each kind admits exactly its values, worked by hand")
  func kindsAdmitTheirValues() {
    #expect(ChoiceKind.uniform(3...5).admits(3) && ChoiceKind.uniform(3...5).admits(5))
    #expect(!ChoiceKind.uniform(3...5).admits(2) && !ChoiceKind.uniform(3...5).admits(6))
    #expect(ChoiceKind.uniform(3...5).alternatives == 3)
    #expect(ChoiceKind.uniform(Int64.min...Int64.max).alternatives == nil, "2^64 values: more than a UInt64 holds")
    #expect(ChoiceKind.uniform((Int64.min + 1)...Int64.max).alternatives == UInt64.max)
    #expect(ChoiceKind.uniform(7...7).alternatives == 1)
    let never = ChoiceKind.chance(Chance(numerator: 0, denominator: 5))
    let always = ChoiceKind.chance(Chance(numerator: 5, denominator: 5))
    let sometimes = ChoiceKind.chance(Chance(numerator: 1, denominator: 4))
    #expect(never.admits(0) && !never.admits(1) && never.alternatives == 1)
    #expect(always.admits(1) && !always.admits(0) && always.alternatives == 1)
    #expect(sometimes.admits(0) && sometimes.admits(1) && !sometimes.admits(2) && sometimes.alternatives == 2)
    #expect(ChoiceKind.first(among: 3).admits(2) && !ChoiceKind.first(among: 3).admits(3) && !ChoiceKind.first(among: 3).admits(-1))
    #expect(ChoiceKind.grant.admits(0) && ChoiceKind.grant.admits(1) && !ChoiceKind.grant.admits(2))
    #expect(ChoiceKind.first(among: 3).defaultValue == 0 && ChoiceKind.grant.defaultValue == 1)
    #expect(ChoiceKind.word.admits(Int64.min) && ChoiceKind.word.alternatives == nil && ChoiceKind.word.defaultValue == nil)
  }
}
