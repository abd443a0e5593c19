import CodeSigning
import Digests
import Foundation
import ShipyardTestSupport
import Testing

/// The trust policy as Gatekeeper judges a Developer ID chain: Apple's embedded roots (pinned to
/// their published fingerprints), the test PKI's chains refused without its root and anchored
/// with it, each missing Developer ID marker refused, and `openssl verify` agreeing on the chains.
@Suite(.enabled(if: SigningPeers.shouldRun, "needs python3 with apple-platform-py, and openssl"))
struct TrustPolicyTests {
  static let testRoot = "CN=Shipyard Test Root CA, O=Shipyard Test, C=US"

  /// The certificates of a test identity, leaf first.
  static func chain(_ file: String) throws -> [[UInt8]] {
    try SignedCode.identity(file).certificatesDER
  }

  /// The published SHA-256 of each root's DER (Apple's page for Apple Root CA, and macOS's
  /// TrustStore.html as public projects copy it for all three), with the root's subject.
  @Test func theEmbeddedAppleRootsAreApplesOwn() throws {
    let expected = [
      (
        "B0B1730ECBC7FF4505142C49F1295E6EDA6BCAED7E2C68C5BE91B5A11001F024",
        "C=US, O=Apple Inc., OU=Apple Certification Authority, CN=Apple Root CA"
      ),
      (
        "C2B9B042DD57830E7D117DAC55AC8AE19407D38E41D88F3215BC3A890444A050",
        "CN=Apple Root CA - G2, OU=Apple Certification Authority, O=Apple Inc., C=US"
      ),
      (
        "63343ABFB89A6A03EBB57E9B3F5FA7BE7C4F5C756F3017B3A8C488C3653E9179",
        "CN=Apple Root CA - G3, OU=Apple Certification Authority, O=Apple Inc., C=US"
      ),
    ]
    #expect(AppleRootCertificates.all.count == 3)
    #expect(TrustPolicy().anchors == AppleRootCertificates.all)
    let folder = try ScratchFolder()
    defer { folder.remove() }
    for (der, (fingerprint, subject)) in zip(AppleRootCertificates.all, expected) {
      #expect(DigestAlgorithm.sha256.digest(der).hex.uppercased() == fingerprint)
      // openssl reads each as one self-signed certificate with that subject.
      let file = try folder.write(der, to: "root.der")
      let read = try ProcessRunner.check(
        "openssl", ["x509", "-inform", "DER", "-in", file.path, "-noout", "-subject", "-issuer"])
      let text = String(decoding: read, as: UTF8.self)
      let name = subject.replacingOccurrences(of: "=", with: " = ")
      #expect(text == "subject=\(name)\nissuer=\(name)\n", "\(text)")
    }
  }

  @Test func theTestChainIsRefusedWithoutItsRootNamingWhereItEnds() throws {
    let evaluation = TrustPolicy().evaluate(chain: try Self.chain("identity.p12"), at: nil)
    #expect(!evaluation.isTrusted && evaluation.anchor == nil)
    #expect(evaluation.problem == "chain ends at \(Self.testRoot), not an Apple root")
    // Without the root in the signature, the chain ends at the intermediate's issuer.
    let noRoot = TrustPolicy().evaluate(
      chain: Array(try Self.chain("identity.p12").prefix(2)), at: nil)
    #expect(
      noRoot.problem
        == "chain ends at CN=Shipyard Test Developer ID Certification Authority, "
        + "OU=Shipyard Test CA, O=Shipyard Test, C=US, issued by \(Self.testRoot), "
        + "which is not an Apple root")
  }

  @Test func theTestChainIsAnchoredByItsRootWhenGiven() throws {
    let chain = try Self.chain("identity.p12")
    // In any order after the leaf, as a CMS certificate set holds them.
    for certificates in [chain, [chain[0], chain[2], chain[1]], Array(chain.prefix(2))] {
      let evaluation = try SignedCode.policy().evaluate(chain: certificates, at: nil)
      #expect(evaluation.isTrusted, "\(evaluation)")
      #expect(evaluation.anchor == Self.testRoot && !evaluation.anchorIsApple)
      #expect(evaluation.path.count == 3)
      #expect(evaluation.summary == "anchored by \(Self.testRoot) (added root)")
    }
  }

  @Test func aLeafWithoutTheDeveloperIDMarkerIsRefused() throws {
    let evaluation = try SignedCode.policy().evaluate(
      chain: try Self.chain("plain-leaf.p12"), at: nil)
    #expect(
      evaluation.problem
        == "leaf is not a Developer ID Application certificate (no extension "
        + "1.2.840.113635.100.6.1.13): CN=Code Signing: Shipyard Test (TEAMID1234), "
        + "OU=TEAMID1234, O=Shipyard Test, C=US")
  }

  @Test func aChainThroughAnIntermediateWithoutTheMarkerIsRefused() throws {
    let evaluation = try SignedCode.policy().evaluate(
      chain: try Self.chain("plain-ca-leaf.p12"), at: nil)
    #expect(
      evaluation.problem
        == "leaf's issuer is not a Developer ID Certification Authority (no extension "
        + "1.2.840.113635.100.6.2.6): CN=Shipyard Test Plain CA, O=Shipyard Test, C=US")
  }

  /// Apple marks the leaf's extension critical; OpenSSL does not know it, and lets it through
  /// only here.
  @Test func aCriticalDeveloperIDMarkerIsAccepted() throws {
    let evaluation = try SignedCode.policy().evaluate(
      chain: try Self.chain("critical-leaf.p12"), at: nil)
    #expect(evaluation.isTrusted, "\(evaluation)")
  }

  @Test func certificatesAreJudgedAtTheTimeGiven() throws {
    let policy = try SignedCode.policy()
    let chain = try Self.chain("identity.p12")
    #expect(policy.evaluate(chain: chain, at: Date().addingTimeInterval(300 * 86_400)).isTrusted)
    let late = policy.evaluate(chain: chain, at: Date().addingTimeInterval(400 * 86_400))
    #expect(late.problem?.hasPrefix("UID=TEAMID1234, CN=Developer ID Application") == true)
    #expect(late.problem?.contains(" is expired at ") == true, "\(late)")
    let expired = policy.evaluate(chain: try Self.chain("expired.p12"), at: nil)
    #expect(expired.problem?.contains("is expired at") == true, "\(expired)")
  }

  @Test func rootFilesThatCannotAnchorAreNamedErrors() throws {
    do {
      _ = try TrustPolicy(addingRootsFromPEMFiles: ["/nonexistent.pem"])
      Issue.record("a missing file was read")
    } catch {
      #expect("\(error)".hasPrefix("cannot read the trust root /nonexistent.pem: "))
    }
    let key = try TestPKI.path("leaf.key")
    #expect(throws: TrustPolicyError.noCertificate(path: key)) {
      try TrustPolicy(addingRootsFromPEMFiles: [key])
    }
    let intermediate = try TestPKI.path("intermediate.pem")
    #expect(
      throws: TrustPolicyError.notARoot(
        path: intermediate,
        subject: "CN=Shipyard Test Developer ID Certification Authority, OU=Shipyard Test CA, "
          + "O=Shipyard Test, C=US")
    ) {
      try TrustPolicy(addingRootsFromPEMFiles: [intermediate])
    }
  }

  /// `openssl verify` as a peer: it agrees on which test chains end at the test root (it checks
  /// no Developer ID marker, so those refusals are ours alone) and refuses them against Apple's.
  @Test(arguments: ["identity.p12", "plain-leaf.p12", "plain-ca-leaf.p12", "expired.p12"])
  func opensslVerifyAgreesOnTheChain(identity: String) throws {
    let folder = try ScratchFolder()
    defer { folder.remove() }
    let chain = try Self.chain(identity)
    let pem = { (der: [UInt8]) in
      "-----BEGIN CERTIFICATE-----\n"
        + Data(der).base64EncodedString(options: .lineLength64Characters)
        + "\n-----END CERTIFICATE-----\n"
    }
    let leaf = try folder.write(Array(pem(chain[0]).utf8), to: "leaf.pem")
    let untrusted = try folder.write(
      Array(chain.dropFirst().map(pem).joined().utf8), to: "untrusted.pem")
    let apple = try folder.write(
      Array(AppleRootCertificates.all.map(pem).joined().utf8), to: "apple.pem")
    for (roots, policy) in [
      (try TestPKI.path("root.pem"), try SignedCode.policy()), (apple.path, TrustPolicy()),
    ] {
      let peer = try ProcessRunner.run(
        "openssl",
        ["verify", "-CAfile", roots, "-untrusted", untrusted.path, leaf.path])
      let ours = policy.evaluate(chain: chain, at: nil)
      let chainHolds = ours.isTrusted || ours.problem?.hasPrefix("leaf") == true
      #expect((peer.status == 0) == chainHolds, "\(identity) against \(roots): \(ours)")
    }
  }
}
