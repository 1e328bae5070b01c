import GlanceKernel
import Testing

extension LinksTests {
  @Suite("EcoveloConfig")
  struct EcoveloConfigTests {
    /// A token no text would contain by chance.
    static let secret = "eyJhbGciOiJIUzI1NiJ9.SECRET-tok3n_Zq9xW7.sig-Vb2Kp0"

    @Test("accepts a valid configuration and keeps its fields")
    func acceptsValid() throws {
      let config = try EcoveloConfig(token: Self.secret, programID: "bzh_velo-2", theme: .dark)
      #expect(config.token == Self.secret)
      #expect(config.programID == "bzh_velo-2")
      #expect(config.theme == .dark)
      let noProgram = try EcoveloConfig(token: "t", programID: nil, theme: .system)
      #expect(noProgram.programID == nil)
      let longest = String(repeating: "A", count: EcoveloConfig.tokenLengthMax)
      _ = try EcoveloConfig(
        token: longest, programID: String(repeating: "p", count: 64), theme: .light)
    }

    @Test(
      "refuses each invalid field, naming it and the reason",
      arguments: [
        ("", "p", EcoveloConfigError.emptyToken),
        (String(repeating: "a", count: 16_385), "p", .tokenTooLong(length: 16_385, limit: 16_384)),
        ("abc def", "p", .tokenWhitespace(position: 3)),
        ("abc\u{00A0}def", "p", .tokenWhitespace(position: 3)),
        ("abc\ndef", "p", .tokenControlCharacter(position: 3)),
        ("abc\u{85}", "p", .tokenControlCharacter(position: 3)),
        ("\u{7F}", "p", .tokenControlCharacter(position: 0)),
        ("abcé", "p", .tokenNonASCII(position: 3)),
        ("ab\u{200B}", "p", .tokenNonASCII(position: 2)),
        ("tok", "", .emptyProgramID),
        ("tok", String(repeating: "p", count: 65), .programIDTooLong(length: 65, limit: 64)),
        ("tok", "bzh velo", .programIDCharacter(" ", position: 3)),
        ("tok", "bzh.velo", .programIDCharacter(".", position: 3)),
        ("tok", "vélo", .programIDCharacter("é", position: 1)),
      ] as [(String, String, EcoveloConfigError)])
    func refuses(token: String, programID: String, error: EcoveloConfigError) {
      #expect(throws: error) {
        try EcoveloConfig(token: token, programID: programID, theme: .system)
      }
    }

    @Test("the token never appears in any textual or reflected form")
    func tokenIsRedacted() throws {
      let config = try EcoveloConfig(token: Self.secret, programID: "bzh", theme: .dark)
      var dumped = ""
      dump(config, to: &dumped)
      var dumpedArray = ""
      dump([config], to: &dumpedArray)
      let mirrorChildren = Mirror(reflecting: config).children.map {
        "\($0.label ?? ""): \($0.value)"
      }
      let forms = [
        config.description, config.debugDescription, String(describing: config),
        String(reflecting: config), "\(config)", dumped, dumpedArray, "\([config])",
        String(describing: Optional(config)), mirrorChildren.joined(separator: ", "),
      ]
      for form in forms {
        #expect(!form.contains(Self.secret), "\(form)")
        #expect(!form.contains("SECRET"), "\(form)")
      }
      #expect(
        config.description
          == "EcoveloConfig(token: <redacted, \(Self.secret.count) characters>, programID: \"bzh\", theme: dark)"
      )
      #expect(dumped.contains("<redacted, \(Self.secret.count) characters>"))
    }

    @Test("no error description contains the token")
    func errorsDoNotLeak() {
      let tokens = [
        Self.secret + " x", Self.secret + "\n", Self.secret + "é",
        String(repeating: Self.secret, count: 400),
      ]
      for token in tokens {
        do throws(EcoveloConfigError) {
          _ = try EcoveloConfig(token: token, programID: nil, theme: .system)
          Issue.record("accepted an invalid token")
        } catch {
          #expect(!error.description.contains("SECRET"), "\(error)")
          #expect(!String(reflecting: error).contains("SECRET"))
        }
      }
    }

    @Test("the advisory expiry reads the token")
    func expiry() throws {
      let config = try EcoveloConfig(token: "opaque-token", programID: nil, theme: .system)
      let now = Instant(millisecondsSince1970: 0)
      #expect(config.tokenExpiry(now: now, leeway: 0) == .malformed(.partCount(1)))
    }
  }
}
