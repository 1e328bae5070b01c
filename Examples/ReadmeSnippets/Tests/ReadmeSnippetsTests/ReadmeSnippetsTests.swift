import Foundation
import ReadmeSnippets
import Testing

/// Glance's README.md, read at test time, independently of the plugin that compiled its blocks.
private let readmeLines: [String] = {
  let readme = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent().appending(path: "README.md")
  let text = (try? String(contentsOf: readme, encoding: .utf8)) ?? ""
  return text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
}()

@Suite("README.md's Swift blocks")
struct ReadmeSnippetsTests {
  @Test("every ```swift fence is compiled, or is the one marked Package.swift fragment")
  func noBlockSkipped() {
    #expect(!readmeLines.isEmpty, "README.md was not found")
    let fences = readmeLines.indices.filter { readmeLines[$0] == "```swift" }.map { $0 + 1 }
    let marked = fences.filter { $0 >= 2 && readmeLines[$0 - 2] == "<!-- not-compiled: Package.swift fragment -->" }
    #expect(readmeBlocks.count + readmeNotCompiledFenceLines.count == fences.count)
    #expect(readmeBlocks.map(\.line) == fences.filter { !marked.contains($0) })
    #expect(readmeNotCompiledFenceLines == marked)
    #expect(!readmeBlocks.isEmpty)
  }

  @Test("each block runs without throwing", arguments: readmeBlocks.map(\.name))
  func runs(name: String) async throws {
    let block = try #require(readmeBlocks.first { $0.name == name })
    try await block.run()
  }
}
