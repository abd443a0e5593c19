import CodeSigning
import Digests
import DiskImage
import Distribution
import Foundation
import ShipyardTestSupport
import Testing

/// Native DMG signatures against peers: apple-platform-py (rcodesign's engine) reads them and
/// computes the same code and trailer digests, `dmg verify` passes, a flipped byte fails, 7-Zip
/// still tests the image (`openssl cms -verify` on the CMS: CodeSigningTests).
@Suite(.enabled(if: SigningPeers.shouldRun, "needs python3 with apple-platform-py, and openssl"))
struct NativeSigningTests {
  static let signingTime = Date().addingTimeInterval(60)

  static func identity(_ file: String = "identity.p12") throws -> SignerIdentity {
    try SignerIdentity.load(pkcs12: try TestPKI.bytes(file), password: TestPKI.password, path: file)
  }

  /// A fresh copy of Hello.dmg in `folder`, signed natively without a timestamp.
  static func signedImage(in folder: ScratchFolder) async throws -> String {
    let image = try TestPKI.unsignedImage(in: folder)
    let signer = DMGSigner(
      identity: try identity(), identifier: "com.example.hello", timestamp: nil,
      now: { signingTime })
    try await signer.sign(image)
    return image
  }

  /// apple-platform-py's JSON reading of a signed image.
  static func peerReading(_ path: String) throws -> [String: Any] {
    let output = try ProcessRunner.check(
      "python3",
      [
        "-c",
        "import apple_platform, json, sys; print(json.dumps(apple_platform.read_signature(sys.argv[1])))",
        path,
      ])
    let entities = try #require(try JSONSerialization.jsonObject(with: output) as? [[String: Any]])
    return try #require((entities.first?["entity"] as? [String: Any])?["dmg"] as? [String: Any])
  }

  @Test func applePlatformReadsOurSignature() async throws {
    let folder = try ScratchFolder()
    defer { folder.remove() }
    let image = try await Self.signedImage(in: folder)
    let dmg = try Self.peerReading(image)
    let signature = try #require(dmg["signature"] as? [String: Any])
    let directory = try #require(signature["code_directory"] as? [String: Any])
    #expect(directory["identifier"] as? String == "com.example.hello")
    #expect(directory["digest_type"] as? String == "sha256")
    #expect(directory["version"] as? String == "0x20200")
    let check = try DMGSignatureCheck(path: image, trustRoots: try TestPKI.trustRoots())
    #expect(check.isSigned && check.isValid, "\(check.findings.filter { !$0.ok })")
    #expect(check.teamIdentifier == "TEAMID1234")
    #expect(directory["team_name"] as? String == "TEAMID1234")
    let slots = try #require(directory["slot_digests"] as? [String])
    #expect(slots.count == 6)
    for zero in ["Info (1)", "Resources (3)", "Application (4)", "Entitlements (5)"] {
      #expect(slots.contains("\(zero): " + String(repeating: "0", count: 64)))
    }
    let requirements = try #require(signature["code_requirements"] as? [String])
    #expect(
      requirements == [
        "designated(3): 0: ((((identifier \"com.example.hello\") and (anchor apple generic)) "
          + "and (certificate 1[field.1.2.840.113635.100.6.2.6] /* exists */)) "
          + "and (certificate leaf[field.1.2.840.113635.100.6.1.13] /* exists */)) "
          + "and (certificate leaf[subject.OU] = \"TEAMID1234\");"
      ])
    let cms = try #require(signature["cms"] as? [String: Any])
    let signer = try #require((cms["signers"] as? [[String: Any]])?.first)
    #expect(signer["signature_verifies"] as? Int == 1)
    #expect(signer["message_digest"] as? String == check.cdhash)
    #expect(
      signer["attributes"] as? [String] == [
        "1.2.840.113549.1.9.3", "1.2.840.113549.1.9.4", "1.2.840.113549.1.9.5",
        "1.2.840.113635.100.9.1", "1.2.840.113635.100.9.2",
      ])
    #expect(
      (signer["cdhash_digests"] as? [[String]])?.first == [
        "2.16.840.1.101.3.4.2.1", check.cdhash ?? "",
      ])
    #expect((cms["certificates"] as? [Any])?.count == 3)
  }

  /// apple-platform-py signs the same unsigned image ad hoc: its code digest and its trailer slot
  /// (Rep Specific) are ours, byte for byte.
  @Test func codeAndTrailerDigestsAgreeWithApplePlatform() async throws {
    let folder = try ScratchFolder()
    defer { folder.remove() }
    let theirs = try TestPKI.unsignedImage(in: folder, name: "theirs.dmg")
    try ProcessRunner.check(
      "python3",
      ["-c", "import apple_platform, sys; apple_platform.sign(sys.argv[1])", theirs])
    let ours = try await Self.signedImage(in: folder)
    let their = try Self.codeDirectory(of: theirs)
    let our = try Self.codeDirectory(of: ours)
    #expect(their.codeDigests == our.codeDigests && our.codeDigests.count == 1)
    #expect(their.specialDigests[6] == our.specialDigests[6])
    #expect(their.codeLimit == our.codeLimit)
    // And as the peer itself prints them.
    let slots = try #require(
      ((try Self.peerReading(theirs)["signature"] as? [String: Any])?["code_directory"]
        as? [String: Any])?["slot_digests"] as? [String])
    #expect(slots.contains("Rep Specific (6): " + (our.specialDigests[6]?.hex ?? "")))
  }

  @Test func sevenZipStillTestsTheSignedImage() async throws {
    let folder = try ScratchFolder()
    defer { folder.remove() }
    let tested = try ProcessRunner.run("7zz", ["t", try await Self.signedImage(in: folder)])
    #expect(tested.status == 0, "\(tested.standardError)")
  }

  /// Every byte matters: a flipped bit fails verification, wherever it is.
  ///
  /// Every byte of the
  /// property list, signature and trailer is tried, and every 13th byte of the data fork (each
  /// try decompresses the whole image; SignatureCheckTests tries every byte of other images).
  @Test func aFlippedByteAnywhereFails() async throws {
    let folder = try ScratchFolder()
    defer { folder.remove() }
    let path = try await Self.signedImage(in: folder)
    let original = try Data(contentsOf: URL(fileURLWithPath: path))
    let file = folder.file("tampered.dmg")
    let plistOffset = Int(try DiskImageReader(path: path).trailer.plistOffset)
    var undetected: [Int] = []
    for offset in 0..<original.count where offset >= plistOffset || offset % 13 == 0 {
      var copy = original
      copy[offset] ^= 0x01
      try copy.write(to: file)
      if SignatureCheckTests.verifies(file.path) { undetected.append(offset) }
    }
    #expect(undetected.isEmpty, "\(undetected.count) flipped bytes pass: \(undetected.prefix(10))")
  }

  /// Signing a signed image replaces the signature: same layout, one superblob, still valid.
  @Test func resigningReplacesTheSignature() async throws {
    let folder = try ScratchFolder()
    defer { folder.remove() }
    let image = try TestPKI.unsignedImage(in: folder)
    let first = DMGSigner(identity: try Self.identity(), timestamp: nil, now: { Self.signingTime })
    try await first.sign(image)
    let once = try Data(contentsOf: URL(fileURLWithPath: image))
    let second = DMGSigner(
      identity: try Self.identity("identity-legacy.p12"), identifier: "other.id", timestamp: nil,
      now: { Self.signingTime })
    try await second.sign(image)
    try await first.sign(image)
    #expect(try Data(contentsOf: URL(fileURLWithPath: image)) == once)
    try await second.sign(image)
    let check = try DMGSignatureCheck(path: image, trustRoots: try TestPKI.trustRoots())
    #expect(check.isValid && check.identifier == "other.id", "\(check.findings)")
    // The identifier defaults to the file name's stem.
    #expect(first.identifier(for: "/tmp/My App.dmg") == "My App")
  }

  @Test func anExpiredCertificateLeavesTheImageUntouched() async throws {
    let folder = try ScratchFolder()
    defer { folder.remove() }
    let image = try TestPKI.unsignedImage(in: folder)
    let before = try Data(contentsOf: URL(fileURLWithPath: image))
    let signer = DMGSigner(identity: try Self.identity("expired.p12"), timestamp: nil)
    await #expect(throws: CodeSigningError.self) { try await signer.sign(image) }
    #expect(try Data(contentsOf: URL(fileURLWithPath: image)) == before)
    #expect(folder.contents == ["Hello.dmg"])
  }

  /// Stapling adds the ticket in slot 0x10002 and changes neither the code directory hash nor the
  /// CMS signature; stapling again replaces the ticket; 7-Zip and apple-platform-py still read it.
  @Test func staplingKeepsTheSignatureValid() async throws {
    let folder = try ScratchFolder()
    defer { folder.remove() }
    let image = try await Self.signedImage(in: folder)
    let before = try Self.superblob(of: image)
    let cdhash = try DMGStapler.cdhash(of: image)
    #expect(cdhash == Array(try Self.codeDirectory(of: image).cdhash.prefix(20)))
    for ticket in [Data("first ticket".utf8), Data("the served ticket".utf8)] {
      try DMGStapler.staple(ticket, to: image)
      let after = try Self.superblob(of: image)
      #expect(after[.ticket] == SuperBlobBuilder.wrapper(Array(ticket)))
      #expect(after[.codeDirectory] == before[.codeDirectory])
      #expect(after[.signature] == before[.signature])
      #expect(after[.requirements] == before[.requirements])
      #expect(try DMGStapler.cdhash(of: image) == cdhash)
      let check = try DMGSignatureCheck(path: image, trustRoots: try TestPKI.trustRoots())
      #expect(check.isValid && check.hasStapledTicket, "\(check.findings.filter { !$0.ok })")
    }
    #expect(try ProcessRunner.run("7zz", ["t", image]).status == 0)
    let signature = try #require(try Self.peerReading(image)["signature"] as? [String: Any])
    #expect(signature["blob_count"] as? Int == 4)
    #expect(
      (signature["blobs"] as? [[String: Any]])?.first { $0["magic"] as? String == "fade0c02" }?[
        "sha256"] as? String == (try Self.codeDirectory(of: image).cdhash.hex))
  }

  static func superblob(of path: String) throws -> EmbeddedSignature {
    let trailer = try DiskImageReader(path: path).trailer
    let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
    let start = Int(trailer.codeSignatureOffset)
    return try EmbeddedSignature(Array(bytes[start..<start + Int(trailer.codeSignatureLength)]))
  }

  static func codeDirectory(of path: String) throws -> CodeDirectory {
    try CodeDirectory(try #require(try superblob(of: path)[.codeDirectory]))
  }
}
