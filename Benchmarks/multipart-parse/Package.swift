// swift-tools-version: 6.2
// The parse benchmark's Swift contender, built against the package two folders up.
import PackageDescription

let package = Package(
  name: "multipart-parse-bench",
  dependencies: [.package(name: "Shipyard", path: "../..")],
  targets: [
    .executableTarget(
      name: "parse-bench",
      dependencies: [.product(name: "Multipart", package: "Shipyard")]
    )
  ]
)
