import GlanceKernel
import PropertyBased
import Testing

extension LinksTests {
  @Suite("URLQuery")
  struct URLQueryTests {
    typealias Item = URLQuery.Item

    @Test("splits on & and the first =, keeps order and duplicates, decodes + and %XX")
    func splitsAndDecodes() throws {
      let query = try URLQuery(parsing: "a=1&b&c=&d=x%20y+z&a=2&e=b=c&f=%2B%C3%A9")
      #expect(
        query.items == [
          Item(name: "a", value: "1"), Item(name: "b", value: nil), Item(name: "c", value: ""),
          Item(name: "d", value: "x y z"), Item(name: "a", value: "2"),
          Item(name: "e", value: "b=c"), Item(name: "f", value: "+é"),
        ])
    }

    @Test("names are decoded too, and raw non-ASCII characters are kept as written")
    func namesDecodedRawKept() throws {
      let query = try URLQuery(parsing: "st%61tus=r%C3%A9ussi&mot+cl%C3%A9=caf%C3%A9 noir&é=à")
      #expect(
        query.items == [
          Item(name: "status", value: "réussi"), Item(name: "mot clé", value: "café noir"),
          Item(name: "é", value: "à"),
        ])
    }

    @Test("wholly empty items are skipped", arguments: ["", "&", "&&", "&a=1", "a=1&", "&&a=1&&"])
    func emptyItemsSkipped(text: String) throws {
      let query = try URLQuery(parsing: text)
      #expect(query.items == (text.contains("a") ? [Item(name: "a", value: "1")] : []))
    }

    @Test(
      "malformed queries throw a typed error with the position",
      arguments: [
        ("=x", LinkError.emptyParameterName(position: 0)),
        ("a=1&=x", .emptyParameterName(position: 4)),
        ("a=1&=", .emptyParameterName(position: 4)),
        ("m=%zz", .malformedPercentEscape(position: 2)),
        ("m=ok%4", .malformedPercentEscape(position: 4)),
        ("m=%4&n=1", .malformedPercentEscape(position: 2)),
        ("m=%", .malformedPercentEscape(position: 2)),
        ("%g1=x", .malformedPercentEscape(position: 0)),
        ("m=%FF", .invalidUTF8(parameter: "m", position: 2)),
        ("a=1&m=caf%C3", .invalidUTF8(parameter: "m", position: 6)),
        ("m=%C0%AF", .invalidUTF8(parameter: "m", position: 2)),  // overlong "/"
        ("m=%ED%A0%80", .invalidUTF8(parameter: "m", position: 2)),  // a surrogate
        ("%FF=1", .invalidUTF8(parameter: "%FF", position: 0)),
      ] as [(String, LinkError)])
    func rejects(text: String, error: LinkError) {
      #expect(throws: error) { try URLQuery(parsing: text) }
    }

    @Test("percentEncode keeps only unreserved characters, uppercase escapes, space as %20")
    func percentEncodeExamples() {
      #expect(URLQuery.percentEncode("a b+c/é~-._") == "a%20b%2Bc%2F%C3%A9~-._")
      #expect(URLQuery.percentEncode("&=%#?") == "%26%3D%25%23%3F")
      #expect(URLQuery.percentEncode("😀") == "%F0%9F%98%80")
      let query = URLQuery(items: [
        Item(name: "status", value: "error"), Item(name: "flag", value: nil),
      ])
      #expect(query.percentEncoded == "status=error&flag")
    }

    @Test("round trip: parsing the encoded query gives the same items")
    func roundTrip() async {
      let name = zip(LinkGen.messageCharacter, LinkGen.message).map { first, rest in
        String(first) + rest
      }
      let item = zip(name, LinkGen.message, Gen.int(in: 0...3)).map { name, value, noValue in
        URLQuery.Item(name: name, value: noValue == 0 ? nil : value)
      }
      await propertyCheck(count: 300, input: item.array(of: 0...6)) { items in
        let query = URLQuery(items: items)
        let encoded = query.percentEncoded
        let reread = try URLQuery(parsing: encoded)
        #expect(reread == query, "\(encoded)")
      }
    }

    @Test("percentEncode's output is only unreserved characters and uppercase %XX")
    func encodedAlphabet() async {
      let allowed = Set(
        "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~%".unicodeScalars)
      await propertyCheck(count: 300, input: LinkGen.message) { message in
        let encoded = URLQuery.percentEncode(message)
        #expect(encoded.unicodeScalars.allSatisfy { allowed.contains($0) }, "\(encoded)")
        let escapes = encoded.split(separator: "%", omittingEmptySubsequences: false).dropFirst()
        #expect(escapes.allSatisfy { $0.prefix(2).allSatisfy { "0123456789ABCDEF".contains($0) } })
      }
    }
  }
}
