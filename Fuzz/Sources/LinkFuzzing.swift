import Foundation
import GlanceKernel

/// The link parsers on any text: `PulpeLink(parsing:)`, `EcoveloFinish(parsing:)` and
/// `resolve(_:)`, `URLQuery(parsing:)` (and through them the kernel's own URL splitter,
/// percent-decoder and UUID reader).
///
/// Laws checked (from the doc comments in `Sources/GlanceKernel/Links`):
/// - round trips: a parsed link, finish or query, written back (`url`, `percentEncoded`), parses
///   equal, and its written form is a fixed point;
/// - `resolve(text)` is the parsed finish, or `.error(fallbackMessage(for: error))`;
/// - a parsed error message holds no control character and at most `messageLengthMax` scalars;
/// - any text, as an error message without control characters, survives `url` and parsing; any
///   text survives `percentEncode` and decoding; a UUID made of the input's first 16 bytes
///   survives both Pulpe links;
/// - a query's written form holds only unreserved characters, `%XX` (uppercase), `=` and `&`;
/// - an error never carries a control character nor the whole of a long value (its description
///   is bounded whatever the input), and its byte positions lie in the text.
enum LinkFuzzing {
  /// A bound on an error's description: fixed words plus excerpts of at most
  /// `LinkError.excerptLengthMax` scalars (each control written as `\u{…}`, up to 8 scalars).
  static let descriptionScalarsMax = 200 + 2 * LinkError.excerptLengthMax * 8

  static func run(_ bytes: [UInt8]) {
    let text = String(decoding: bytes, as: UTF8.self)
    checkPulpeLink(text)
    checkFinish(text)
    checkQuery(text)
    checkMessage(text)
    checkUUID(bytes)
  }

  static func checkPulpeLink(_ text: String) {
    let link: PulpeLink
    do throws(LinkError) {
      link = try PulpeLink(parsing: text)
    } catch {
      checkError(error, in: text)
      return
    }
    let written = link.url
    let reread = try? PulpeLink(parsing: written)
    law(
      reread == link,
      "\(text.debugDescription) read as \(link), its url \(written) as \(String(describing: reread))"
    )
    law(reread?.url == written, "\(text.debugDescription): url \(written) is not a fixed point")
  }

  static func checkFinish(_ text: String) {
    let resolved = EcoveloFinish.resolve(text)
    let finish: EcoveloFinish
    do throws(LinkError) {
      finish = try EcoveloFinish(parsing: text)
    } catch {
      checkError(error, in: text)
      law(
        resolved == .error(message: EcoveloFinish.fallbackMessage(for: error)),
        "\(text.debugDescription): resolve gave \(resolved) for \(error)")
      return
    }
    let context = "\(text.debugDescription) read as \(finish)"
    law(resolved == finish, "\(context): resolve gave \(resolved)")
    if case .error(let message) = finish {
      law(!message.unicodeScalars.contains(where: isControl), "\(context): control character kept")
      law(
        message.unicodeScalars.count <= EcoveloFinish.messageLengthMax,
        "\(context): message longer than \(EcoveloFinish.messageLengthMax) scalars")
    }
    let written = finish.url
    let reread = try? EcoveloFinish(parsing: written)
    law(reread == finish, "\(context): its url \(written) reads as \(String(describing: reread))")
    law(reread?.url == written, "\(context): url \(written) is not a fixed point")
  }

  static func checkQuery(_ text: String) {
    let query: URLQuery
    do throws(LinkError) {
      query = try URLQuery(parsing: text)
    } catch {
      checkError(error, in: text)
      return
    }
    let context = "query \(text.debugDescription) read as \(query.items)"
    law(query.items.allSatisfy { !$0.name.isEmpty }, "\(context): an empty name")
    let written = query.percentEncoded
    law(isPercentEncodedQuery(written), "\(context): written as \(written)")
    let reread = try? URLQuery(parsing: written)
    law(reread == query, "\(context): \(written) reads as \(String(describing: reread?.items))")
  }

  /// Any text is an error message once control characters are stripped and it is capped; and any
  /// text is a query value.
  static func checkMessage(_ text: String) {
    var message = ""
    message.unicodeScalars.append(
      contentsOf: text.unicodeScalars.lazy.filter { !isControl($0) }
        .prefix(EcoveloFinish.messageLengthMax))
    let finish = EcoveloFinish.error(message: message)
    let reread = try? EcoveloFinish(parsing: finish.url)
    law(
      reread == finish,
      "\(finish) is written \(finish.url) and reads as \(String(describing: reread))")

    let encoded = URLQuery.percentEncode(text)
    law(isPercentEncodedQuery(encoded), "\(text.debugDescription) is percent-encoded as \(encoded)")
    let query = try? URLQuery(parsing: "v=" + encoded)
    law(
      query == URLQuery(items: [URLQuery.Item(name: "v", value: text)]),
      "\(text.debugDescription) is encoded \(encoded) and reads as \(String(describing: query?.items))"
    )
  }

  /// Both Pulpe links with a UUID of the input's first 16 bytes, written in either case.
  static func checkUUID(_ bytes: [UInt8]) {
    guard bytes.count >= 16 else { return }
    let b = bytes
    let uuid = UUID(
      uuid: (
        b[0], b[1], b[2], b[3], b[4], b[5], b[6], b[7],
        b[8], b[9], b[10], b[11], b[12], b[13], b[14], b[15]
      ))
    for link in [PulpeLink.budget(id: uuid), .addExpense(budgetID: uuid)] {
      // Scheme, host and UUID in uppercase; the parameter name is case-sensitive.
      let parts = link.url.split(separator: "=", maxSplits: 1).map(String.init)
      let shouted =
        parts[0].replacingOccurrences(of: "pulpe://", with: "PULPE://")
        .replacingOccurrences(of: "add-expense", with: "ADD-EXPENSE")
        .replacingOccurrences(of: "budget?", with: "BUDGET?") + "=" + parts[1].uppercased()
      for written in [link.url, shouted] {
        let reread = try? PulpeLink(parsing: written)
        law(
          reread == link, "\(link) is written \(written) and reads as \(String(describing: reread))"
        )
      }
    }
  }

  static let unreservedMarks = Array("-._~".utf8)

  /// Only `A–Z a–z 0–9 - . _ ~`, `%XX` with uppercase hexadecimal digits, `=` and `&`.
  static func isPercentEncodedQuery(_ text: String) -> Bool {
    let bytes = Array(text.utf8)
    var index = 0
    while index < bytes.count {
      let byte = bytes[index]
      if byte == UInt8(ascii: "%") {
        guard index + 2 < bytes.count,
          isUppercaseHexDigit(bytes[index + 1]), isUppercaseHexDigit(bytes[index + 2])
        else { return false }
        index += 3
        continue
      }
      let unreserved =
        (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
        || (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
        || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
        || unreservedMarks.contains(byte)
      guard unreserved || byte == UInt8(ascii: "=") || byte == UInt8(ascii: "&") else {
        return false
      }
      index += 1
    }
    return true
  }

  static func isUppercaseHexDigit(_ byte: UInt8) -> Bool {
    (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
      || (UInt8(ascii: "A")...UInt8(ascii: "F")).contains(byte)
  }

  /// No control character, a bounded description, positions inside the text.
  static func checkError(_ error: LinkError, in text: String) {
    let description = error.description
    let context = "\(text.debugDescription) refused with \(description.debugDescription)"
    law(!description.unicodeScalars.contains(where: isControl), "\(context): a control character")
    law(description.unicodeScalars.count <= descriptionScalarsMax, "\(context): too long")
    let position: Int?
    switch error {
    case .malformedPercentEscape(let at), .invalidUTF8(_, let at), .emptyParameterName(let at),
      .duplicateParameter(_, let at), .missingValue(_, let at), .emptyValue(_, let at):
      position = at
    default:
      position = nil
    }
    if let position {
      law((0..<max(text.utf8.count, 1)).contains(position), "\(context): position outside the text")
    }
  }
}
