// swift-tools-version: 6.2
//
// A sync design of your own, run through Glance's simulator: a small tally with a deliberate
// flaw (the watch sends its taps as application context, where only the latest survives) and
// the fixed variant (a durable queue). `make test` in Glance's root builds and tests this
// package; so does `swift test` here.

import PackageDescription

let package = Package(
  name: "CustomDesign",
  dependencies: [
    // Glance itself, by path: an app's package would use `.package(url: …, from: …)`.
    .package(name: "Glance", path: "../.."),
  ],
  targets: [
    .target(
      name: "CustomDesign",
      dependencies: [
        .product(name: "GlanceSimulation", package: "Glance"),
        .product(name: "GlanceSync", package: "Glance"),
        .product(name: "GlanceKernel", package: "Glance"),
      ]
    ),
    .testTarget(
      name: "CustomDesignTests",
      dependencies: [
        "CustomDesign",
        .product(name: "GlanceSimulation", package: "Glance"),
        .product(name: "GlanceKernel", package: "Glance"),
      ]
    ),
  ],
  swiftLanguageModes: [.v6]
)
