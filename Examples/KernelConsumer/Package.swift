// swift-tools-version: 6.2
//
// An app's package that uses Glance's kernel beside its own pin of Yams 5 (Glance accepts Yams 5
// or 6), with Glance's default trait `GMP` off, as an iOS or watchOS app gets it: it must resolve
// and build, and its kernel runs on attaswift/BigInt with no GMP linked. `make test` in Glance's root builds and tests this package.

import PackageDescription

let package = Package(
  name: "KernelConsumer",
  dependencies: [
    // Glance itself, by path: an app's package would use `.package(url: …, from: …)`.
    // `traits: []`: no GMP, the pure-Swift big integers everywhere.
    .package(name: "Glance", path: "../..", traits: []),
    .package(url: "https://github.com/jpsim/Yams.git", exact: "5.0.1"),
  ],
  targets: [
    .target(
      name: "KernelConsumer",
      dependencies: [
        .product(name: "GlanceKernel", package: "Glance"),
        .product(name: "Yams", package: "Yams"),
      ]
    ),
    .testTarget(name: "KernelConsumerTests", dependencies: ["KernelConsumer"]),
  ]
)
