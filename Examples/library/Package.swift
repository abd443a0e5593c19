// swift-tools-version:6.2
import PackageDescription

/// A program that builds the layout example's disk image through Shipyard's library, as
/// `shipyard dmg build --config ../layout/Hello.json` does on the command line.
let package = Package(
  name: "LibraryExample",
  platforms: [.macOS(.v13)],
  dependencies: [.package(name: "Shipyard", path: "../..")],
  targets: [
    .executableTarget(
      name: "build-hello-dmg",
      dependencies: [.product(name: "Distribution", package: "Shipyard")],
      swiftSettings: [.treatAllWarnings(as: .error)])
  ]
)
