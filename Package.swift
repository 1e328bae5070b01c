// swift-tools-version: 6.2
//
// Glance: the data layer behind an iOS app, its home-screen widgets and its watch companion.
//
// Dependency direction is one way:
//   simulate -> GlanceSimulation -> GlanceSync -> GlanceKernel -> Foundation, and for integers
//   beyond Int64 either CGMP (system GMP) or attaswift/BigInt (see the trait `GMP` below).
//   GlanceSync is the converged design as engines an app ships; it depends on the kernel alone
//   and talks to the platform through ports (event log, peer link, widget reloader, wake-ups).
//   GlanceSimulation also reads scenario files with Yams; only `simulate` uses ArgumentParser.
//   GlanceStore -> GlanceKernel and GRDB (which links the system SQLite, libsqlite3-dev on Linux):
//   the replicated event log on a real database, shared by the app, widget and watch processes.
//
// Compilation conditions:
//   GLANCE_GMP              The kernel's big integers go through GMP. On with the package trait
//                           `GMP` (a default trait) on Linux and macOS; off on iOS, watchOS and
//                           tvOS, and with `--disable-default-traits` (or `traits: []` in a
//                           consumer's dependency), where attaswift/BigInt takes over: pure Swift,
//                           nothing to cross-compile, no LGPL terms in a statically linked app.
//   GLANCE_INTERNAL_CHECKS  Deep invariant checks and the live GMP box counter that the tests
//                           read. On only with the package trait `InternalChecks`, off by default,
//                           so never in an app's build of Glance: `make test` enables it (debug),
//                           `make bench` measures the shipping code without it, `make fuzz` turns it
//                           on in its release build.
//   FUZZING                 Set by `make fuzz` only: `glance-fuzz` hands its arguments to libFuzzer
//                           (built with `-sanitize=fuzzer,address`) instead of replaying files.

import PackageDescription

/// Where GMP is a system library a package can link (pkg-config on Linux, Homebrew on macOS).
let gmpPlatforms: [Platform] = [.linux, .macOS]

/// GMP's module, in the builds that use it.
let gmp: Target.Dependency = .target(name: "CGMP", condition: .when(platforms: gmpPlatforms, traits: ["GMP"]))

/// One list of settings for every target (the swift-argument-parser / swift-dependencies habit).
///
/// No warning control here: a setting in this list reaches every package that builds Glance, and
/// a new compiler's new warning must never break an app's build. Glance's own builds (`make`,
/// CI) treat warnings as errors with `-Xswiftc -warnings-as-errors` (the Makefile's `STRICT`).
let sharedSettings: [SwiftSetting] = [
  .enableUpcomingFeature("ExistentialAny"),
  .enableUpcomingFeature("InternalImportsByDefault"),
  .enableUpcomingFeature("MemberImportVisibility"),
  .define("GLANCE_INTERNAL_CHECKS", .when(traits: ["InternalChecks"])),
  .define("GLANCE_GMP", .when(platforms: gmpPlatforms, traits: ["GMP"])),
]

let package = Package(
  name: "Glance",
  // GRDB 7 needs iOS 13, macOS 10.15, watchOS 7; the kernel's `Regex`-free, `Atomic`-free code
  // and Swift 6's concurrency checking are comfortable from iOS 16, macOS 13, watchOS 9.
  platforms: [.iOS(.v16), .macOS(.v13), .watchOS(.v9), .tvOS(.v16)],
  products: [
    .library(name: "GlanceKernel", targets: ["GlanceKernel"]),
    .library(name: "GlanceSync", targets: ["GlanceSync"]),
    .library(name: "GlanceSimulation", targets: ["GlanceSimulation"]),
    .library(name: "GlanceStore", targets: ["GlanceStore"]),
    .executable(name: "simulate", targets: ["simulate"]),
  ],
  traits: [
    .default(enabledTraits: ["GMP"]),
    .trait(
      name: "GMP",
      description: "Big integers through GMP on Linux and macOS (else attaswift/BigInt, pure Swift)."),
    .trait(
      name: "InternalChecks",
      description: "Deep invariant checks and the live GMP box counter the tests read; off in an app's build."),
  ],
  dependencies: [
    // Ranges from the lowest version Glance was built and tested with, so that an app resolves
    // Glance beside its own pins.
    .package(url: "https://github.com/x-sheep/swift-property-based.git", from: "2.0.1"),
    .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.8.2"),
    // Yams 5 or 6: an app that pins either resolves Glance beside it (Examples/KernelConsumer
    // pins 5; the scenario tests run with both, see `make test-variants`).
    .package(url: "https://github.com/jpsim/Yams.git", "5.0.1"..<"7.0.0"),
    .package(url: "https://github.com/groue/GRDB.swift.git", from: "7.10.0"),
    // The kernel's big integers where GMP is not used (iOS, watchOS, tvOS, or the trait off).
    .package(url: "https://github.com/attaswift/BigInt.git", from: "6.0.1"),
  ],
  targets: [
    // MARK: Implementation details

    /// GMP through pkg-config; `make deps` installs libgmp-dev when it is missing.
    .systemLibrary(
      name: "CGMP",
      pkgConfig: "gmp",
      providers: [.apt(["libgmp-dev"])]
    ),

    // MARK: Public API

    .target(
      name: "GlanceKernel",
      dependencies: [gmp, .product(name: "BigInt", package: "BigInt")],
      swiftSettings: sharedSettings
    ),

    /// The converged design as code an app ships: engines for the app, the widget and the watch,
    /// talking to the platform only through ports. The kernel is its only dependency.
    .target(
      name: "GlanceSync",
      dependencies: ["GlanceKernel"],
      swiftSettings: sharedSettings
    ),

    .target(
      name: "GlanceSimulation",
      dependencies: ["GlanceSync", "GlanceKernel", .product(name: "Yams", package: "Yams")],
      swiftSettings: sharedSettings
    ),

    .target(
      name: "GlanceStore",
      dependencies: [
        "GlanceKernel", .product(name: "GRDB", package: "GRDB.swift"), .product(name: "GRDBSQLite", package: "GRDB.swift"),
      ],
      swiftSettings: sharedSettings
    ),

    .executableTarget(
      name: "simulate",
      dependencies: [
        "GlanceSimulation", "GlanceKernel", "GlanceStore",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ],
      swiftSettings: sharedSettings
    ),

    /// Several writer processes killed at random: no acknowledged write may be lost
    /// (`make stress`; a short run is part of `make test`).
    .executableTarget(
      name: "glance-store-stress",
      dependencies: [
        "GlanceStore", "GlanceKernel",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ],
      swiftSettings: sharedSettings
    ),

    // MARK: Benchmarks (run by `make bench`, never by `make test`)

    .executableTarget(
      name: "glance-bench",
      dependencies: ["GlanceKernel", "GlanceSimulation", gmp],
      path: "Benchmarks/GlanceBench",
      swiftSettings: sharedSettings
    ),

    /// `make bench-store`: EventStore against raw SQLite, and `simulate --store sqlite`.
    .executableTarget(
      name: "glance-store-bench",
      dependencies: [
        "GlanceStore", "GlanceKernel",
        .product(name: "GRDB", package: "GRDB.swift"),
        .product(name: "GRDBSQLite", package: "GRDB.swift"),
      ],
      path: "Benchmarks/GlanceStoreBench",
      swiftSettings: sharedSettings
    ),

    // MARK: Fuzzing (`make fuzz`; `make test` replays the committed corpus)

    /// libFuzzer's `LLVMFuzzerRunDriver`, declared for Swift. Nothing to link: the `FUZZING`
    /// build links libFuzzer through `-sanitize=fuzzer`, and only that build calls it.
    .systemLibrary(
      name: "CLibFuzzer",
      path: "Fuzz/CLibFuzzer"
    ),

    /// One executable for every fuzz target: it replays files, or (`FUZZING`) runs libFuzzer.
    .executableTarget(
      name: "glance-fuzz",
      dependencies: ["GlanceKernel", "GlanceSync", "GlanceSimulation", "CLibFuzzer"],
      path: "Fuzz/Sources",
      swiftSettings: sharedSettings
    ),

    // MARK: Tests

    /// What the test targets share (a seeded generator for test data, running built executables).
    .target(
      name: "GlanceTestSupport",
      path: "Tests/GlanceTestSupport",
      swiftSettings: sharedSettings
    ),

    .testTarget(
      name: "GlanceKernelTests",
      dependencies: [
        "GlanceKernel", "GlanceTestSupport",
        .product(name: "PropertyBased", package: "swift-property-based"),
      ],
      swiftSettings: sharedSettings
    ),

    .testTarget(
      name: "GlanceSyncTests",
      dependencies: [
        "GlanceSync", "GlanceKernel", "GlanceTestSupport",
        .product(name: "PropertyBased", package: "swift-property-based"),
      ],
      swiftSettings: sharedSettings
    ),

    .testTarget(
      name: "GlanceSimulationTests",
      dependencies: [
        "GlanceSimulation", "GlanceSync", "GlanceKernel", "GlanceTestSupport",
        .product(name: "PropertyBased", package: "swift-property-based"),
      ],
      swiftSettings: sharedSettings
    ),

    .testTarget(
      name: "GlanceStoreTests",
      dependencies: [
        "GlanceStore", "GlanceKernel", "GlanceTestSupport",
        // Raw SQL in tests: the schema's constraints, planted bad rows, another "process".
        .product(name: "GRDB", package: "GRDB.swift"),
        .product(name: "PropertyBased", package: "swift-property-based"),
      ],
      swiftSettings: sharedSettings
    ),
  ],
  swiftLanguageModes: [.v6]
)
