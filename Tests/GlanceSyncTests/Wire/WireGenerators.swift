import Foundation
import GlanceKernel
import GlanceSync
import GlanceTestSupport
import PropertyBased

/// Generators for the wire format's properties (test targets cannot share generators, so these
/// are this folder's own).
///
/// Ids come from drawn bytes (never `UUID()`); instants span all of `Int64` (negative ones and
/// the extremes included); amounts reach far beyond `Int64` minor units through the canonical
/// parser (decimal strings of 20 to 60 digits); notes and titles mix ASCII controls, NUL,
/// Latin-1, combining marks, CJK and emoji; orders span all of `Int`. Digests are made lawful
/// by construction (sorted, distinct ids; dates at or after `from`; early tombstones aimed at
/// events of the digest), never by filtering.
enum WireGen {
  /// Any UUID.
  static var uuid: Generator<UUID, some SendableSequenceType> {
    zip(Gen.uint64(), Gen.uint64()).map { high, low in uuid(high: high, low: low) }
  }

  /// The UUID whose 16 bytes are `high` then `low`, most significant byte first.
  static func uuid(high: UInt64, low: UInt64) -> UUID {
    func byte(_ word: UInt64, _ index: Int) -> UInt8 { UInt8(truncatingIfNeeded: word >> (56 - 8 * index)) }
    return UUID(
      uuid: (
        byte(high, 0), byte(high, 1), byte(high, 2), byte(high, 3),
        byte(high, 4), byte(high, 5), byte(high, 6), byte(high, 7),
        byte(low, 0), byte(low, 1), byte(low, 2), byte(low, 3),
        byte(low, 4), byte(low, 5), byte(low, 6), byte(low, 7)
      ))
  }

  /// Instants in four bands: anything, around 1970 (negative included), around today, and
  /// within 1,000 ms of `Int64.min` or `Int64.max`.
  static var instant: Generator<Instant, some SendableSequenceType> {
    zip(
      Gen.int(in: 0...3), Gen.int64(), Gen.int64(in: -1_000...1_000),
      Gen.int64(in: -100_000_000_000...100_000_000_000)
    ).map { band, any, small, wide -> Instant in
      switch band {
      case 0: return Instant(millisecondsSince1970: any)
      case 1: return Instant(millisecondsSince1970: small)
      case 2: return Instant(millisecondsSince1970: 1_711_800_000_000 + wide)
      default:
        let edge = small >= 0 ? Int64.max - small : Int64.min + (-small)
        return Instant(millisecondsSince1970: edge)
      }
    }
  }

  /// Amounts in either currency: small, anywhere in `Int64` minor units, or 20 to 60 decimal
  /// digits (beyond `Int64`, at most 62 bytes of canonical text).
  static var money: Generator<Money, some SendableSequenceType> {
    zip(
      Gen.int(in: 0...2), Gen.int64(in: -100_000...100_000), Gen.int64(),
      Gen.number.string(of: 20...60), Gen.bool, Gen.bool
    ).map { band, small, any, digits, negative, euro -> Money in
      let currency: Currency = euro ? .eur : .chf
      switch band {
      case 0: return Money(minorUnits: small, currency: currency)
      case 1: return Money(minorUnits: any, currency: currency)
      default: return hugeMoney(digits: digits, negative: negative, currency: currency)
      }
    }
  }

  /// The amount whose minor units are `digits` (leading zeros dropped), built from canonical
  /// text rather than arithmetic.
  static func hugeMoney(digits: String, negative: Bool, currency: Currency) -> Money {
    let trimmed = digits.drop { $0 == "0" }
    let whole = trimmed.isEmpty ? "0" : String(trimmed)
    let padded = String(repeating: "0", count: max(0, 3 - whole.count)) + whole
    let text = (negative ? "-" : "") + padded.dropLast(2) + "." + padded.suffix(2)
    do {
      return try Money(canonical: text, currency: currency)
    } catch {
      preconditionFailure("the generator built invalid canonical text \(text): \(error)")
    }
  }

  /// Scalars from several scripts: ASCII (controls and NUL included), Latin-1, combining marks,
  /// CJK, and emoji beyond the Basic Multilingual Plane (4-byte UTF-8).
  static var scalar: Generator<Unicode.Scalar, some SendableSequenceType> {
    zip(Gen.int(in: 0...5), Gen.uint32(in: 0...0xFFFF)).map { band, draw -> Unicode.Scalar in
      func pick(_ low: UInt32, _ high: UInt32) -> Unicode.Scalar {
        Unicode.Scalar(low + draw % (high - low + 1)) ?? "?"
      }
      switch band {
      case 0, 1: return pick(0x00, 0x7F)
      case 2: return pick(0xA0, 0xFF)
      case 3: return pick(0x0300, 0x036F)
      case 4: return pick(0x4E00, 0x9FFF)
      default: return pick(0x1F300, 0x1FAFF)
      }
    }
  }

  /// Notes of 0 to 40 scalars (up to 160 bytes), mixed scripts.
  static var note: Generator<String, some SendableSequenceType> {
    scalar.array(of: 0...40).map { scalars -> String in
      var view = String.UnicodeScalarView()
      view.append(contentsOf: scalars)
      return String(view)
    }
  }

  /// Orders of tasks and steps: half small (negative ones and zero included), half anywhere in
  /// `Int`, its extremes reached.
  static var order: Generator<Int, some SendableSequenceType> {
    zip(Gen.bool, Gen.int(), Gen.int(in: -3...3)).map { wide, any, small in wide ? any : small }
  }

  /// Every kind, with about as many of each; a task's title is drawn like a note (mixed scripts,
  /// at most 160 bytes).
  static var kind: Generator<EventKind, some SendableSequenceType> {
    zip(Gen.int(in: 0...8), uuid, uuid, money, note, order).map {
      tag, id, other, amount, note, order -> EventKind in
      switch tag {
      case 0: return .add
      case 1: return .remove(target: EventID(id))
      case 2: return .complete(step: StepID(id))
      case 3: return .uncomplete(step: StepID(id))
      case 4: return .expense(amount: amount, note: note)
      case 5: return .defineTask(TaskID(id), title: note, order: order)
      case 6: return .removeTask(TaskID(id))
      case 7: return .defineStep(StepID(id), task: TaskID(other), order: order)
      default: return .removeStep(StepID(id))
      }
    }
  }

  /// Any event (always encodable: notes, amounts and titles stay within the format's bounds).
  static var event: Generator<Event, some SendableSequenceType> {
    zip(uuid, kind, instant, Gen<Origin>.case).map { id, kind, instant, origin in
      Event(id: EventID(id), kind: kind, instant: instant, origin: origin)
    }
  }

  /// Lawful digests of 0 to 24 events.
  static var digest: Generator<TallyDigest, some SendableSequenceType> {
    zip(event.array(of: 0...24), instant, Gen.int64(in: 0...1_000_000), Gen.uint64())
      .map { events, fallbackFrom, slack, seed in lawfulDigest(events, fallbackFrom, slack, seed) }
  }

  /// A digest of `drawn` made lawful: ids sorted and distinct, `from` at or before every event
  /// that is not a tombstone (by up to `slack` ms), `asOf` after `from`, and every tombstone
  /// dated before `from` retargeted at an event of the digest (itself, another tombstone, or a
  /// counted event). Tombstones dated at or after `from` keep their drawn target, which the
  /// digest almost never holds (the phone may not hold it yet).
  static func lawfulDigest(
    _ drawn: [Event], _ fallbackFrom: Instant, _ slack: Int64, _ seed: UInt64
  )
    -> TallyDigest
  {
    var byID: [EventID: Event] = [:]
    for event in drawn { byID[event.id] = event }
    let sorted = byID.values.sorted { $0.id < $1.id }
    var words = SplitMix64(seed: seed)
    let counted = sorted.filter { if case .remove = $0.kind { false } else { true } }
    let earliest = counted.map(\.instant.millisecondsSince1970).min() ?? fallbackFrom.millisecondsSince1970
    let (lowered, underflow) = earliest.subtractingReportingOverflow(slack)
    let from = underflow ? Int64.min : lowered
    let (raised, overflow) = from.addingReportingOverflow(Int64(words.below(1_000_000)))
    let asOf = overflow ? Int64.max : raised
    let events = sorted.map { event -> Event in
      guard case .remove = event.kind, event.instant.millisecondsSince1970 < from else { return event }
      let target = sorted[words.below(sorted.count)].id
      return Event(id: event.id, kind: .remove(target: target), instant: event.instant, origin: event.origin)
    }
    return TallyDigest(
      asOf: Instant(millisecondsSince1970: asOf), from: Instant(millisecondsSince1970: from),
      events: events)
  }

  /// Events or digests, one in three a digest.
  static var message: Generator<PeerMessage, some SendableSequenceType> {
    zip(Gen.int(in: 0...2), event, digest).map { band, event, digest -> PeerMessage in
      band == 0 ? .tallyDigest(digest) : .event(event)
    }
  }

  /// Byte arrays of 0 to 64 bytes, half of them behind a valid header (so decoding reaches the
  /// body), most bytes drawn from the small values the format uses for tags and lengths.
  static var bytes: Generator<[UInt8], some SendableSequenceType> {
    zip(Gen.int(in: 0...3), Gen.uint8().array(of: 0...64), Gen.uint8(in: 0...8).array(of: 0...64))
      .map { band, any, small -> [UInt8] in
        switch band {
        case 0: return any
        case 1: return small
        case 2: return [0x47, 0x01, 0x01] + (any.count % 2 == 0 ? any : small)
        default: return [0x47, 0x01, 0x02] + (any.count % 2 == 0 ? any : small)
        }
      }
  }
}
