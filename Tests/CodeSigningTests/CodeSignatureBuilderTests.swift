import CodeSigning
import Digests
import Foundation
import ShipyardTestSupport
import Testing

/// The builders' signatures: what they write, the reader reads back, and `openssl cms -verify`
/// accepts the CMS with the test CA.
@Suite(.enabled(if: SigningPeers.shouldRun, "needs python3 with apple-platform-py, and openssl"))
struct CodeSignatureBuilderTests {
  @Test func whatTheBuildersWriteTheReaderReadsBack() async throws {
    let folder = try ScratchFolder()
    defer { folder.remove() }
    let signed = try await SignedCode.make(in: folder)
    let superblob = try signed.superblob
    #expect(superblob.blobs.keys.sorted() == [0, 2, 0x10000])
    let directory = try CodeDirectory(try #require(superblob[.codeDirectory]))
    #expect(directory.identifier == "com.example.code" && directory.teamIdentifier == "TEAMID1234")
    #expect(directory.hashType == .sha256 && directory.version == 0x20200 && !directory.isAdHoc)
    #expect(directory.codeLimit == Int64(signed.code.count) && directory.pageSize == 0)
    #expect(directory.codeDigests == [DigestAlgorithm.sha256.digest(signed.code)])
    let requirements = try #require(superblob[.requirements])
    #expect(directory.specialDigests[2] == DigestAlgorithm.sha256.digest(requirements))
    #expect(directory.specialDigests[6] == [UInt8](repeating: 0, count: 32))
    #expect(directory.cdhash == signed.signature.cdhash)
    let cms = try CMSSignature(encoded: Array(try #require(superblob[.signature]).dropFirst(8)))
    #expect(cms.messageDigest == signed.signature.cdhash && !cms.isTimestamped)
    // The leaf and its chain (DER orders the certificate set by encoding, not by issuer; the
    // reader puts the signer's first, as SignerInfo's issuerAndSerialNumber names it).
    #expect(cms.certificates.count == 3)
    #expect(
      cms.certificates.first.map {
        $0.subject.contains("CN=Developer ID Application: Shipyard Test (TEAMID1234)")
          && $0.issuer.contains("CN=Shipyard Test Developer ID Certification Authority")
      } == true)
    #expect(cms.verifies(content: directory.bytes) && cms.certificatesVerify() == true)
  }

  @Test func anExpiredCertificateCannotStartASignature() throws {
    #expect(throws: CodeSigningError.self) {
      try CodeSignatureBuilder(
        identity: try SignedCode.identity("expired.p12"), timestamp: nil, signingTime: Date())
    }
  }

  /// `openssl cms -verify` accepts the CMS blob over the code directory's bytes with the test CA.
  @Test func opensslVerifiesTheCMS() async throws {
    let folder = try ScratchFolder()
    defer { folder.remove() }
    let superblob = try await SignedCode.make(in: folder).superblob
    let directory = try #require(superblob[.codeDirectory])
    let cms = try #require(superblob[.signature])
    let cmsFile = try folder.write(cms.dropFirst(8), to: "cms.der")
    let directoryFile = try folder.write(directory, to: "cd.bin")
    let arguments = [
      "cms", "-verify", "-inform", "DER", "-in", cmsFile.path, "-content", directoryFile.path,
      "-binary", "-purpose", "any", "-CAfile", try TestPKI.path("root.pem"), "-out", "/dev/null",
    ]
    let verified = try ProcessRunner.run("openssl", arguments)
    #expect(verified.status == 0, "\(verified.standardError)")
    #expect(verified.standardError.contains("Verification successful"))
    // Another CA does not vouch for it.
    let other = try ProcessRunner.run(
      "openssl", arguments.dropLast(4) + ["-CAfile", try TestPKI.path("tsa.pem")])
    #expect(other.status != 0)
  }
}
