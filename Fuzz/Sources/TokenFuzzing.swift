import Foundation
import GlanceKernel

/// `TokenExpiry.check(token:now:leeway:)` (which decodes base64url and reads the payload's JSON
/// by hand) on any text, and on a JWS whose payload is the input; `EcoveloConfig(token:programID:
/// theme:)` on any text.
///
/// Laws checked (from `TokenExpiry.swift` and `EcoveloConfig.swift`):
/// - `valid` has `remaining > 0`, and exactly `remaining` later the token is `expired` since 0,
///   one millisecond earlier `valid` for 1; `expired` has `since >= 0`, and `since` earlier it
///   is expired since 0; `notYetValid` has `until > 0` and is over `until` later;
/// - an outcome that does not depend on time (`opaque`, `malformed`, `probableMilliseconds`) is
///   the same at every instant and leeway; a part count is the text's, and never 3 or 5;
/// - no outcome's description holds the token;
/// - the config accepts exactly its documented rules (an independent predicate), and a config's
///   `description`, `debugDescription` and `dump` are those of a same-length stand-in token.
enum TokenFuzzing {
  static let instants: [Int64] = [0, 1_700_000_000_000, .min, .max]
  static let leeways: [Int64] = [0, 60_000, .max]

  /// A JWS header (`{"alg":"HS256"}`) and signature around the payloads made of the input.
  static let header = "eyJhbGciOiJIUzI1NiJ9."
  static let signature = ".c2lnbmF0dXJl"

  static func run(_ bytes: [UInt8]) {
    let text = String(decoding: bytes, as: UTF8.self)
    checkExpiry(text)
    // The input as the payload's JSON too, so that mutations reach the claims reader directly
    // instead of through base64url.
    checkExpiry(header + base64URL(bytes) + signature)
    checkConfig(token: text, programID: nil, theme: .system)
    checkConfig(token: "header.payload.signature", programID: text, theme: .dark)
  }

  // MARK: Expiry

  static func checkExpiry(_ token: String) {
    let dots = token.utf8.count { $0 == UInt8(ascii: ".") }
    var timeless: TokenExpiry?
    for milliseconds in instants {
      for leeway in leeways {
        let now = Instant(millisecondsSince1970: milliseconds)
        let outcome = TokenExpiry.check(token: token, now: now, leeway: leeway)
        let context =
          "\(token.debugDescription) at \(milliseconds) ms, leeway \(leeway): \(outcome)"
        if token.contains(".") {
          law(!outcome.description.contains(token), "\(context): the description holds the token")
        }
        switch outcome {
        case .valid, .expired, .notYetValid:
          checkBoundaries(
            outcome, token: token, now: milliseconds, leeway: leeway, context: context)
        case .noExpiry:
          break
        case .opaque, .malformed, .probableMilliseconds:
          law(
            timeless == nil || timeless == outcome,
            "\(context): was \(String(describing: timeless))")
          timeless = outcome
          checkTimeless(outcome, dots: dots, context: context)
        }
      }
    }
  }

  static func checkBoundaries(
    _ outcome: TokenExpiry, token: String, now: Int64, leeway: Int64, context: String
  ) {
    func check(at milliseconds: Int64) -> TokenExpiry {
      TokenExpiry.check(
        token: token, now: Instant(millisecondsSince1970: milliseconds), leeway: leeway)
    }
    switch outcome {
    case .valid(let remaining):
      law(remaining > 0, "\(context): valid for no time")
      // A saturated figure (exp + leeway beyond Int64) has no exact boundary to test.
      let (end, overflow) = now.addingReportingOverflow(remaining)
      guard remaining < .max, !overflow else { return }
      law(check(at: end) == .expired(sinceMilliseconds: 0), "\(context): not expired at \(end)")
      law(
        check(at: end - 1) == .valid(remainingMilliseconds: 1),
        "\(context): not valid for 1 ms at \(end - 1)")
    case .expired(let since):
      law(since >= 0, "\(context): expired in the future")
      let (end, overflow) = now.subtractingReportingOverflow(since)
      guard since < .max, !overflow else { return }
      law(check(at: end) == .expired(sinceMilliseconds: 0), "\(context): not expired at \(end)")
    case .notYetValid(let until):
      law(until > 0, "\(context): not yet valid for no time")
      let (start, overflow) = now.addingReportingOverflow(until)
      guard until < .max, !overflow else { return }
      if case .notYetValid = check(at: start) {
        law(false, "\(context): still not valid at \(start)")
      }
    default:
      break
    }
  }

  static func checkTimeless(_ outcome: TokenExpiry, dots: Int, context: String) {
    switch outcome {
    case .opaque:
      law(dots == 4, "\(context): \(dots + 1) parts read as a JWE")
    case .malformed(.partCount(let count)):
      law(count == dots + 1 && count != 3 && count != 5, "\(context): \(dots + 1) parts")
    case .probableMilliseconds(_, let value):
      law(value >= TokenExpiry.secondsClaimMax, "\(context): a plausible number of seconds")
    default:
      break
    }
  }

  /// Base64url without padding (RFC 4648 §5), as JWS writes its parts.
  static func base64URL(_ bytes: [UInt8]) -> String {
    String(
      Data(bytes).base64EncodedString().compactMap { character -> Character? in
        switch character {
        case "+": return "-"
        case "/": return "_"
        case "=": return nil
        default: return character
        }
      })
  }

  // MARK: Config

  static func checkConfig(token: String, programID: String?, theme: EcoveloConfig.Theme) {
    let context = "token \(token.debugDescription), program \(String(describing: programID))"
    let expected = isValidToken(token) && (programID.map(isValidProgramID) ?? true)
    let config: EcoveloConfig
    do throws(EcoveloConfigError) {
      config = try EcoveloConfig(token: token, programID: programID, theme: theme)
    } catch {
      law(!expected, "\(context): refused with \(error), yet valid")
      law(!error.description.isEmpty, "\(context): an error without a description")
      return
    }
    law(expected, "\(context): accepted, yet invalid")
    law(config.token == token && config.programID == programID, "\(context): fields changed")
    // The same config with a stand-in token of the same length must show the same everywhere.
    let standIn = String(repeating: "x", count: token.utf8.count)
    guard let shown = try? EcoveloConfig(token: standIn, programID: programID, theme: theme) else {
      law(false, "\(context): the stand-in token is refused")
      return
    }
    law(config.description == shown.description, "\(context): description \(config.description)")
    law(config.debugDescription == shown.debugDescription, "\(context): debugDescription differs")
    law(String(reflecting: config) == String(reflecting: shown), "\(context): reflection differs")
    var dumped = ""
    var dumpedStandIn = ""
    dump(config, to: &dumped)
    dump(shown, to: &dumpedStandIn)
    law(dumped == dumpedStandIn, "\(context): dump shows \(dumped)")
  }

  /// 1 to 16 KiB of printable ASCII (U+0021–U+007E).
  static func isValidToken(_ token: String) -> Bool {
    (1...EcoveloConfig.tokenLengthMax).contains(token.utf8.count)
      && token.unicodeScalars.allSatisfy { (0x21...0x7E).contains($0.value) }
  }

  /// 1 to 64 characters from `A–Z a–z 0–9 _ -`.
  static func isValidProgramID(_ programID: String) -> Bool {
    (1...EcoveloConfig.programIDLengthMax).contains(programID.utf8.count)
      && programID.unicodeScalars.allSatisfy { scalar in
        ("A"..."Z").contains(scalar) || ("a"..."z").contains(scalar) || ("0"..."9").contains(scalar)
          || scalar == "_" || scalar == "-"
      }
  }
}
