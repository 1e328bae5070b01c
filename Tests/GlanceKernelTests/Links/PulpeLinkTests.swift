import Foundation
import GlanceKernel
import PropertyBased
import Testing

extension LinksTests {
  @Suite("PulpeLink")
  struct PulpeLinkTests {
    static let idText = "3f2504e0-4f89-11d3-9a0c-0305e82c3301"
    static let id = UUID(
      uuid: (
        0x3F, 0x25, 0x04, 0xE0, 0x4F, 0x89, 0x11, 0xD3, 0x9A, 0x0C, 0x03, 0x05, 0xE8, 0x2C, 0x33,
        0x01
      ))

    @Test(
      "accepts the documented forms, case-insensitive scheme and host",
      arguments: [
        ("pulpe://add-expense", PulpeLink.addExpense(budgetID: nil)),
        ("pulpe://add-expense?budgetId=\(idText)", .addExpense(budgetID: id)),
        ("pulpe://add-expense?budgetId=\(idText.uppercased())", .addExpense(budgetID: id)),
        ("pulpe://budget?id=\(idText)", .budget(id: id)),
        ("PULPE://Budget?id=\(idText)", .budget(id: id)),
        ("Pulpe://ADD-EXPENSE", .addExpense(budgetID: nil)),
        ("pulpe://budget/?id=\(idText)", .budget(id: id)),
        ("pulpe://add-expense?", .addExpense(budgetID: nil)),
        ("pulpe://budget?id=\(idText)#top", .budget(id: id)),
        ("pulpe://budget?id=\(idText)&utm_source=widget&&x", .budget(id: id)),
        ("pulpe://add-expense?budgetid=nonsense", .addExpense(budgetID: nil)),  // names are case-sensitive
        ("pulpe://budget?id=\(idText)&budgetId=\(idText)&budgetId=x", .budget(id: id)),
        ("https://app.pulpe.app/reset-password", .resetPassword),
        ("HTTPS://APP.PULPE.APP/reset-password", .resetPassword),
        ("https://app.pulpe.app/reset-password?code=abc#access_token=x", .resetPassword),
      ] as [(String, PulpeLink)])
    func accepts(text: String, link: PulpeLink) throws {
      let parsed = try PulpeLink(parsing: text)
      #expect(parsed == link, "\(text)")
    }

    @Test(
      "refuses each malformed form with its own typed error",
      arguments: [
        ("", LinkError.missingScheme),
        ("budget?id=\(idText)", .missingScheme),
        ("//budget", .missingScheme),
        ("pulpe:///add-expense", .missingHost(path: "/add-expense")),
        ("pulpe:budget?id=\(idText)", .missingHost(path: "budget")),
        ("pulpe://settings", .unknownHost("settings", scheme: "pulpe")),
        ("pulpe://reset-password", .unknownHost("reset-password", scheme: "pulpe")),
        ("pulpe://add%2Dexpense", .unknownHost("add%2dexpense", scheme: "pulpe")),
        ("pulpe://budget/details?id=\(idText)", .unexpectedPath("/details", host: "budget")),
        ("pulpe://budget", .missingParameter("id")),
        ("pulpe://budget?", .missingParameter("id")),
        ("pulpe://budget?ID=\(idText)", .missingParameter("id")),
        ("pulpe://budget?id", .missingValue(parameter: "id", position: 15)),
        ("pulpe://budget?id=", .emptyValue(parameter: "id", position: 15)),
        ("pulpe://budget?id=42", .malformedUUID(parameter: "id", value: "42")),
        (
          "pulpe://budget?id={\(idText)}",
          .malformedUUID(parameter: "id", value: "{\(idText.prefix(31))…")
        ),
        (
          "pulpe://budget?id=\(idText)%20",
          .malformedUUID(parameter: "id", value: "\(idText.prefix(32))…")
        ),
        ("pulpe://add-expense?budgetId=abc", .malformedUUID(parameter: "budgetId", value: "abc")),
        ("pulpe://budget?id=\(idText)&id=\(idText)", .duplicateParameter("id", position: 55)),
        (
          "pulpe://add-expense?budgetId=\(idText)&budgetId=",
          .duplicateParameter("budgetId", position: 66)
        ),
        ("pulpe://budget?id=%zz", .malformedPercentEscape(position: 18)),
        ("pulpe://add-expense?note=%FF", .invalidUTF8(parameter: "note", position: 25)),
        ("pulpe://budget?=\(idText)", .emptyParameterName(position: 15)),
        (
          "https://app.pulpe.app/reset-password/",
          .unexpectedPath("/reset-password/", host: "app.pulpe.app")
        ),
        (
          "https://app.pulpe.app/Reset-Password",
          .unexpectedPath("/Reset-Password", host: "app.pulpe.app")
        ),
        ("https://app.pulpe.app", .unexpectedPath("", host: "app.pulpe.app")),
        (
          "https://app.pulpe.app:443/reset-password",
          .unknownHost("app.pulpe.app:443", scheme: "https")
        ),
        ("https://pulpe.app/reset-password", .unknownHost("pulpe.app", scheme: "https")),
        ("https:///reset-password", .missingHost(path: "/reset-password")),
        (
          "http://app.pulpe.app/reset-password",
          .unexpectedScheme("http", expected: "pulpe or https")
        ),
        (
          "ecovelo-sdk://finish?status=success",
          .unexpectedScheme("ecovelo-sdk", expected: "pulpe or https")
        ),
      ] as [(String, LinkError)])
    func refuses(text: String, error: LinkError) {
      #expect(throws: error) { try PulpeLink(parsing: text) }
    }

    @Test("url is the canonical lowercase form")
    func canonicalURL() {
      #expect(PulpeLink.addExpense(budgetID: nil).url == "pulpe://add-expense")
      #expect(
        PulpeLink.addExpense(budgetID: Self.id).url == "pulpe://add-expense?budgetId=\(Self.idText)"
      )
      #expect(PulpeLink.budget(id: Self.id).url == "pulpe://budget?id=\(Self.idText)")
      #expect(PulpeLink.resetPassword.url == "https://app.pulpe.app/reset-password")
    }

    @Test("init(url:) reads url.absoluteString")
    func foundationURL() throws {
      let url = try #require(URL(string: "PULPE://Budget?id=\(Self.idText.uppercased())"))
      let link = try PulpeLink(url: url)
      #expect(link == .budget(id: Self.id))
      let bad = try #require(URL(string: "pulpe:///add-expense"))
      #expect(throws: LinkError.missingHost(path: "/add-expense")) { try PulpeLink(url: bad) }
    }

    @Test("round trip: parsing a link's url gives the link")
    func roundTrip() async {
      await propertyCheck(count: 500, input: LinkGen.pulpeLink) { link in
        let reread = try PulpeLink(parsing: link.url)
        #expect(reread == link, "\(link.url)")
      }
    }

    @Test("error descriptions name what and where")
    func descriptions() {
      #expect(
        LinkError.malformedUUID(parameter: "id", value: "42").description
          == "query parameter \"id\" is not a UUID: \"42\"")
      #expect(
        LinkError.missingHost(path: "/add-expense").description
          == "the link has no host after \"//\" (path \"/add-expense\")")
      #expect(
        LinkError.duplicateParameter("id", position: 55).description
          == "query parameter \"id\" appears again at position 55")
    }
  }
}
