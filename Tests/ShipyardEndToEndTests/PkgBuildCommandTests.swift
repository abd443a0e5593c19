import Foundation
import ShipyardTestSupport
import Testing

/// `shipyard pkg build` as users run it: an app or a folder to a product archive or a component
/// package that the Python reader of flat packages (InstallerPackageTests/Peers/check_pkg.py)
/// and 7-Zip read back, the same bytes twice with `SOURCE_DATE_EPOCH`, clear refusals, and
/// nothing at the output after a failure.
@Suite(
  .enabled(
    if: PeerPolicy.shouldRun(whenAvailable: PackagePeers.available),
    Comment(rawValue: PackagePeers.requirement)))
struct PkgBuildCommandTests {
  static let checker = PackagePeers.checker

  /// Runs `shipyard` with `environment` added.
  static func shipyard(_ arguments: [String], environment: [String] = []) throws
    -> ProcessRunner.Output
  {
    try ProcessRunner.run("env", environment + [BuiltProducts.shipyard.path] + arguments)
  }

  /// What the checker prints of the package at `path` (as JSON text).
  static func check(_ path: String, _ kind: String) throws -> String {
    let output = try ProcessRunner.run("python3", [checker, path, "--\(kind)", "--json"])
    #expect(output.status == 0, "\(output.standardError)")
    return String(decoding: output.standardOutput, as: UTF8.self)
  }

  @Test func anAppBecomesAProductArchiveTheSameTwice() throws {
    let folder = try ScratchFolder()
    defer { folder.remove() }
    let app = folder.path("Hello.app")
    try FileManager.default.copyItem(atPath: SampleApps.scriptHello, toPath: app)
    var packages: [Data] = []
    for name in ["one", "two"] {
      let output = folder.path("\(name)/Hello.pkg")
      let run = try Self.shipyard(
        ["pkg", "build", app, "--skip-sign-app", "-o", output, "--json"],
        environment: ["SOURCE_DATE_EPOCH=1800000000"])
      #expect(run.status == 0, "\(run.standardError)")
      let report = String(decoding: run.standardOutput, as: UTF8.self)
      #expect(report.contains(#""installLocation" : "/Applications""#), "\(report)")
      #expect(report.contains(#""identifier" : "com.example.shipyard.hello""#), "\(report)")
      let checked = try Self.check(output, "product")
      #expect(checked.contains(##""href": "#Hello.pkg""##), "\(checked)")
      #expect(checked.contains(#""./Hello.app/Contents/MacOS/Hello""#), "\(checked)")
      packages.append(try Data(contentsOf: URL(fileURLWithPath: output)))
    }
    #expect(packages[0] == packages[1])
  }

  @Test func aFolderBecomesAComponentPackageWhereItIsTold() throws {
    let folder = try ScratchFolder()
    defer { folder.remove() }
    try FileManager.default.createDirectory(
      at: folder.file("tools/bin"), withIntermediateDirectories: true)
    _ = try folder.write(Array("#!/bin/sh\n".utf8), to: "tools/bin/hello")
    let output = folder.path("tools.pkg")
    let run = try Self.shipyard([
      "pkg", "build", folder.path("tools"), "--component", "--identifier", "com.example.tools",
      "--version", "1.2", "--install-location", "/usr/local", "-o", output,
    ])
    #expect(run.status == 0, "\(run.standardError)")
    #expect(run.standardOutput.isEmpty == false)
    let checked = try Self.check(output, "component")
    #expect(checked.contains(#""install-location": "/usr/local""#), "\(checked)")
    #expect(checked.contains(#""./bin/hello""#), "\(checked)")
  }

  @Test func whatIsMissingIsNamedAndNothingIsWritten() throws {
    let folder = try ScratchFolder()
    defer { folder.remove() }
    try FileManager.default.createDirectory(
      at: folder.file("tools"), withIntermediateDirectories: true)
    let output = folder.path("out.pkg")
    let noIdentifier = try Self.shipyard(["pkg", "build", folder.path("tools"), "-o", output])
    #expect(noIdentifier.status == 1)
    #expect(
      noIdentifier.standardError.contains("give --identifier"), "\(noIdentifier.standardError)")

    let app = folder.path("Hello.app")
    try FileManager.default.copyItem(atPath: SampleApps.scriptHello, toPath: app)
    let unsigned = try Self.shipyard(["pkg", "build", app, "-o", output])
    #expect(unsigned.status == 64)
    #expect(unsigned.standardError.contains("--skip-sign-app"), "\(unsigned.standardError)")

    let missing = try Self.shipyard(["pkg", "build", folder.path("nowhere"), "-o", output])
    #expect(missing.status == 1)
    #expect(missing.standardError.contains("nowhere"), "\(missing.standardError)")
    #expect(!FileManager.default.fileExists(atPath: output))
    #expect(folder.contents.allSatisfy { !$0.hasSuffix(".tmp") })
  }
}
