import CodeSigning
import Digests
import Distribution
import Foundation
import NotaryService
import ShipyardTestSupport
import Testing

/// Native signatures with an RFC 3161 timestamp from the double's authority, checked against
/// `openssl ts -verify` and by `dmg verify`.
@Suite(
  .enabled(
    if: PeerPolicy.shouldRun(whenAvailable: NotaryDouble.isAvailable),
    Comment(rawValue: NotaryDouble.requirement)))
struct TimestampedSigningTests {
  /// A signature timestamped by the double's authority (`openssl ts -reply`): the token is in the
  /// CMS, `openssl ts -verify` accepts it for the signature's value, and `dmg verify` passes.
  @Test func timestampTokensVerifyWithOpenSSL() async throws {
    let double = try NotaryDouble()
    defer { double.stop() }
    let image = try TestPKI.unsignedImage(in: double.folder)
    let identity = try SignerIdentity.load(
      pkcs12: Array(try Data(contentsOf: double.folder.file("identity.p12"))),
      password: NotaryDouble.password, path: "identity.p12")
    let url = try #require(URL(string: "\(double.url)/tsa"))
    let client = TimestampClient(url: url, transport: .urlSession())
    try await DMGSigner(identity: identity, timestamp: { try await client.stamp($0) }).sign(image)
    // The double makes its own PKI: its root anchors both the signer and the authority.
    let roots = try TrustRoots(addingPEMFiles: [double.folder.path("root.pem")])
    let check = try DMGSignatureCheck(path: image, trustRoots: roots)
    #expect(check.isValid && check.isTimestamped, "\(check.findings)")
    // The chain is judged at the token's time, which the token's own check vouches for.
    #expect(check.findings.contains { $0.check == .timestamp && $0.ok })
    #expect(
      check.findings.last?.detail.hasSuffix("(the timestamp's time)") == true,
      "\(check.findings)")
    // Without the double's root, neither the authority nor the signer is trusted.
    let refused = try DMGSignatureCheck(path: image)
    #expect(
      refused.findings.filter { !$0.ok }.map(\.check) == [.timestamp, .certificateChain])
    let cms = try #require(try NativeSigningTests.superblob(of: image)[.signature]).dropFirst(8)
    let token = try Self.timestampToken(in: Array(cms))
    let tokenFile = try double.folder.write(token, to: "token.der")
    let digest = DigestAlgorithm.sha256.digest(
      try CMSSignatureBuilder.signatureValue(of: Array(cms)))
    let verified = try ProcessRunner.run(
      "openssl",
      [
        "ts", "-verify", "-in", tokenFile.path, "-token_in", "-digest", digest.hex, "-CAfile",
        double.folder.path("root.pem"),
      ])
    #expect(verified.status == 0, "\(verified.standardError)")
    #expect(String(decoding: verified.standardOutput, as: UTF8.self).contains("Verification: OK"))
    // Another digest is refused: the token stamps this signature only.
    let other = try ProcessRunner.run(
      "openssl",
      [
        "ts", "-verify", "-in", tokenFile.path, "-token_in", "-digest",
        String(repeating: "00", count: 32), "-CAfile", double.folder.path("root.pem"),
      ])
    #expect(other.status != 0)
  }

  /// The unsigned attribute 1.2.840.113549.1.9.16.2.14's value in a CMS ContentInfo.
  static func timestampToken(in der: [UInt8]) throws -> [UInt8] {
    let signedData = try BERElement.parse(der[...]).children()[1].children()[0].children()
    let signerInfo = try #require(try signedData.last?.children().first).children()
    let unsigned = try #require(signerInfo.first { $0.tag == 0xA1 })
    for attribute in try unsigned.children() {
      let parts = try attribute.children()
      if parts.first?.objectIdentifier == "1.2.840.113549.1.9.16.2.14" {
        return Array(try #require(try parts[1].children().first).encoded)
      }
    }
    Issue.record("no timestamp token in the CMS signature")
    return []
  }
}
