/// The one door through which a run reads every choice it makes: the workload's draws, the
/// latencies, the faults' draws, the order of events due at one instant and WidgetKit's grant of
/// a reload at its budget's edge (CONTRIBUTING.md, One door for every choice).
///
/// Each choice names its ``ChoicePoint``: the stable label of the stream it comes from and its
/// ``ChoiceKind`` (a value uniform in a range, a chance, which of `k` simultaneous events goes
/// first, a grant, a word). Three implementations stand behind the door:
///
/// - **random** (``init(seed:)``): each label reads its own ``RandomStream`` derived from the
///   seed and the label (``RandomStream/derived(root:label:)``), exactly as before the door
///   existed, so reports are byte-identical; a choice with a default (``ChoiceKind/defaultValue``)
///   takes it without drawing.
/// - **recording** (``init(seed:recordingAs:)``): the same draws, each also written down as a
///   ``Choice`` (label, kind, value); ``recording`` is the section made.
/// - **sourced** (``init(seed:section:source:)``): a ``ChoiceSource`` answers every choice (a
///   ``ChoiceReplay`` of a recording, or, later, an explorer that enumerates them).
///
/// The door is a concrete struct: the random path is an array access and one branch per draw,
/// never a call through an existential; only a sourced door calls its source.
///
/// A source that fails (a replay that meets a choice its recording does not hold) does not stop
/// the draw that met it: the door keeps the ``failure`` and answers that choice and each later
/// one with a placeholder (the kind's default, else its smallest value: a value the run could
/// have drawn) without asking again; the engine throws the failure when the play ends, before
/// anything else, so no placeholder reaches an outcome. (Checking after every event instead
/// cost the random door's sweeps measurably.)
///
/// ## Laws
/// - Random: for every label and every sequence of draws, the values are those of
///   `RandomStream.derived(root: seed, label: label)` drawn with the same calls
///   (`uniform(in:)`, `count(mean:spread:)`, `happens(_:)`, `next()`), and the order in which
///   labels are opened or interleaved changes nothing.
/// - Recording gives the same values as random and records each choice, defaults included, in
///   the order made.
/// - Sourced: each choice's value is the source's answer, which must be admitted by the kind;
///   the first failure is kept in ``failure`` and no later choice asks the source.
/// - ``isWatched`` is `false` only for the random door: callers may then skip finding the
///   choices with a default (counting simultaneous events, testing the budget's edge), which
///   the random door answers with their default.
public struct Choices: Sendable {
  private let seed: UInt64
  private var labels: [ChoiceLabel] = []
  private var streams: [RandomStream] = []
  /// Whether every choice is recorded or answered by a source, rather than only drawn.
  public let isWatched: Bool
  /// The section, recording, source, count and failure of a watched door; the shared, unchanged
  /// ``ChoiceWatch/unwatched`` for the random door (so the door is four words and a flag).
  private var watch: ChoiceWatch

  /// The random door: each label reads its seeded stream.
  public init(seed: UInt64) {
    self.seed = seed
    self.isWatched = false
    self.watch = .unwatched
  }

  /// The recording door: the random door's draws, each also recorded in ``recording``.
  public init(seed: UInt64, recordingAs section: ChoiceSectionName) {
    self.seed = seed
    self.isWatched = true
    self.watch = ChoiceWatch(section: section, recorded: [], source: nil)
  }

  /// The sourced door: `source` answers every choice of `section`.
  public init(seed: UInt64, section: ChoiceSectionName, source: some ChoiceSource) {
    self.seed = seed
    self.isWatched = true
    self.watch = ChoiceWatch(section: section, recorded: nil, source: source)
  }

  /// The section this door records or is answered for; `nil` for the random door.
  public var section: ChoiceSectionName? { isWatched ? watch.section : nil }

  /// How many choices a recording or sourced door made so far (0 for the random door, which
  /// does not count).
  public var count: Int { watch.count }

  /// The first failure of the source, if any: the play's outcome is not one, and the run
  /// throws it.
  public var failure: ChoiceReplayError? { watch.failure }

  /// What a recording door recorded so far; `nil` for the other doors.
  public var recording: ChoiceSection? {
    watch.recorded.map { ChoiceSection(name: watch.section, choices: $0) }
  }

  /// The handle of the stream labelled `label` (opened on first use; opening it again gives the
  /// same handle).
  ///
  /// - Complexity: O(number of labels opened), once per drawing place.
  public mutating func open(_ label: ChoiceLabel) -> ChoiceStream {
    if let index = labels.firstIndex(of: label) { return ChoiceStream(index: index) }
    labels.append(label)
    // A sourced door never draws (its source answers every choice): its streams are never read,
    // and deriving each from its label cost an exploration's every schedule.
    streams.append(watch.source == nil ? RandomStream.derived(root: seed, label: label.name) : RandomStream(seed: seed))
    return ChoiceStream(index: labels.count - 1)
  }

  /// A value uniform in `range` from `stream` (`RandomStream.uniform(in:)`).
  @inline(__always)
  public mutating func uniform(in range: ClosedRange<Int64>, from stream: ChoiceStream) -> Int64 {
    guard isWatched else { return streams[stream.index].uniform(in: range) }
    return watched(ChoicePoint(label: labels[stream.index], kind: .uniform(range)), stream) { $0.uniform(in: range) }
  }

  /// A value uniform in `range` from `stream`; the same choice as the `Int64` overload.
  public mutating func uniform(in range: ClosedRange<Int>, from stream: ChoiceStream) -> Int {
    // In range (the Int64 overload's value is in it), so the conversion cannot trap.
    Int(uniform(in: Int64(range.lowerBound)...Int64(range.upperBound), from: stream))
  }

  /// A count uniform in `max(0, mean − spread)...mean + spread` from `stream`
  /// (`RandomStream.count(mean:spread:)`): a ``ChoiceKind/uniform(_:)`` choice over that range.
  public mutating func count(mean: Int, spread: Int, from stream: ChoiceStream) -> Int {
    guard isWatched else { return streams[stream.index].count(mean: mean, spread: spread) }
    return uniform(in: RandomStream.countRange(mean: mean, spread: spread), from: stream)
  }

  /// Whether something of probability `chance` happens, from `stream` (`RandomStream.happens(_:)`).
  @inline(__always)
  public mutating func happens(_ chance: Chance, from stream: ChoiceStream) -> Bool {
    guard isWatched else { return streams[stream.index].happens(chance) }
    return watched(ChoicePoint(label: labels[stream.index], kind: .chance(chance)), stream) { $0.happens(chance) ? 1 : 0 } == 1
  }

  /// Whether a drawn fault of probability `chance` strikes, from `stream`: the same draw as
  /// ``happens(_:from:)``, and `true` is a fault taking effect (a bounding source may leave it
  /// out, ``ChoiceSource/choose(_:faultsFrom:)``).
  @inline(__always)
  public mutating func strikes(_ chance: Chance, from stream: ChoiceStream) -> Bool {
    guard isWatched else { return streams[stream.index].happens(chance) }
    return watched(ChoicePoint(label: labels[stream.index], kind: .chance(chance)), stream, faultsFrom: 1) {
      $0.happens(chance) ? 1 : 0
    } == 1
  }

  /// A value uniform in `range` from `stream`, the values above `onTimeMax` being a drawn fault
  /// taking effect (a reload served late): the same draw as `uniform(in:from:)` over `Int64`.
  ///
  /// `inert`: the caller knows every value gives the same play (the lateness of a reload that
  /// falls due after the play's final check, which therefore never fires). The choice is made,
  /// recorded and replayed as any other; a source is asked it with
  /// ``ChoiceSource/chooseInert(_:faultsFrom:)``, so that an explorer may play one value only
  /// (its first, never a drawn fault).
  @inline(__always)
  public mutating func uniform(
    in range: ClosedRange<Int64>, from stream: ChoiceStream, faultsAbove onTimeMax: Int64, inert: Bool = false
  ) -> Int64 {
    guard isWatched else { return streams[stream.index].uniform(in: range) }
    return watched(ChoicePoint(label: labels[stream.index], kind: .uniform(range)), stream, faultsFrom: onTimeMax + 1, inert: inert) {
      $0.uniform(in: range)
    }
  }

  /// Sixty-four bits from `stream` (`RandomStream.next()`).
  public mutating func word(from stream: ChoiceStream) -> UInt64 {
    guard isWatched else { return streams[stream.index].next() }
    return UInt64(bitPattern: watched(ChoicePoint(label: labels[stream.index], kind: .word), stream) { Int64(bitPattern: $0.next()) })
  }

  /// Which of `count` events due at one instant goes first, by their order of scheduling
  /// (``ChoiceLabel/eventOrder``); the default, `0`, is the earliest scheduled.
  ///
  /// `commuting`: the caller knows every order gives the same play (two widgets' reloads served
  /// at once, where neither can change what the other does). The choice is made, recorded and replayed as
  /// any other; a source is asked it with ``ChoiceSource/chooseInert(_:faultsFrom:)``, so that an
  /// explorer may play one order only.
  ///
  /// - Precondition: `count >= 2`.
  public mutating func first(among count: Int, commuting: Bool = false) -> Int {
    precondition(count >= 2, "a choice of the first event needs two or more events (got \(count))")
    guard isWatched else { return 0 }
    return Int(watched(ChoicePoint(label: .eventOrder, kind: .first(among: count)), nil, inert: commuting) { _ in 0 })
  }

  /// Whether WidgetKit grants a charged reload that would spend the last of its budget
  /// (``ChoiceLabel/reloadGrant``); the default is to grant.
  public mutating func grants() -> Bool {
    guard isWatched else { return true }
    return watched(ChoicePoint(label: .reloadGrant, kind: .grant), nil) { _ in 1 } == 1
  }

  /// The play ended normally: a source that expected more choices fails now (``failure``).
  public mutating func finish() {
    guard isWatched, watch.failure == nil, let source = watch.source else { return }
    do {
      try source.finish()
    } catch {
      unsharedWatch().failure = error
    }
  }

  /// A sourced door resumed from a snapshot (an exploration's): every later choice is answered
  /// by `source`, counted on from the choices made so far.
  ///
  /// - Precondition: the door is sourced and has not failed.
  mutating func resume(answeredBy source: some ChoiceSource) {
    precondition(watch.source != nil && watch.failure == nil, "only a sourced door that has not failed is resumed")
    let resumed = ChoiceWatch(section: watch.section, recorded: nil, source: source)
    resumed.count = watch.count
    watch = resumed
  }

  /// The watch, copied first when another door shares it.
  private mutating func unsharedWatch() -> ChoiceWatch {
    if !isKnownUniquelyReferenced(&watch) { watch = watch.copy() }
    return watch
  }

  /// A choice of a recording or sourced door: drawn from `stream` (or the kind's default) and
  /// recorded, or answered by the source and checked.
  private mutating func watched(
    _ point: ChoicePoint, _ stream: ChoiceStream?, faultsFrom: Int64? = nil, inert: Bool = false,
    draw: (inout RandomStream) -> Int64
  ) -> Int64 {
    let watch = unsharedWatch()
    let index = watch.count
    watch.count += 1
    guard watch.source != nil else {
      var value = point.kind.defaultValue ?? 0
      if let stream { value = draw(&streams[stream.index]) }
      watch.recorded?.append(Choice(point: point, value: value))
      return value
    }
    // A pattern, not `== nil`: the optional's `==` copied the error at every choice.
    guard case .none = watch.failure else { return Self.placeholder(point.kind) }
    let answer: Int64?
    do {
      if inert {
        answer = try watch.source?.chooseInert(point, faultsFrom: faultsFrom)
      } else if let faultsFrom {
        answer = try watch.source?.choose(point, faultsFrom: faultsFrom)
      } else {
        answer = try watch.source?.choose(point)
      }
    } catch {
      watch.failure = error
      return Self.placeholder(point.kind)
    }
    let value = answer ?? Self.placeholder(point.kind)
    guard point.kind.admits(value) else {
      watch.failure = .inadmissible(section: watch.section, index: index, point: point, value: value)
      return Self.placeholder(point.kind)
    }
    return value
  }

  /// A value of `kind` given after a failure, never reaching a report: its default, else its
  /// smallest value.
  private static func placeholder(_ kind: ChoiceKind) -> Int64 {
    if let value = kind.defaultValue { return value }
    switch kind {
    case .uniform(let range): return range.lowerBound
    case .chance(let chance): return chance.numerator == chance.denominator ? 1 : 0
    case .first, .grant, .word: return 0
    }
  }
}
