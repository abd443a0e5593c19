import DiskImage
import Distribution
import Foundation
import ShipyardTestSupport
import Testing

/// `dmg verify`'s signature reader against the signed fixtures, images we build and sign with
/// apple-platform-py (rcodesign's engine), and every possible one-byte tampering.
@Suite(.enabled(if: SigningPeers.shouldRun, "needs python3 with apple-platform-py, and openssl"))
struct SignatureCheckTests {
  static let fixtures = PeerPolicy.dmgFixtures

  /// Hello.dmg built by us, signed ad hoc and with a self-signed Developer ID-style certificate.
  static let signedImages = Result {
    () throws -> (folder: ScratchFolder, adHoc: String, signed: String, unsigned: String) in
    let folder = try ScratchFolder()
    let unsigned = folder.path("Hello.dmg")
    let app = PeerPolicy.packageRoot.appendingPathComponent("Examples/Hello.app").path
    _ = try DMGBuilder(options: DMGBuildOptions(source: app, output: unsigned, threads: 2)).build()
    try ProcessRunner.check(
      "openssl",
      [
        "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", folder.path("key.pem"), "-out",
        folder.path("cert.pem"),
        "-days", "30", "-subj",
        "/CN=Developer ID Application: Shipyard Test (TEAMID1234)/OU=TEAMID1234/O=Shipyard Test/C=US",
      ])
    let identity =
      try Data(contentsOf: folder.file("cert.pem")) + Data(contentsOf: folder.file("key.pem"))
    try identity.write(to: folder.file("identity.pem"))
    let script = """
      import apple_platform, shutil, sys
      folder = sys.argv[1]
      shutil.copy(f"{folder}/Hello.dmg", f"{folder}/adhoc.dmg")
      shutil.copy(f"{folder}/Hello.dmg", f"{folder}/signed.dmg")
      apple_platform.sign(f"{folder}/adhoc.dmg", binary_identifier="com.example.hello")
      signer = apple_platform.Signer(pem=apple_platform.PemKey(files=[f"{folder}/identity.pem"]))
      apple_platform.sign(f"{folder}/signed.dmg", signer=signer, binary_identifier="com.example.hello", timestamp_url="none")
      """
    try ProcessRunner.check("python3", ["-c", script, folder.url.path])
    return (folder, folder.path("adhoc.dmg"), folder.path("signed.dmg"), unsigned)
  }

  @Test(.enabled(if: DMGFixtures.shouldRun, DMGFixtures.skipReason))
  func theSignedFixturesVerify() throws {
    let adHoc = try DMGSignatureCheck(
      path: Self.fixtures.appendingPathComponent("signed-adhoc.dmg").path)
    #expect(adHoc.isSigned && adHoc.isValid && adHoc.isAdHoc)
    #expect(adHoc.identifier == "com.example.test.dmg" && adHoc.hashType == "sha256")
    let developerID = try DMGSignatureCheck(
      path: Self.fixtures.appendingPathComponent("signed-selfsigned-developer-id.dmg").path)
    #expect(
      developerID.isSigned && developerID.isValid && !developerID.isAdHoc, "\(developerID.findings)"
    )
    #expect(developerID.identifier == "com.example.test")
    #expect(
      developerID.certificateChain.first?.contains("CN=Developer ID Application: CI Test (unset)")
        == true)
    #expect(developerID.findings.map(\.check).contains("CMS signature"))
    #expect(!developerID.hasStapledTicket)
  }

  @Test func imagesWeBuildAndSignVerifyAndAgreeWithApplePlatform() throws {
    let images = try Self.signedImages.get()
    for path in [images.adHoc, images.signed] {
      let check = try DMGSignatureCheck(path: path)
      #expect(check.isSigned && check.isValid, "\(path): \(check.findings.filter { !$0.ok })")
      #expect(check.identifier == "com.example.hello")
      // apple-platform-py's own reader (rcodesign's) names the same code directory.
      let peer = try ProcessRunner.check(
        "python3",
        [
          "-c",
          "import apple_platform, json, sys; print(json.dumps(apple_platform.read_signature(sys.argv[1])))",
          path,
        ])
      let entities = try #require(try JSONSerialization.jsonObject(with: peer) as? [[String: Any]])
      let signature = try #require(
        ((entities.first?["entity"] as? [String: Any])?["dmg"] as? [String: Any])?["signature"]
          as? [String: Any])
      let blobs = try #require(signature["blobs"] as? [[String: Any]])
      #expect(
        blobs.first { ($0["magic"] as? String) == "fade0c02" }?["sha256"] as? String == check.cdhash
      )
    }
    #expect(
      try DMGSignatureCheck(path: images.signed).certificateChain.first?.hasPrefix(
        "CN=Developer ID Application: Shipyard Test") == true)
  }

  @Test func unsignedImagesAreReportedUnsigned() throws {
    let images = try Self.signedImages.get()
    let fixture = DMGFixtures.path("hfs_xattrs-hdiutilab.dmg")
    for path in [images.unsigned] + (DMGFixtures.shouldRun ? [fixture] : []) {
      let check = try DMGSignatureCheck(path: path)
      #expect(!check.isSigned && check.findings.isEmpty)
    }
  }

  @Test func aFlippedByteAnywhereInOurImageIsDetected() throws {
    try aFlippedByteAnywhereIsDetected(image: "ours-signed")
  }

  /// Flips one bit of each byte in turn: every change must fail verification.
  @Test(
    .enabled(if: DMGFixtures.shouldRun, DMGFixtures.skipReason),
    arguments: ["signed-selfsigned-developer-id.dmg", "signed-adhoc.dmg"])
  func aFlippedByteAnywhereIsDetected(image: String) throws {
    let path =
      image == "ours-signed"
      ? try Self.signedImages.get().signed : Self.fixtures.appendingPathComponent(image).path
    let original = try Data(contentsOf: URL(fileURLWithPath: path))
    // An ad hoc signature has no signer: its code directory can be rewritten consistently by
    // anyone (codesign accepts that too), so there every byte but the code directory's counts.
    var skipped = 0..<0
    if image == "signed-adhoc.dmg" {
      let trailer = try DiskImageReader(path: path).trailer
      let superblob = Int(trailer.codeSignatureOffset)
      let directoryOffset = Int(
        original[superblob + 16..<superblob + 20].reduce(0) { $0 << 8 | Int($1) })
      let directoryLength = Int(
        original[superblob + directoryOffset + 4..<superblob + directoryOffset + 8].reduce(0) {
          $0 << 8 | Int($1)
        })
      skipped = (superblob + directoryOffset)..<(superblob + directoryOffset + directoryLength)
    }
    let folder = try ScratchFolder()
    defer { folder.remove() }
    let file = folder.file("tampered.dmg")
    var undetected: [Int] = []
    for offset in 0..<original.count where !skipped.contains(offset) {
      var copy = original
      copy[offset] ^= 0x01
      try copy.write(to: file)
      if Self.verifies(file.path) { undetected.append(offset) }
    }
    #expect(
      undetected.isEmpty,
      "\(undetected.count) flipped bytes pass, first at \(undetected.prefix(10))")
    #expect(Self.verifies(path))
  }

  static func verifies(_ path: String) -> Bool {
    guard let reader = try? DiskImageReader(path: path),
      reader.partitions.allSatisfy({ reader.check($0) == .ok }),
      let check = try? DMGSignatureCheck(path: path)
    else { return false }
    return check.isSigned && check.isValid
  }
}
