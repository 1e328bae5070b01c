import Foundation
import GlanceKernel
import PropertyBased
import Testing

extension LinksTests {
  @Suite("TokenExpiry")
  struct TokenExpiryTests {
    /// 2023-11-14T22:13:20Z.
    static let now = Instant(millisecondsSince1970: 1_700_000_000_000)

    static func base64url(_ bytes: [UInt8]) -> String {
      String(
        Data(bytes).base64EncodedString().compactMap { character -> Character? in
          switch character {
          case "=": return nil
          case "+": return "-"
          case "/": return "_"
          default: return character
          }
        })
    }

    /// A JWS whose payload is `payload` (JSON written by the test), with a fixed header and a
    /// signature that is never checked.
    static func jwt(_ payload: String) -> String {
      base64url(Array(#"{"alg":"HS256","typ":"JWT"}"#.utf8)) + "." + base64url(Array(payload.utf8))
        + ".c2lnbmF0dXJl"
    }

    static func check(
      _ payload: String, at milliseconds: Int64 = 1_700_000_000_000, leeway: Int64 = 0
    )
      -> TokenExpiry
    {
      TokenExpiry.check(
        token: jwt(payload), now: Instant(millisecondsSince1970: milliseconds), leeway: leeway)
    }

    @Test("valid, expired exactly at exp, and expired after")
    func expiryBoundary() {
      #expect(Self.check(#"{"exp":1700000060}"#) == .valid(remainingMilliseconds: 60_000))
      #expect(Self.check(#"{"exp":1700000000}"#) == .expired(sinceMilliseconds: 0))
      #expect(
        Self.check(#"{"exp":1700000000}"#, at: 1_699_999_999_999)
          == .valid(remainingMilliseconds: 1))
      #expect(Self.check(#"{"exp":1699999000}"#) == .expired(sinceMilliseconds: 1_000_000))
      #expect(Self.check(#"{"exp":-1.5}"#, at: 0) == .expired(sinceMilliseconds: 1_500))
    }

    @Test("leeway moves both boundaries")
    func leeway() {
      let exp = #"{"exp":1700000000}"#
      #expect(
        Self.check(exp, at: 1_700_000_030_000, leeway: 60_000)
          == .valid(remainingMilliseconds: 30_000))
      #expect(
        Self.check(exp, at: 1_700_000_060_000, leeway: 60_000) == .expired(sinceMilliseconds: 0))
      #expect(
        Self.check(exp, at: 1_700_000_090_000, leeway: 60_000)
          == .expired(sinceMilliseconds: 30_000))
      let nbf = #"{"nbf":1700000100,"exp":1700003600}"#
      #expect(Self.check(nbf) == .notYetValid(untilMilliseconds: 100_000))
      #expect(Self.check(nbf, leeway: 60_000) == .notYetValid(untilMilliseconds: 40_000))
      #expect(Self.check(nbf, leeway: 100_000) == .valid(remainingMilliseconds: 3_700_000))
      #expect(Self.check(nbf, at: 1_700_000_100_000) == .valid(remainingMilliseconds: 3_500_000))
    }

    @Test("fractional and exponent NumericDates convert exactly, rounding down")
    func fractionalDates() {
      let fraction = #"{"exp":1700000000.9999}"#
      #expect(Self.check(fraction, at: 1_700_000_000_998) == .valid(remainingMilliseconds: 1))
      #expect(Self.check(fraction, at: 1_700_000_000_999) == .expired(sinceMilliseconds: 0))
      #expect(Self.check(#"{"exp":1.7e9}"#) == .expired(sinceMilliseconds: 0))
      #expect(Self.check(#"{"exp":17000000005E-1}"#) == .valid(remainingMilliseconds: 500))
      #expect(
        Self.check(#"{"exp":1700000000.0000000000000000000001}"#) == .expired(sinceMilliseconds: 0))
      #expect(Self.check(#"{"exp":-0.0001}"#, at: -2) == .valid(remainingMilliseconds: 1))
      #expect(Self.check(#"{"exp":0e999999999999}"#, at: -1) == .valid(remainingMilliseconds: 1))
    }

    @Test("no exp, not-yet-valid without exp, nested and escaped names")
    func claimsPresence() {
      #expect(Self.check(#"{"sub":"x"}"#) == .noExpiry)
      #expect(Self.check("{}") == .noExpiry)
      #expect(Self.check(#"{"nbf":1700000100}"#) == .notYetValid(untilMilliseconds: 100_000))
      #expect(Self.check(#"{"nbf":1600000000}"#) == .noExpiry)
      #expect(Self.check(#"{"inner":{"exp":1},"list":[{"exp":2}]}"#) == .noExpiry)
      #expect(Self.check(#"{"\u0065xp":1700000060}"#) == .valid(remainingMilliseconds: 60_000))
      #expect(
        Self.check(
          #" { "name" : "a\"b\\c\u00e9\ud83d\ude00" , "exp" : 1700000060 , "ok" : [true,false,null,-0.5e+3] } "#
        )
          == .valid(remainingMilliseconds: 60_000))
    }

    @Test("a date above 10^11 s is flagged as probable milliseconds")
    func probableMilliseconds() {
      #expect(
        Self.check(#"{"exp":1700000000000}"#)
          == .probableMilliseconds(.exp, value: 1_700_000_000_000))
      #expect(
        Self.check(#"{"nbf":1700000000000}"#)
          == .probableMilliseconds(.nbf, value: 1_700_000_000_000))
      #expect(
        Self.check(#"{"exp":100000000000}"#) == .valid(remainingMilliseconds: 98_300_000_000_000))
    }

    @Test(
      "opaque and malformed tokens",
      arguments: [
        ("a.b.c.d.e", TokenExpiry.opaque),
        ("", .malformed(.partCount(1))),
        ("opaque-bearer-token", .malformed(.partCount(1))),
        ("a.b", .malformed(.partCount(2))),
        ("a.b.c.d", .malformed(.partCount(4))),
        ("a.b.c.d.e.f", .malformed(.partCount(6))),
        ("h.eyJleHAiOjF9*.s", .malformed(.payloadNotBase64URL)),
        ("h.eyJleHAiOjF9fQ==.s", .malformed(.payloadNotBase64URL)),  // padding is not base64url
        ("h.e+J9.s", .malformed(.payloadNotBase64URL)),
        ("h.AAAAA.s", .malformed(.payloadNotBase64URL)),  // one lone character
        ("h.e3.s", .malformed(.payloadNotBase64URL)),  // non-zero leftover bits
        ("h..s", .malformed(.payloadNotJSON)),
        ("h._w.s", .malformed(.payloadNotJSON)),  // the byte 0xFF: not UTF-8
      ] as [(String, TokenExpiry)])
    func opaqueAndMalformed(token: String, expected: TokenExpiry) {
      #expect(TokenExpiry.check(token: token, now: Self.now, leeway: 0) == expected)
    }

    @Test(
      "payloads that are not a JSON object, or whose claims are unreadable",
      arguments: [
        ("[1,2]", TokenExpiry.Malformation.payloadNotObject),
        ("1700000000", .payloadNotObject),
        (#""exp""#, .payloadNotObject),
        ("null", .payloadNotObject),
        ("{exp:1}", .payloadNotJSON),
        (#"{"exp":1,}"#, .payloadNotJSON),
        (#"{"exp":01}"#, .payloadNotJSON),
        (#"{"exp":1.}"#, .payloadNotJSON),
        (#"{"exp":+1}"#, .payloadNotJSON),
        (#"{"exp":1} x"#, .payloadNotJSON),
        (#"{"a":"\x"}"#, .payloadNotJSON),
        ("{\"a\":\"\u{1}\"}", .payloadNotJSON),
        (#"{"exp":1"#, .payloadNotJSON),
        (#"{"a":tru}"#, .payloadNotJSON),
        (
          "{\"a\":" + String(repeating: "[", count: 100) + String(repeating: "]", count: 100) + "}",
          .payloadTooDeep
        ),
        (#"{"exp":1,"exp":2}"#, .duplicateClaim(.exp)),
        (#"{"nbf":"x","nbf":2}"#, .duplicateClaim(.nbf)),
        (#"{"exp":"1700000000"}"#, .claimNotNumber(.exp)),
        (#"{"exp":null}"#, .claimNotNumber(.exp)),
        (#"{"nbf":true,"exp":1}"#, .claimNotNumber(.nbf)),
        (#"{"exp":1e30}"#, .claimOutOfRange(.exp)),
        (#"{"exp":-9300000000000000}"#, .claimOutOfRange(.exp)),
      ] as [(String, TokenExpiry.Malformation)])
    func malformedPayloads(payload: String, malformation: TokenExpiry.Malformation) {
      #expect(Self.check(payload) == .malformed(malformation), "\(payload)")
    }

    @Test("law: expired exactly from exp + leeway on, valid with the remaining time before")
    func boundaryLaw() async {
      let input = zip(
        Gen.int64(in: -100_000_000_000...100_000_000_000), Gen.int64(in: 0...86_400_000),
        Gen.int64(in: -10_000_000...10_000_000))
      await propertyCheck(count: 500, input: input) { exp, leeway, offset in
        let now = exp * 1000 + leeway + offset
        let outcome = Self.check("{\"exp\":\(exp)}", at: now, leeway: leeway)
        if offset >= 0 {
          #expect(outcome == .expired(sinceMilliseconds: offset))
        } else {
          #expect(outcome == .valid(remainingMilliseconds: -offset))
        }
      }
    }

    @Test("never traps, on any text and on any base64url payload")
    func neverTraps() async {
      await propertyCheck(count: 1000, input: LinkGen.anyText, LinkGen.urlish) { text, payload in
        _ = TokenExpiry.check(token: text, now: Self.now, leeway: 0)
        let token = "h." + Self.base64url(Array(("{\"exp\":" + payload).utf8)) + ".s"
        let outcome = TokenExpiry.check(token: token, now: Self.now, leeway: 60_000)
        #expect(!outcome.description.contains(token))
      }
    }

    @Test("a negative leeway is a programmer error")
    func negativeLeewayTraps() async {
      await #expect(processExitsWith: .failure) {
        _ = TokenExpiry.check(token: "a.b.c", now: Instant(millisecondsSince1970: 0), leeway: -1)
      }
    }
  }
}
