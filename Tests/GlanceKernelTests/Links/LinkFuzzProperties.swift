import GlanceKernel
import PropertyBased
import Testing

extension LinksTests {
  /// Every entry point on arbitrary and URL-shaped text: a value or a typed error, never a trap.
  @Suite("Link parsers never trap")
  struct LinkFuzzProperties {
    static func check(_ text: String) {
      do throws(LinkError) {
        let link = try PulpeLink(parsing: text)
        let reread = try PulpeLink(parsing: link.url)
        #expect(reread == link, "\(text.debugDescription)")
      } catch {
        #expect(!error.description.isEmpty)
      }
      do throws(LinkError) {
        let finish = try EcoveloFinish(parsing: text)
        #expect(EcoveloFinish.resolve(text) == finish)
        if case .error(let message) = finish {
          #expect(message.unicodeScalars.count <= EcoveloFinish.messageLengthMax)
          #expect(
            !message.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) }
          )
        }
      } catch {
        #expect(
          EcoveloFinish.resolve(text) == .error(message: EcoveloFinish.fallbackMessage(for: error)))
      }
      do throws(LinkError) {
        _ = try URLQuery(parsing: text)
      } catch {
        #expect(!error.description.isEmpty)
      }
      do throws(EcoveloConfigError) {
        let config = try EcoveloConfig(token: text, programID: text, theme: .system)
        #expect(config.token == text)
      } catch {
        #expect(!error.description.isEmpty)
      }
    }

    @Test("arbitrary Unicode text")
    func arbitraryText() async {
      await propertyCheck(count: 2000, input: LinkGen.anyText) { text in
        Self.check(text)
      }
    }

    @Test("URL-shaped text built from escapes, separators and parameter names")
    func urlShapedText() async {
      await propertyCheck(count: 3000, input: LinkGen.urlish) { text in
        Self.check(text)
      }
    }

    @Test("an excerpt holds no control character and at most 32 scalars of the value, plus …")
    func excerptsAreBounded() async {
      await propertyCheck(count: 1000, input: LinkGen.anyText) { text in
        do throws(LinkError) {
          _ = try EcoveloFinish(
            parsing: "ecovelo-sdk://finish?status=" + URLQuery.percentEncode(text))
        } catch {
          guard case .unknownStatus(let excerpt) = error else { return }
          // Each kept scalar is itself or, for a control, at most 6 characters (`\u{9F}`).
          #expect(excerpt.unicodeScalars.count <= LinkError.excerptLengthMax * 6 + 1)
          let hasControl = text.unicodeScalars.contains {
            $0.value < 0x20 || (0x7F...0x9F).contains($0.value)
          }
          if !hasControl {
            #expect(excerpt.unicodeScalars.count <= LinkError.excerptLengthMax + 1)
          }
          #expect(
            !excerpt.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) }
          )
        }
      }
    }
  }
}
