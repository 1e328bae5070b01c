// swift-tools-version: 6.2
//
// A sync design of your own, run through Glance's simulator: a small tally with a deliberate
// flaw (the watch sends its taps as application context, where only the latest survives) and
// the fixed variant (a durable queue). Its tests run, sweep and shrink both on Glance's built-in
// `default` scenario and on a scenario file of this package's own; `small-tally-sweep` sweeps
// them from the command line (`swift run -c release small-tally-sweep --jobs 4`).
//
// `make test` in Glance's root copies this package outside the repository, points the copy's
// Glance dependency at the checkout, and builds and tests it there, as an app's package would
// be; `swift test` here works too.

import PackageDescription

let package = Package(
  name: "CustomDesign",
  // Glance's lowest macOS (it needs no entry on Linux).
  platforms: [.macOS(.v13)],
  products: [
    .executable(name: "small-tally-sweep", targets: ["SmallTallySweep"])
  ],
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
    .executableTarget(
      name: "SmallTallySweep",
      dependencies: [
        "CustomDesign",
        .product(name: "GlanceSimulation", package: "Glance"),
      ]
    ),
    .testTarget(
      name: "CustomDesignTests",
      dependencies: [
        "CustomDesign",
        .product(name: "GlanceSimulation", package: "Glance"),
        .product(name: "GlanceKernel", package: "Glance"),
      ],
      // This package's own scenario files, read through `Bundle.module`.
      resources: [.copy("Scenarios")]
    ),
  ],
  swiftLanguageModes: [.v6]
)
