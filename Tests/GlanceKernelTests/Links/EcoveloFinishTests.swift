import Foundation
import GlanceKernel
import PropertyBased
import Testing

extension LinksTests {
  @Suite("EcoveloFinish")
  struct EcoveloFinishTests {
    static let base = "ecovelo-sdk://finish?"

    @Test(
      "accepts the contract's forms",
      arguments: [
        ("ecovelo-sdk://finish?status=success", EcoveloFinish.success),
        ("ecovelo-sdk://finish?status=cancelled", .cancelled),
        ("ecovelo-sdk://finish?status=error", .error(message: "")),
        ("ecovelo-sdk://finish?status=error&message=", .error(message: "")),
        (
          "ecovelo-sdk://finish?status=error&message=Paiement+refus%C3%A9",
          .error(message: "Paiement refusé")
        ),
        ("ecovelo-sdk://finish?status=error&message=a%20b+c%2Bd", .error(message: "a b c+d")),
        ("ecovelo-sdk://finish?message=d%C3%A9j%C3%A0&status=error", .error(message: "déjà")),
        ("ECOVELO-SDK://FINISH?status=success", .success),
        ("Ecovelo-Sdk://Finish/?status=cancelled", .cancelled),
        ("ecovelo-sdk://finish/?status=success", .success),
        ("ecovelo-sdk://finish?status=error&message=a#b&status=success", .error(message: "a")),
        ("ecovelo-sdk://finish?status=success#status=error", .success),
        ("ecovelo-sdk://finish?&&status=success&&", .success),
        ("ecovelo-sdk://finish?status=success&extra=1&extra=2&flag", .success),
        ("ecovelo-sdk://finish?status=success&message=ignored", .success),
        ("ecovelo-sdk://finish?status=cancelled&message", .cancelled),
        (
          "ecovelo-sdk://finish?status=error&message=ligne%0Asuivante%09%C2%85%7F%00!",
          .error(message: "lignesuivante!")
        ),
        (
          "ecovelo-sdk://finish?status=error&message=caf\u{E9} cr\u{E8}me",
          .error(message: "café crème")
        ),
      ] as [(String, EcoveloFinish)])
    func accepts(text: String, finish: EcoveloFinish) throws {
      let parsed = try EcoveloFinish(parsing: text)
      #expect(parsed == finish, "\(text)")
    }

    /// One example per malformed form of the finish link, each with its own error (see
    /// *The real apps Glance models*, Ecovelo: the finish URL contract).
    @Test(
      "refuses each malformed form with its own typed error",
      arguments: [
        (
          "ecovelo://finish?status=success",
          LinkError.unexpectedScheme("ecovelo", expected: "ecovelo-sdk")
        ),
        ("ecovelo-sd\u{212A}://finish?status=success", .missingScheme),  // Kelvin sign, not "k"
        ("finish?status=success", .missingScheme),
        ("ecovelo-sdk://done?status=success", .unknownHost("done", scheme: "ecovelo-sdk")),
        (
          "ecovelo-sdk://finish.example?status=success",
          .unknownHost("finish.example", scheme: "ecovelo-sdk")
        ),
        ("ecovelo-sdk:///finish?status=success", .missingHost(path: "/finish")),
        ("ecovelo-sdk:finish?status=success", .missingHost(path: "finish")),
        ("ecovelo-sdk://finish/done?status=success", .unexpectedPath("/done", host: "finish")),
        ("ecovelo-sdk://finish//?status=success", .unexpectedPath("//", host: "finish")),
        ("ecovelo-sdk://finish", .missingQuery),
        ("ecovelo-sdk://finish#status=success", .missingQuery),
        ("ecovelo-sdk://finish?", .missingParameter("status")),
        ("ecovelo-sdk://finish?message=x", .missingParameter("status")),
        ("ecovelo-sdk://finish?Status=success", .missingParameter("status")),
        ("ecovelo-sdk://finish?status", .missingValue(parameter: "status", position: 21)),
        ("ecovelo-sdk://finish?status=", .emptyValue(parameter: "status", position: 21)),
        ("ecovelo-sdk://finish?status=ok", .unknownStatus("ok")),
        ("ecovelo-sdk://finish?status=SUCCESS", .unknownStatus("SUCCESS")),
        ("ecovelo-sdk://finish?status=canceled", .unknownStatus("canceled")),
        ("ecovelo-sdk://finish?status=success+", .unknownStatus("success ")),
        ("ecovelo-sdk://finish?status=%0Aerror", .unknownStatus("\\u{A}error")),
        (
          "ecovelo-sdk://finish?status=\(String(repeating: "x", count: 40))",
          .unknownStatus(String(repeating: "x", count: 32) + "…")
        ),
        (
          "ecovelo-sdk://finish?status=success&status=error",
          .duplicateParameter("status", position: 36)
        ),
        (
          "ecovelo-sdk://finish?status=success&status=success",
          .duplicateParameter("status", position: 36)
        ),
        (
          "ecovelo-sdk://finish?status=error&message=a&message=b",
          .duplicateParameter("message", position: 44)
        ),
        ("ecovelo-sdk://finish?status=error&message=%zz", .malformedPercentEscape(position: 42)),
        ("ecovelo-sdk://finish?status=error&message=%4", .malformedPercentEscape(position: 42)),
        ("ecovelo-sdk://finish?status=success&x=100%", .malformedPercentEscape(position: 41)),
        (
          "ecovelo-sdk://finish?status=error&message=%FF",
          .invalidUTF8(parameter: "message", position: 42)
        ),
        (
          "ecovelo-sdk://finish?status=error&message=caf%C3",
          .invalidUTF8(parameter: "message", position: 42)
        ),
        ("ecovelo-sdk://finish?=x&status=success", .emptyParameterName(position: 21)),
        (
          "ecovelo-sdk://finish?status=error&message",
          .missingValue(parameter: "message", position: 34)
        ),
        (
          "ecovelo-sdk://finish?status=error&message=\(String(repeating: "a", count: 1001))",
          .messageTooLong(length: 1001, limit: 1000)
        ),
        (
          "ecovelo-sdk://finish?status=error&message=\(String(repeating: "%C3%A9", count: 1200))",
          .messageTooLong(length: 1200, limit: 1000)
        ),
      ] as [(String, LinkError)])
    func refuses(text: String, error: LinkError) {
      #expect(throws: error) { try EcoveloFinish(parsing: text) }
    }

    @Test("the cap counts Unicode scalars after control characters are stripped")
    func capAfterStripping() throws {
      let atCap = String(repeating: "é", count: 1000)
      let encoded = URLQuery.percentEncode(atCap) + String(repeating: "%0A", count: 500)
      let parsed = try EcoveloFinish(parsing: Self.base + "status=error&message=" + encoded)
      #expect(parsed == .error(message: atCap))
      let flags = String(repeating: "🇨🇭", count: 501)  // 501 characters, 1002 scalars
      #expect(throws: LinkError.messageTooLong(length: 1002, limit: 1000)) {
        try EcoveloFinish(
          parsing: Self.base + "status=error&message=" + URLQuery.percentEncode(flags))
      }
    }

    @Test("url is canonical; an empty error message is left out")
    func canonicalURL() {
      #expect(EcoveloFinish.success.url == "ecovelo-sdk://finish?status=success")
      #expect(EcoveloFinish.cancelled.url == "ecovelo-sdk://finish?status=cancelled")
      #expect(EcoveloFinish.error(message: "").url == "ecovelo-sdk://finish?status=error")
      #expect(
        EcoveloFinish.error(message: "Paiement refusé & 100% + =").url
          == "ecovelo-sdk://finish?status=error&message=Paiement%20refus%C3%A9%20%26%20100%25%20%2B%20%3D"
      )
    }

    @Test("round trip: parsing a finish's url gives the finish")
    func roundTrip() async {
      await propertyCheck(count: 500, input: LinkGen.finish) { finish in
        let reread = try EcoveloFinish(parsing: finish.url)
        #expect(reread == finish, "\(finish.url)")
      }
    }

    @Test("round trip holds at the cap")
    func roundTripAtCap() throws {
      let message = String(repeating: "😀", count: EcoveloFinish.messageLengthMax)
      let finish = EcoveloFinish.error(message: message)
      let reread = try EcoveloFinish(parsing: finish.url)
      #expect(reread == finish)
    }

    @Test(
      "resolve turns every error into .error with a fixed text naming its kind",
      arguments: [
        ("ecovelo-sdk://finish?status=success", EcoveloFinish.success),
        ("ecovelo-sdk://finish?status=error&message=Refus", .error(message: "Refus")),
        (
          "https://evil.example/finish?status=success",
          .error(message: "Ecovelo ended with a link that is not a finish link.")
        ),
        ("ecovelo-sdk://finish", .error(message: "Ecovelo ended without a status.")),
        ("ecovelo-sdk://finish?status=", .error(message: "Ecovelo ended without a status.")),
        (
          "ecovelo-sdk://finish?status=<script>",
          .error(message: "Ecovelo ended with an unknown status.")
        ),
        (
          "ecovelo-sdk://finish?status=success&status=error",
          .error(message: "Ecovelo ended with conflicting results.")
        ),
        (
          "ecovelo-sdk://finish?status=error&message=%FF%FE",
          .error(message: "Ecovelo ended with a result that could not be decoded.")
        ),
        (
          "ecovelo-sdk://finish?status=error&message=\(String(repeating: "z", count: 5000))",
          .error(message: "Ecovelo ended with an error whose message is too long to show.")
        ),
      ] as [(String, EcoveloFinish)])
    func resolve(text: String, finish: EcoveloFinish) throws {
      #expect(EcoveloFinish.resolve(text) == finish)
      let url = try #require(URL(string: text))
      #expect(EcoveloFinish.resolve(url) == finish)
    }

    @Test("init(url:) reads url.absoluteString")
    func foundationURL() throws {
      let url = try #require(
        URL(string: "ECOVELO-SDK://FINISH?status=error&message=d%C3%A9j%C3%A0+vu"))
      let finish = try EcoveloFinish(url: url)
      #expect(finish == .error(message: "déjà vu"))
    }
  }
}
