import Foundation
import ShipyardTestSupport
import Testing

/// Read-only folders in an app, signed by a user who is not root (every Mac user).
///
/// Nothing in such a folder can be removed until it is made writable, so a staging copy or the
/// original moved aside would stay beside the app. Root ignores permissions, so as root (CI)
/// the run goes through `setpriv` as `nobody`.
@Suite(.enabled(if: ElectronAppFixture.shouldRun, ElectronAppFixture.skipReason))
struct ReadOnlyFolderTests {
  /// Runs `shipyard arguments` as a user who is not root: this one, or `nobody` when this is
  /// root, from a copy of the program in `folder` (which `nobody` is then made to own).
  static func runUnprivileged(_ arguments: [String], in folder: ScratchFolder) throws
    -> ProcessRunner.Output
  {
    guard geteuid() == 0 else {
      return try ProcessRunner.run(BuiltProducts.shipyard.path, arguments)
    }
    let program = folder.path("shipyard")
    try FileManager.default.copyItem(atPath: BuiltProducts.shipyard.path, toPath: program)
    try ProcessRunner.check("chown", ["-R", "65534:65534", folder.url.path])
    return try ProcessRunner.run(
      "setpriv",
      ["--reuid=65534", "--regid=65534", "--clear-groups", "--", program] + arguments)
  }

  @Test func signingAnAppWithAReadOnlyFolderLeavesNothingBesideIt() throws {
    let folder = try ScratchFolder()
    defer {
      _ = try? ProcessRunner.run("chmod", ["-R", "u+rwx", folder.url.path])
      folder.remove()
    }
    let fixture = try ElectronAppFixture.write(in: folder.url)
    let locked = fixture.file("Contents/Resources/locked")
    try FileManager.default.createDirectory(at: locked, withIntermediateDirectories: false)
    try Data("kept as it is".utf8).write(to: locked.appendingPathComponent("notes.txt"))
    try FileManager.default.setAttributes([.posixPermissions: 0o555], ofItemAtPath: locked.path)

    let run = try Self.runUnprivileged(["app", "sign", fixture.url.path, "--ad-hoc"], in: folder)
    #expect(run.status == 0, "\(run.standardError)")
    // The original, moved aside once the signed copy took its place, is gone whole.
    #expect(try TreeSnapshot.stagingLeftovers(of: "Demo.app", in: folder.url) == [])
    #expect(folder.contents.filter { $0 != "shipyard" } == ["Demo.app"])
    let mode = try FileManager.default.attributesOfItem(atPath: locked.path)[.posixPermissions]
    #expect(mode as? Int == 0o555, "the signed app keeps the folder's permissions")
    #expect(FileManager.default.fileExists(atPath: fixture.file("Contents/_CodeSignature").path))
  }
}
