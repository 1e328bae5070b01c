import GlanceKernel

/// `2026-03-10T13:44:43.020Z`: the text of ``GlanceKernel/Instant``'s `description`, read back.
enum InstantText {
  /// The years an instant of a scenario file may fall in (those of a start date).
  static let years: ClosedRange<Int> = 1900...2199

  /// The instant `text` names, written exactly as `Instant.description` writes it
  /// (`YYYY-MM-DDTHH:MM:SS.mmmZ`, UTC, a four-digit year): `nil` for any other text or a time
  /// that does not exist (hour 24, second 60).
  ///
  /// Law: `parse(instant.description) == instant` for every instant in ``years``, and
  /// `parse(text).map(\.description) == text` whenever it is not `nil`.
  static func parse(_ text: String) -> Instant? {
    let bytes = Array(text.utf8)
    guard bytes.count == 24, bytes[10] == UInt8(ascii: "T"), bytes[13] == UInt8(ascii: ":"),
      bytes[16] == UInt8(ascii: ":"), bytes[19] == UInt8(ascii: "."), bytes[23] == UInt8(ascii: "Z")
    else { return nil }
    func number(_ range: Range<Int>) -> Int64? {
      var value: Int64 = 0
      for index in range {
        guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) else { return nil }
        value = value * 10 + Int64(bytes[index] - UInt8(ascii: "0"))
      }
      return value
    }
    let date: CivilDate
    do throws(CivilDateError) {
      // 10 ASCII bytes checked above to be followed by "T": the date's own grammar decides.
      date = try CivilDate(iso8601: String(decoding: bytes[0..<10], as: UTF8.self))
    } catch {
      return nil
    }
    guard bytes[0] != UInt8(ascii: "+"), bytes[0] != UInt8(ascii: "-"),
      let hours = number(11..<13), let minutes = number(14..<16), let seconds = number(17..<19),
      let milliseconds = number(20..<23), hours < 24, minutes < 60, seconds < 60
    else { return nil }
    let ofDay = ((hours * 60 + minutes) * 60 + seconds) * 1000 + milliseconds
    let instant = Instant(millisecondsSince1970: date.dayNumber * Instant.millisecondsPerDay + ofDay)
    assert(instant.description == text, "\(text) reads as \(instant), which writes differently")
    return instant
  }
}
