// swift-tools-version:6.2
import PackageDescription

/// Settings every target of ours builds with: upcoming language features now, and warnings as
/// errors so that main stays clean.
let strictSettings: [SwiftSetting] = [
  .enableUpcomingFeature("MemberImportVisibility"),
  .enableUpcomingFeature("InternalImportsByDefault"),
  .enableUpcomingFeature("ExistentialAny"),
  .treatAllWarnings(as: .error),
]

let package = Package(
  name: "Shipyard",
  platforms: [.macOS(.v13), .iOS(.v16), .tvOS(.v16), .watchOS(.v9), .visionOS(.v1)],
  products: [
    .library(name: "Multipart", targets: ["Multipart"]),
    .library(name: "MultipartUpload", targets: ["MultipartUpload"]),
    .executable(name: "shipyard", targets: ["shipyard"]),
  ],
  targets: [
    // Low-level file and process helpers shared by our modules (package access only).
    .target(name: "SystemSupport", swiftSettings: strictSettings),
    // multipart/form-data: encoder, MIME types, streaming body reader.
    .target(name: "Multipart", dependencies: ["SystemSupport"], swiftSettings: strictSettings),
    // URLSession upload helpers; the only module that imports FoundationNetworking.
    .target(name: "MultipartUpload", dependencies: ["Multipart"], swiftSettings: strictSettings),
    // The command-line front end: argument parsing and validation, then a library call.
    .target(
      name: "ShipyardCLI",
      dependencies: ["Multipart", "MultipartUpload", "SystemSupport"],
      swiftSettings: strictSettings
    ),
    .executableTarget(
      name: "shipyard", dependencies: ["ShipyardCLI"], swiftSettings: strictSettings),
    // Helpers shared by the test targets: scratch folders, running peers, the peer policy.
    .target(
      name: "ShipyardTestSupport", path: "Tests/ShipyardTestSupport", swiftSettings: strictSettings),
    .testTarget(
      name: "MultipartTests",
      dependencies: ["Multipart", "MultipartUpload", "ShipyardTestSupport"],
      exclude: ["Peers"],
      swiftSettings: strictSettings
    ),
    .testTarget(
      name: "ShipyardCLITests",
      dependencies: ["ShipyardCLI", "shipyard", "Multipart", "ShipyardTestSupport"],
      swiftSettings: strictSettings
    ),
  ]
)
