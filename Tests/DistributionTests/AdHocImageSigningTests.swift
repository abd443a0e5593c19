import CodeSigning
import Distribution
import Foundation
import ShipyardTestSupport
import Testing

/// `dmg sign --ad-hoc`: the native ad hoc signature of an image against apple-platform-py's
/// (rcodesign's engine signs ad hoc without a certificate), and the one rule of `dmg verify`:
/// an ad hoc image is intact, not distributable.
@Suite(.enabled(if: SigningPeers.shouldRun, "needs python3 with apple-platform-py"))
struct AdHocImageSigningTests {
  /// Two copies of one unsigned image, named alike (the identifier is the file name's stem):
  /// ours signed natively ad hoc, theirs by apple-platform-py.
  static func signedPair(in folder: ScratchFolder) async throws -> (ours: String, theirs: String) {
    for side in ["ours", "theirs"] {
      try FileManager.default.createDirectory(
        atPath: folder.path(side), withIntermediateDirectories: true)
    }
    let ours = try TestPKI.unsignedImage(in: folder, name: "ours/Hello.dmg")
    let theirs = try TestPKI.unsignedImage(in: folder, name: "theirs/Hello.dmg")
    try await DMGSigner(identity: nil, timestamp: nil).sign(ours)
    try ProcessRunner.check(
      "python3", ["-c", "import apple_platform, sys; apple_platform.sign(sys.argv[1])", theirs])
    return (ours, theirs)
  }

  @Test func ourAdHocSignatureAgreesWithApplePlatforms() async throws {
    let folder = try ScratchFolder()
    defer { folder.remove() }
    let (ours, theirs) = try await Self.signedPair(in: folder)
    let our = try NativeSigningTests.codeDirectory(of: ours)
    let their = try NativeSigningTests.codeDirectory(of: theirs)
    #expect(our.identifier == "Hello" && their.identifier == "Hello")
    #expect(our.isAdHoc && their.isAdHoc && our.flags == their.flags)
    #expect(our.teamIdentifier == nil && their.teamIdentifier == nil)
    #expect(our.codeLimit == their.codeLimit && our.codeDigests == their.codeDigests)
    // Every special slot, the empty requirement set's (2) and the trailer's (6) included.
    #expect(our.specialDigests == their.specialDigests)
    // The peer reads ours as ad hoc: no CMS, the same requirement set.
    let reading = try #require(
      try NativeSigningTests.peerReading(ours)["signature"] as? [String: Any])
    #expect(reading["cms"] is NSNull)
    let directory = try #require(reading["code_directory"] as? [String: Any])
    #expect(directory["flags"] as? String == "CodeSignatureFlags(ADHOC)")
    // And our check reads theirs as a signature that holds.
    let check = try DMGSignatureCheck(path: theirs)
    #expect(check.isSigned && check.isAdHoc && check.isValid, "\(check.findings)")
  }

  /// rcodesign's ad hoc signature of hdiutil's image (the fixtures' `signed-adhoc.dmg`), signed
  /// again by us with its identifier: the same code directory and requirement set, byte for
  /// byte (version 0x20100, as no team is named); ours adds the empty CMS blob codesign writes.
  @Test(.enabled(if: DMGFixtures.shouldRun, DMGFixtures.skipReason))
  func resigningRcodesignsAdHocImageGivesItsCodeDirectory() async throws {
    let folder = try ScratchFolder()
    defer { folder.remove() }
    let fixture = DMGFixtures.path("signed-adhoc.dmg")
    let copy = folder.path("signed-adhoc.dmg")
    try FileManager.default.copyItem(atPath: fixture, toPath: copy)
    try await DMGSigner(identity: nil, identifier: "com.example.test.dmg", timestamp: nil)
      .sign(copy)
    let theirs = try NativeSigningTests.superblob(of: fixture)
    let ours = try NativeSigningTests.superblob(of: copy)
    #expect(ours[.codeDirectory] == theirs[.codeDirectory])
    #expect(ours[.requirements] == theirs[.requirements])
    #expect(ours[.signature] == [0xFA, 0xDE, 0x0B, 0x01, 0, 0, 0, 8] && theirs[.signature] == nil)
    #expect(try NativeSigningTests.codeDirectory(of: copy).version == 0x20100)
  }

  @Test func anAdHocImageIsIntactButNotDistributable() async throws {
    let folder = try ScratchFolder()
    defer { folder.remove() }
    let (ours, theirs) = try await Self.signedPair(in: folder)
    for image in [ours, theirs] {
      let verification = try DMGVerification(path: image)
      #expect(verification.failure(for: .distributable) == .adHoc(image: image))
      let integrity = verification.failure(for: .signed)
      // The sample app's executable is a script, which only Apple's codesign signs: the image's
      // own signature holds, the app is what fails integrity.
      guard case .appDoesNotHold(image: image, app: "Hello.app", _) = integrity else {
        Issue.record("\(String(describing: integrity))")
        continue
      }
    }
  }
}
