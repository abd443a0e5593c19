import DiskImage
import Distribution
import Foundation
import ShipyardTestSupport
import Testing

/// `dmg verify`'s signature reader against the signed fixtures and every one-byte tampering.
///
/// The images are built by us and signed with apple-platform-py (rcodesign's engine) and the
/// test PKI, whose root is given as a trust root; a chain that ends elsewhere is refused.
@Suite(.enabled(if: SigningPeers.shouldRun, "needs python3 with apple-platform-py, and openssl"))
struct SignatureCheckTests {
  static let fixtures = PeerPolicy.dmgFixtures

  /// Hello.dmg built by us, signed ad hoc and with the test PKI's Developer ID-style identity.
  static let signedImages = Result {
    () throws -> (folder: ScratchFolder, adHoc: String, signed: String, unsigned: String) in
    let folder = try ScratchFolder()
    let unsigned = folder.path("Hello.dmg")
    let app = SampleApps.scriptHello
    _ = try DMGBuilder(options: DMGBuildOptions(source: app, output: unsigned, threads: 2)).build()
    try FileManager.default.copyItem(
      atPath: try TestPKI.path("identity.pem"), toPath: folder.path("identity.pem"))
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
    // Self-signed: every check holds but the chain, which ends at the certificate itself.
    let developerID = try DMGSignatureCheck(
      path: Self.fixtures.appendingPathComponent("signed-selfsigned-developer-id.dmg").path,
      trustRoots: try TestPKI.trustRoots())
    #expect(
      developerID.isSigned && !developerID.isAdHoc
        && Self.failing(developerID) == ["certificate chain"], "\(developerID.findings)")
    #expect(
      developerID.findings.last?.detail.hasPrefix(
        "chain ends at UID=unset, CN=Developer ID Application: CI Test (unset)") == true)
    #expect(developerID.anchor == nil)
    #expect(developerID.identifier == "com.example.test")
    #expect(
      developerID.certificateChain.first?.contains("CN=Developer ID Application: CI Test (unset)")
        == true)
    #expect(developerID.findings.map(\.check).contains(.cmsSignature))
    #expect(!developerID.hasStapledTicket)
  }

  @Test func imagesWeBuildAndSignVerifyAndAgreeWithApplePlatform() throws {
    let images = try Self.signedImages.get()
    for path in [images.adHoc, images.signed] {
      let check = try DMGSignatureCheck(path: path, trustRoots: try TestPKI.trustRoots())
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
    let signed = try DMGSignatureCheck(path: images.signed, trustRoots: try TestPKI.trustRoots())
    #expect(
      signed.certificateChain.first?.hasPrefix(
        "UID=TEAMID1234, CN=Developer ID Application: Shipyard Test") == true)
    #expect(signed.anchor == "CN=Shipyard Test Root CA, O=Shipyard Test, C=US")
    #expect(!signed.anchorIsApple)
  }

  /// Without the test PKI's root, the same image is refused, naming the root its chain ends at.
  @Test func aChainThatEndsAtAnUntrustedRootIsRefused() throws {
    let check = try DMGSignatureCheck(path: try Self.signedImages.get().signed)
    #expect(Self.failing(check) == ["certificate chain"])
    let chain = try #require(check.findings.first { $0.check == .certificateChain })
    #expect(
      chain.detail.hasPrefix(
        "chain ends at CN=Shipyard Test Root CA, O=Shipyard Test, C=US, not an Apple root"),
      "\(chain.detail)")
    #expect(check.anchor == nil && !check.isValid)
  }

  /// The names of the checks that fail.
  static func failing(_ check: DMGSignatureCheck) -> [String] {
    check.findings.filter { !$0.ok }.map(\.check.description)
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
    arguments: ["signed-adhoc.dmg"])
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
      let roots = try? TestPKI.trustRoots(),
      let check = try? DMGSignatureCheck(path: path, trustRoots: roots)
    else { return false }
    return check.isSigned && check.isValid
  }
}
