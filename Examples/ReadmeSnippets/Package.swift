// swift-tools-version: 6.2
//
// Every Swift block of Glance's README.md, compiled and run. The build-tool plugin ReadmeBlocks
// reads ../../README.md when the library builds and turns each ```swift block into a function of
// the ReadmeSnippets module; the tests run them all, and check that none was skipped. `make test`
// in Glance's root builds and tests this package; so does `swift test` here.

import PackageDescription

let package = Package(
  name: "ReadmeSnippets",
  // Glance itself, by path: an app's package would use `.package(url: …, from: …)`.
  dependencies: [.package(name: "Glance", path: "../..")],
  targets: [
    /// Reads a README and writes its Swift blocks as functions (run by the plugin, at build time).
    .executableTarget(name: "readme-blocks"),
    .plugin(
      name: "ReadmeBlocks",
      capability: .buildTool(),
      dependencies: ["readme-blocks"]
    ),
    /// The README's blocks: one generated function per block, and the list of them.
    .target(
      name: "ReadmeSnippets",
      dependencies: [
        .product(name: "GlanceKernel", package: "Glance"),
        .product(name: "GlanceSimulation", package: "Glance"),
      ],
      plugins: ["ReadmeBlocks"]
    ),
    .testTarget(name: "ReadmeSnippetsTests", dependencies: ["ReadmeSnippets"]),
  ],
  swiftLanguageModes: [.v6]
)
