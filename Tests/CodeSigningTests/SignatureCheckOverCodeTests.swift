import CodeSigning
import Foundation
import ShipyardTestSupport
import SystemSupport
import Testing

/// The checks every code signature gets, over code in a plain file: each kind of damage fails
/// the finding that names it.
@Suite(.enabled(if: SigningPeers.shouldRun, "needs python3 with apple-platform-py, and openssl"))
struct SignatureCheckOverCodeTests {
  /// Checks `superblob` (the signed code's own by default) against the file at `path`.
  static func check(_ path: String, _ superblob: [UInt8]) throws -> SignatureCheck {
    let descriptor = try FileDescriptor.openForReading(path)
    defer { descriptor.close() }
    return try SignatureCheck(
      try EmbeddedSignature(superblob), code: descriptor, fileSize: try descriptor.status().size,
      policy: try SignedCode.policy())
  }

  /// The names of the findings that fail.
  static func failing(_ check: SignatureCheck) -> [String] {
    check.findings.filter { !$0.ok }.map(\.check.description)
  }

  @Test func aSignedFileChecksOut() async throws {
    let folder = try ScratchFolder()
    defer { folder.remove() }
    let signed = try await SignedCode.make(in: folder)
    let check = try Self.check(signed.path, signed.signature.superblob)
    #expect(
      check.findings.map(\.check.description) == [
        "code digest", "requirements slot", "CMS message digest", "CMS signature", "certificates",
        "certificate chain",
      ])
    #expect(Self.failing(check).isEmpty, "\(check.findings)")
    #expect(check.certificateChain.count == 3 && !check.isTimestamped && !check.hasStapledTicket)
    #expect(check.directory.identifier == "com.example.code")
    #expect(check.trust?.anchor == "CN=Shipyard Test Root CA, O=Shipyard Test, C=US")
    #expect(check.certificateChain.first?.contains("CN=Developer ID Application") == true)
  }

  @Test func aChangedByteOfCodeFailsTheCodeDigest() async throws {
    let folder = try ScratchFolder()
    defer { folder.remove() }
    let signed = try await SignedCode.make(in: folder)
    for offset in [0, 65_536, signed.code.count - 1] {
      var code = signed.code
      code[offset] ^= 0x01
      let changed = try folder.write(code, to: "changed.bin")
      let check = try Self.check(changed.path, signed.signature.superblob)
      #expect(Self.failing(check) == ["code digest"], "byte \(offset)")
    }
  }

  @Test func aCodeLimitPastTheFileFailsTheCodeDigest() async throws {
    let folder = try ScratchFolder()
    defer { folder.remove() }
    let signed = try await SignedCode.make(in: folder, codeLimit: 200_001)
    #expect(
      Self.failing(try Self.check(signed.path, signed.signature.superblob)) == ["code digest"])
  }

  @Test func changedBlobsFailTheirSlotOrTheCMS() async throws {
    let folder = try ScratchFolder()
    defer { folder.remove() }
    let signed = try await SignedCode.make(in: folder)
    let blobs = try signed.superblob.blobs
    // A requirement changed: its slot's digest no longer holds.
    var requirements = blobs
    requirements[2]?[20] ^= 0x01
    let changedRequirements = SuperBlobBuilder(blobs: requirements).bytes()
    #expect(
      Self.failing(try Self.check(signed.path, changedRequirements)) == ["requirements slot"])
    // The identifier changed (byte 52 starts it): the CMS signature no longer covers the directory.
    var directory = blobs
    directory[0]?[52] ^= 0x01
    let changedDirectory = SuperBlobBuilder(blobs: directory).bytes()
    #expect(
      Self.failing(try Self.check(signed.path, changedDirectory)) == [
        "CMS message digest", "CMS signature",
      ])
    // A blob in a slot no signature uses is named.
    var extra = blobs
    extra[0x20] = SuperBlobBuilder.wrapper([1, 2, 3])
    let withExtra = try Self.check(signed.path, SuperBlobBuilder(blobs: extra).bytes())
    #expect(withExtra.findings.contains { $0.check == .superblob && $0.detail.contains("0x20") })
    // Without the CMS blob, a signature that is not ad hoc fails.
    var unsigned = blobs
    unsigned[0x10000] = nil
    let withoutCMS = try Self.check(signed.path, SuperBlobBuilder(blobs: unsigned).bytes())
    #expect(Self.failing(withoutCMS) == ["CMS signature"])
  }

  @Test func aSuperblobWithoutACodeDirectoryIsAnError() async throws {
    let folder = try ScratchFolder()
    defer { folder.remove() }
    let signed = try await SignedCode.make(in: folder)
    var blobs = try signed.superblob.blobs
    blobs[0] = nil
    #expect(throws: SignatureError.malformed("no code directory")) {
      try Self.check(signed.path, SuperBlobBuilder(blobs: blobs).bytes())
    }
  }
}
