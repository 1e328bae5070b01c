import Foundation
import GlanceKernel
import Testing

@testable import GlanceSimulation

/// `report.html` in a real browser: Chromium, headless, screenshots the page of a short run and
/// logs its console. `make test` installs Chromium first (`make browser`); without it these tests
/// are skipped, and say why.
@Suite(
  "report.html in headless Chromium", .serialized,
  .enabled(
    if: HeadlessChromium.find() != nil,
    "chromium is not installed: run `make browser` (or set GLANCE_CHROMIUM); report.html was not rendered"))
struct HTMLReportTests {
  static let width = 1280
  static let height = 2000
  static let timeLimitSeconds = 120

  /// A script put first in `<head>` of a copy of the page (report.html has none of its own). It
  /// notes every failed load (an `error` event caught on its way down) and every blocked one, then
  /// on `load` logs one line: the errors, the sections and the charts (SVG in a figure), the
  /// page's width (wider than the window means a horizontal scroll bar) and the tables too wide
  /// for the page (their box scrolls sideways).
  static let probe = """
    <script>
    (function () {
      var errors = [];
      window.addEventListener("error", function (event) {
        var target = event.target;
        errors.push(target && target !== window
          ? "failed to load " + target.tagName + " " + (target.src || target.href || "")
          : "script error " + event.message);
      }, true);
      document.addEventListener("securitypolicyviolation", function (event) {
        errors.push("blocked " + event.blockedURI);
      });
      window.addEventListener("load", function () {
        console.log("glance-probe: " + errors.length + " errors, "
          + document.querySelectorAll("main > section").length + " sections, "
          + document.querySelectorAll("figure > svg").length + " svg, "
          + document.documentElement.scrollWidth + " px wide, "
          + Array.prototype.filter.call(document.querySelectorAll(".wide"), function (box) {
              return box.scrollWidth > box.clientWidth;
            }).length + " tables scroll"
          + (errors.length ? ": " + errors.join("; ") : ""));
      });
    })();
    </script>
    """

  /// `page` with ``probe`` first in its `<head>`.
  static func probed(_ page: String) throws -> String {
    let head = try #require(page.range(of: "<head>"), "the page has no <head>")
    return page.replacingCharacters(in: head, with: "<head>\n" + probe)
  }

  static func temporaryFolder() throws -> URL {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("glance-html-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    return folder
  }

  @Test("a 3-day default run's report.html renders: exit 0, no console error, a 1280 × 2000 screenshot with text and FAIL cells")
  func rendersInChromium() async throws {
    let chromium = try #require(HeadlessChromium.find())
    let folder = try Self.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let outcome = try SimulationFixtures.outcome("default", days: 3, seed: 42)
    // The legacy designs break invariants within these three days, so the verdicts have FAIL cells.
    #expect(outcome.results.contains { !$0.violations.isEmpty })
    let written = URL(fileURLWithPath: try Report(outcome: outcome, scenarioReference: "default").write(into: folder.path))
    let page = try String(contentsOf: written.appendingPathComponent("report.html"), encoding: .utf8)
    let charts = try FileManager.default.contentsOfDirectory(atPath: written.path).filter { $0.hasSuffix(".svg") }.count
    let probedPage = written.appendingPathComponent("report-probed.html")
    try Self.probed(page).write(to: probedPage, atomically: true, encoding: .utf8)
    let screenshot = folder.appendingPathComponent("report.png")

    let run = try await chromium.screenshot(
      probedPage, to: screenshot, width: Self.width, height: Self.height, folder: folder,
      timeLimitSeconds: Self.timeLimitSeconds)

    #expect(!run.timedOut, "chromium ran past \(Self.timeLimitSeconds) s")
    #expect(run.status == 0, "chromium exited with \(run.status):\n\(run.log.suffix(3000))")
    // The probe's line, and nothing else: Blink logs its own errors (an SVG attribute it cannot
    // parse, a blocked load) as console lines too.
    // One table scrolls at this width: the fault counts, 14 kinds wide since the store-locks
    // family's two kinds (store-busy, dead10cc) joined; every other table fits.
    let expected = "\"glance-probe: 0 errors, 8 sections, \(charts) svg, \(Self.width) px wide, 1 tables scroll\""
    #expect(run.consoleLines.count == 1, "console:\n\(run.consoleLines.joined(separator: "\n"))")
    #expect(run.consoleLines.first?.contains(expected) == true, "console:\n\(run.consoleLines.joined(separator: "\n"))")
    try Self.checkScreenshot(screenshot)
  }

  /// The screenshot is the window's size, and shows the page: see the comments for the figures.
  static func checkScreenshot(_ file: URL) throws {
    let data = try Data(contentsOf: file)
    let size = try PNGImage.size(of: data)
    #expect(size.width == width)
    #expect(size.height == height)
    let image = try PNGImage(data)
    // Ink: pixels darker than light grey. A blank page has none; the report's first 2000 px
    // (header, verdicts, explanations, tables) measured about 4.5 % (Chromium 156, DejaVu fonts).
    let ink = image.count { $0 < 160 && $1 < 160 && $2 < 160 }
    #expect(ink * 100 >= image.width * image.height, "only \(ink) dark pixels: a blank or unstyled page?")
    #expect(ink * 100 <= 30 * image.width * image.height, "\(ink) dark pixels: a page that is mostly black?")
    // The title: dark pixels in the top 80 rows.
    var title = 0
    for y in 0..<80 { for x in 0..<image.width where image.rgb(x, y).red < 80 { title += 1 } }
    #expect(title >= 500, "\(title) dark pixels in the title rows")
    // FAIL cells are tinted #FBE0DE by the style sheet: solid areas of that exact colour prove
    // the CSS applied and a FAIL reached the table. One cell is about 90 × 22 px.
    let tint = image.count { abs(Int($0) - 0xFB) <= 2 && abs(Int($1) - 0xE0) <= 2 && abs(Int($2) - 0xDE) <= 2 }
    #expect(tint >= 1_000, "\(tint) pixels of the FAIL tint")
  }

  @Test("the probe sees errors: a planted missing image, a bad SVG path and a table too wide are reported")
  func consoleCheckSeesPlantedErrors() async throws {
    let chromium = try #require(HeadlessChromium.find())
    let folder = try Self.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let planted =
      "<!DOCTYPE html>\n<html><head></head><body><main><section><p>planted</p>"
      + "<img src=\"missing.png\" alt=\"\"/><figure><svg width=\"10\" height=\"10\"><path d=\"M 0 NaN\"/></svg></figure>"
      + "<div class=\"wide\" style=\"overflow-x: auto\"><table><tr><td style=\"min-width: 1000px\">wide</td></tr></table></div>"
      + "</section></main></body></html>\n"
    let page = folder.appendingPathComponent("planted.html")
    try Self.probed(planted).write(to: page, atomically: true, encoding: .utf8)

    let run = try await chromium.screenshot(
      page, to: folder.appendingPathComponent("planted.png"), width: 600, height: 300, folder: folder,
      timeLimitSeconds: Self.timeLimitSeconds)

    #expect(run.status == 0, "chromium exited with \(run.status):\n\(run.log.suffix(3000))")
    let console = run.consoleLines.joined(separator: "\n")
    #expect(console.contains("glance-probe: 1 errors, 1 sections, 1 svg, 600 px wide, 1 tables scroll"), "console:\n\(console)")
    #expect(console.contains("failed to load IMG"), "console:\n\(console)")
    #expect(console.contains("<path> attribute d"), "console:\n\(console)")
    #expect(run.consoleLines.count == 2, "console:\n\(console)")
  }
}
