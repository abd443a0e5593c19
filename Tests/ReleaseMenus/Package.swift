// swift-tools-version:6.2
import PackageDescription

/// The menu tests (Tests/MenusTests, Tests/MenusUIKitTests) built in release, where
/// `addDebugMenuInteraction()` must add nothing: a package of its own, so that only the menu
/// modules are compiled with optimization, not the whole of Shipyard.
let package = Package(
  name: "ReleaseMenus",
  platforms: [.macOS(.v13), .iOS(.v16)],
  dependencies: [.package(name: "Shipyard", path: "../..")],
  targets: [
    .testTarget(
      name: "ReleaseMenusTests",
      dependencies: [
        .product(name: "Menus", package: "Shipyard"),
        .product(name: "MenusUIKit", package: "Shipyard"),
      ],
      path: "Tests",
      // The root package's settings for its tests.
      swiftSettings: [
        .enableUpcomingFeature("MemberImportVisibility"),
        .enableUpcomingFeature("InternalImportsByDefault"),
        .enableUpcomingFeature("ExistentialAny"),
        .treatAllWarnings(as: .error),
      ])
  ]
)
