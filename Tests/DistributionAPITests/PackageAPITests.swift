import Distribution
import Foundation
import Testing

/// Installer packages through the public API alone: a folder built into a product archive with
/// PackageBuilder, then checked with PackageVerification (unsigned, its Bom and payload in
/// agreement, no app inside), and a build that cannot start names its reason.
@Suite struct PackageAPITests {
  @Test func aFolderBuildsAndItsContentsVerify() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let tree = URL(fileURLWithPath: folder.path("tools/bin"))
    try FileManager.default.createDirectory(at: tree, withIntermediateDirectories: true)
    try Data("#!/bin/sh\necho hi\n".utf8).write(to: tree.appendingPathComponent("hi"))
    let output = folder.path("Tools.pkg")
    let summary = try PackageBuilder.build(
      folder.path("tools"), to: output,
      options: PackageBuildOptions(
        identifier: "com.example.tools", version: "1.0", installLocation: "/usr/local",
        dateLimit: 1_700_000_000))
    #expect(summary.product && summary.identifier == "com.example.tools")
    #expect(summary.numberOfFiles == 3, "., ./bin and ./bin/hi")

    let verification = try PackageVerification(path: output)
    #expect(!verification.signature.isSigned && !verification.isValid)
    #expect(verification.contents.isValid && verification.apps.isEmpty)
    #expect(verification.contents.components.map(\.paths) == [3])
  }

  @Test func aSourceWithoutAnIdentifierIsRefused() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    #expect(throws: PackageBuildError.missing("--identifier", source: folder.path)) {
      try PackageBuilder.build(
        folder.path, to: folder.path("x.pkg"),
        options: PackageBuildOptions(version: "1.0"))
    }
    #expect(!FileManager.default.fileExists(atPath: folder.path("x.pkg")))
  }
}
