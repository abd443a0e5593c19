import Foundation
import ShipyardTestSupport
import Testing

@Suite struct DMGCommandTests {
  static let fixtures = PeerPolicy.dmgFixtures
  static let helloApp = SampleApps.scriptHello

  private func shipyard(_ arguments: [String]) throws -> ProcessRunner.Output {
    try ProcessRunner.run(BuiltProducts.shipyard.path, arguments)
  }

  @Test func buildWritesTheImageAndSaysWhat() throws {
    let folder = try ScratchFolder()
    defer { folder.remove() }
    let run = try shipyard([
      "dmg", "build", Self.helloApp, "-o", folder.path("Hello.dmg"), "--format", "udbz",
    ])
    #expect(run.status == 0, "\(run.standardError)")
    #expect(run.standardError.contains("wrote \(folder.path("Hello.dmg")): volume \"Hello\""))
    let inspect = try shipyard(["dmg", "inspect", folder.path("Hello.dmg")])
    let report = String(decoding: inspect.standardOutput, as: UTF8.self)
    #expect(inspect.status == 0)
    #expect(report.contains("Format: UDBZ") && report.contains("/Hello.app/Contents/MacOS/Hello"))
    #expect(report.contains("/Applications -> /Applications"))
  }

  @Test(arguments: [
    (["dmg", "build"], "missing <app-or-folder>"),
    (["dmg", "build", "x.app", "--format", "UDIF"], "unknown format \"UDIF\""),
    (["dmg", "build", "x.app", "--owner", "root"], "--owner takes <uid>:<gid>"),
    (["dmg", "build", "x.app", "--free-space", "lots"], "--free-space takes a size"),
    (["dmg", "build", "x.app", "--level", "13"], "--level takes 1 to 12 for UDZO"),
    (
      ["dmg", "build", "x.app", "--format", "udbz", "--level", "10"],
      "--level takes 1 to 9 for UDBZ"
    ),
    (["dmg", "inspect"], "missing <image.dmg>"),
    (["dmg", "mount", "x.dmg"], "unknown subcommand \"mount\" of dmg"),
  ])
  func usageErrorsExit64(arguments: [String], message: String) throws {
    let run = try shipyard(arguments)
    #expect(run.status == 64)
    #expect(run.standardError.contains(message), "\(run.standardError)")
  }

  @Test func anUnreadableFileIsNamedAndNothingIsWritten() throws {
    let folder = try ScratchFolder()
    defer { folder.remove() }
    try FileManager.default.createDirectory(
      at: folder.file("Secret.app/Contents"), withIntermediateDirectories: true)
    try folder.write(Array("top secret".utf8), to: "Secret.app/Contents/secret.txt")
    try FileManager.default.setAttributes(
      [.posixPermissions: 0], ofItemAtPath: folder.path("Secret.app/Contents/secret.txt"))
    try FileManager.default.setAttributes([.posixPermissions: 0o777], ofItemAtPath: folder.url.path)
    try folder.write(Array("previous".utf8), to: "out.dmg")
    try FileManager.default.setAttributes(
      [.posixPermissions: 0o666], ofItemAtPath: folder.path("out.dmg"))
    // root reads everything: run as nobody there.
    let command = [
      BuiltProducts.shipyard.path, "dmg", "build", folder.path("Secret.app"), "-o",
      folder.path("out.dmg"), "--force",
    ]
    let run =
      getuid() == 0
      ? try ProcessRunner.run(
        "setpriv", ["--reuid=65534", "--regid=65534", "--clear-groups"] + command)
      : try ProcessRunner.run(command[0], Array(command.dropFirst()))
    #expect(run.status == 1, "\(run.standardError)")
    #expect(
      run.standardError.contains(
        "cannot read \(folder.path("Secret.app/Contents/secret.txt")): Permission denied"),
      "\(run.standardError)")
    #expect(folder.contents == ["Secret.app", "out.dmg"])
    #expect(try Data(contentsOf: folder.file("out.dmg")) == Data("previous".utf8))
  }

  @Test(
    .enabled(if: DMGFixtures.shouldRun, DMGFixtures.skipReason),
    arguments: [
      ("hfs_xattrs-hdiutilab.dmg", Int32(0), ""),
      ("corrupt-master-crc.dmg", 0, "warning: "),
      ("corrupt-partition-crc.dmg", 1, "CRC Failed in disk image (Apple_HFS : 4)"),
      ("corrupt-mbr-crc.dmg", 1, "CRC Failed in Protective Master Boot Record (MBR : 0)"),
      ("corrupt-chunk-byte.dmg", 1, "Data Error"),
    ])
  func inspectGivesSevenZipsVerdicts(name: String, status: Int32, message: String) throws {
    let run = try shipyard([
      "dmg", "inspect", Self.fixtures.appendingPathComponent(name).path, "--json",
    ])
    #expect(run.status == status, "\(run.standardError)")
    #expect(
      message.isEmpty ? run.standardError.isEmpty : run.standardError.contains(message),
      "\(run.standardError)")
    let report = try JSONSerialization.jsonObject(with: run.standardOutput) as? [String: Any]
    #expect((report?["partitions"] as? [Any])?.count == 8)
  }
}

@Suite(.enabled(if: DMGFixtures.shouldRun, DMGFixtures.skipReason))
struct DMGVerifyCommandTests {
  private func verify(_ path: String, json: Bool = false) throws -> ProcessRunner.Output {
    try ProcessRunner.run(
      BuiltProducts.shipyard.path, ["dmg", "verify", path] + (json ? ["--json"] : []))
  }

  @Test func signedImagesVerify() throws {
    let run = try verify(
      PeerPolicy.dmgFixtures.appendingPathComponent("signed-adhoc.dmg").path, json: true)
    #expect(run.status == 0, "\(run.standardError)")
    let report = try JSONSerialization.jsonObject(with: run.standardOutput) as? [String: Any]
    #expect(report?["valid"] as? Bool == true)
  }

  /// A self-signed certificate anchors nothing: every other check holds, the chain does not.
  @Test func aSelfSignedImageIsRefused() throws {
    let run = try verify(
      PeerPolicy.dmgFixtures.appendingPathComponent("signed-selfsigned-developer-id.dmg").path,
      json: true)
    #expect(run.status == 1)
    #expect(
      run.standardError.contains(
        "certificate chain (chain ends at UID=unset, CN=Developer ID Application: CI Test (unset)"),
      "\(run.standardError)")
    let report = try JSONSerialization.jsonObject(with: run.standardOutput) as? [String: Any]
    #expect(report?["valid"] as? Bool == false)
    let findings = (report?["signature"] as? [String: Any])?["findings"] as? [[String: Any]] ?? []
    #expect(
      findings.filter { $0["ok"] as? Bool == false }.map { $0["check"] as? String } == [
        "certificate chain"
      ])
  }

  @Test func unsignedAndTamperedImagesFail() throws {
    let unsigned = try verify(
      PeerPolicy.dmgFixtures.appendingPathComponent("hfs_xattrs-hdiutilab.dmg").path)
    #expect(unsigned.status == 1 && unsigned.standardError.contains("is not signed"))
    #expect(
      String(decoding: unsigned.standardOutput, as: UTF8.self).contains(
        "Signature: none (unsigned)"))

    let folder = try ScratchFolder()
    defer { folder.remove() }
    var bytes = try Data(
      contentsOf: PeerPolicy.dmgFixtures.appendingPathComponent(
        "signed-selfsigned-developer-id.dmg"))
    bytes[100] ^= 0x01  // inside the data fork
    try bytes.write(to: folder.file("tampered.dmg"))
    let tampered = try verify(folder.path("tampered.dmg"))
    #expect(tampered.status == 1)
    #expect(
      tampered.standardError.contains("does not hold") || tampered.standardError.contains("damaged")
    )
  }
}
