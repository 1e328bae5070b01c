/// An advisory reading of a JWT's `exp` and `nbf` claims against an injected instant
/// (RFC 7519 §4.1.4–4.1.5; see *The real apps Glance models*, Ecovelo: configuration and tokens).
///
/// **Advisory only**: the signature is not verified, so a token that reads as
/// ``valid(remainingMilliseconds:)`` may still be refused by the server. Use it to ask the host
/// for a fresh token before launching the SDK when little time remains, never to grant access.
///
/// How a token is read:
/// - It is split on `.`: 3 parts is a JWS, whose payload (the middle part) is read; 5 parts is
///   a JWE, encrypted, so ``opaque``; any other count is malformed. The header is not read.
/// - The payload is base64url without padding (RFC 4648 §5), decoded here; it must be UTF-8
///   holding one JSON object (RFC 8259), nested at most 64 deep.
/// - `exp` and `nbf` are NumericDates: seconds since 1970, possibly fractional or with an
///   exponent. Each is converted exactly to milliseconds, rounded down; no floating point.
///   A claim that appears twice, is not a number, or does not fit is malformed.
/// - A claim above 10^11 s (after the year 5138; compared in whole milliseconds) is reported as
///   ``probableMilliseconds(_:value:)``: it was most likely written in milliseconds, so the
///   expiry is unknown. `exp` is looked at before `nbf`.
/// - With `leeway` L: the token is expired when `now ≥ exp + L` ("on or after"), not yet valid
///   when `now < nbf − L`. Expiry is checked first. Arithmetic saturates at the `Int64` bounds.
///
/// No outcome carries any part of the token.
///
/// ## Laws
/// - Exactly at `exp + leeway` the token is expired, with `sinceMilliseconds == 0`; one
///   millisecond earlier it is valid with `remainingMilliseconds == 1`.
/// - `valid` always has `remainingMilliseconds > 0`, `notYetValid` has `untilMilliseconds > 0`,
///   `expired` has `sinceMilliseconds >= 0`.
/// - Fractional dates round down: `exp: 1700000000.9999` expires at 1,700,000,000,999 ms.
/// - `check` never traps on any token text (property test).
public enum TokenExpiry: Hashable, Sendable, CustomStringConvertible {
  /// Within its validity: `remainingMilliseconds` (> 0) until `exp + leeway`.
  case valid(remainingMilliseconds: Int64)
  /// Expired `sinceMilliseconds` (≥ 0) ago, counted from `exp + leeway`.
  case expired(sinceMilliseconds: Int64)
  /// Valid only in `untilMilliseconds` (> 0), at `nbf − leeway`.
  case notYetValid(untilMilliseconds: Int64)
  /// A readable JWS without an `exp` claim (and whose `nbf`, if any, has passed).
  case noExpiry
  /// A JWE (5 parts): encrypted, so its claims cannot be read.
  case opaque
  /// The claim is above 10^11 seconds: probably milliseconds. `value` is the claim in whole
  /// units as written (rounded down), which a caller may read as milliseconds.
  case probableMilliseconds(Claim, value: Int64)
  /// Not a token whose claims can be read, and why.
  case malformed(Malformation)

  /// The two claims this check reads.
  public enum Claim: String, Hashable, Sendable {
    /// Expiration time.
    case exp
    /// Not before.
    case nbf
  }

  /// Why a token's claims cannot be read.
  public enum Malformation: Error, Hashable, Sendable, CustomStringConvertible {
    /// The token has this many `.`-separated parts (3 or 5 are readable).
    case partCount(Int)
    /// The payload is not base64url.
    case payloadNotBase64URL
    /// The decoded payload is not UTF-8 JSON.
    case payloadNotJSON
    /// The payload is JSON but not an object.
    case payloadNotObject
    /// The payload nests arrays or objects more than 64 deep.
    case payloadTooDeep
    /// The claim appears more than once at the top level.
    case duplicateClaim(Claim)
    /// The claim is not a JSON number.
    case claimNotNumber(Claim)
    /// The claim, in milliseconds, does not fit in `Int64`.
    case claimOutOfRange(Claim)

    public var description: String {
      switch self {
      case .partCount(let count): return "\(count) parts (3 for a JWS, 5 for a JWE)"
      case .payloadNotBase64URL: return "payload is not base64url"
      case .payloadNotJSON: return "payload is not UTF-8 JSON"
      case .payloadNotObject: return "payload is not a JSON object"
      case .payloadTooDeep: return "payload nests more than 64 levels"
      case .duplicateClaim(let claim): return "claim \(claim.rawValue) appears more than once"
      case .claimNotNumber(let claim): return "claim \(claim.rawValue) is not a number"
      case .claimOutOfRange(let claim): return "claim \(claim.rawValue) is out of range"
      }
    }
  }

  /// Claims at or below this many seconds are read as seconds.
  public static let secondsClaimMax: Int64 = 100_000_000_000

  /// Reads `token`'s `exp` and `nbf` against `now`, allowing `leeway` for clock skew.
  ///
  /// ```swift
  /// TokenExpiry.check(token: jwt, now: now, leeway: 60_000)
  /// // .valid(remainingMilliseconds: 3_540_000), or .expired, .noExpiry, .malformed(…)
  /// ```
  /// - Parameters:
  ///   - token: the token text; any text is accepted.
  ///   - now: the instant to compare with (injected; the kernel never reads a clock).
  ///   - milliseconds: the tolerance for clock skew, usually no more than a few minutes.
  /// - Precondition: `milliseconds >= 0`.
  public static func check(token: String, now: Instant, leeway milliseconds: Int64) -> TokenExpiry {
    precondition(milliseconds >= 0, "leeway must not be negative, got \(milliseconds) ms")
    let claims: (exp: Int64?, nbf: Int64?)
    switch readClaims(token) {
    case .success(let read): claims = read
    case .failure(let malformation): return .malformed(malformation)
    case .opaque: return .opaque
    }
    for (claim, value) in [(Claim.exp, claims.exp), (.nbf, claims.nbf)] {
      if let value, value > secondsClaimMax * 1000 {
        return .probableMilliseconds(claim, value: Int64.floorDivision(value, 1000))
      }
    }
    let nowMilliseconds = now.millisecondsSince1970
    var expiry: Int64? = nil
    if let exp = claims.exp {
      let end = saturatingAdd(exp, milliseconds)
      if nowMilliseconds >= end {
        return .expired(sinceMilliseconds: saturatingSubtract(nowMilliseconds, end))
      }
      expiry = end
    }
    if let nbf = claims.nbf {
      let start = saturatingSubtract(nbf, milliseconds)
      if nowMilliseconds < start {
        return .notYetValid(untilMilliseconds: saturatingSubtract(start, nowMilliseconds))
      }
    }
    guard let expiry else { return .noExpiry }
    return .valid(remainingMilliseconds: saturatingSubtract(expiry, nowMilliseconds))
  }

  public var description: String {
    switch self {
    case .valid(let remaining): return "valid for \(remaining) ms"
    case .expired(let since): return "expired \(since) ms ago"
    case .notYetValid(let until): return "not valid for another \(until) ms"
    case .noExpiry: return "no expiry"
    case .opaque: return "opaque (encrypted JWE)"
    case .probableMilliseconds(let claim, let value):
      return "claim \(claim.rawValue) = \(value) looks like milliseconds, not seconds"
    case .malformed(let malformation): return "malformed: \(malformation)"
    }
  }

  private enum ReadOutcome {
    case success((exp: Int64?, nbf: Int64?))
    case failure(Malformation)
    case opaque
  }

  /// Splits the token and reads its payload's claims, in milliseconds.
  private static func readClaims(_ token: String) -> ReadOutcome {
    let bytes = Array(token.utf8)
    let dots = bytes.indices.filter { bytes[$0] == UInt8(ascii: ".") }
    if dots.count == 4 { return .opaque }
    guard dots.count == 2 else { return .failure(.partCount(dots.count + 1)) }
    guard let payload = Base64URL.decode(bytes[(dots[0] + 1)..<dots[1]]) else {
      return .failure(.payloadNotBase64URL)
    }
    guard PercentCoding.isValidUTF8(payload) else { return .failure(.payloadNotJSON) }
    let reader: JWTClaimsReader
    do throws(Malformation) {
      reader = try JWTClaimsReader.read(payload)
    } catch {
      return .failure(error)
    }
    for claim in [Claim.exp, .nbf] where reader.claims.count(where: { $0.claim == claim }) > 1 {
      return .failure(.duplicateClaim(claim))
    }
    var found: [Claim: Int64] = [:]
    for (claim, value) in reader.claims {
      guard case .number(let range) = value else { return .failure(.claimNotNumber(claim)) }
      guard let milliseconds = JWTClaimsReader.milliseconds(payload[range]) else {
        return .failure(.claimOutOfRange(claim))
      }
      found[claim] = milliseconds
    }
    return .success((found[.exp], found[.nbf]))
  }

  private static func saturatingAdd(_ a: Int64, _ b: Int64) -> Int64 {
    let (sum, overflow) = a.addingReportingOverflow(b)
    guard overflow else { return sum }
    return b > 0 ? .max : .min
  }

  private static func saturatingSubtract(_ a: Int64, _ b: Int64) -> Int64 {
    let (difference, overflow) = a.subtractingReportingOverflow(b)
    guard overflow else { return difference }
    return b < 0 ? .max : .min
  }
}
