import CodeSigning
import Foundation
import ShipyardTestSupport
import Testing

/// Loading identities: modern and legacy PKCS#12, PEM, and the clear errors.
@Suite(.enabled(if: SigningPeers.shouldRun, "needs openssl to make the test PKI"))
struct SignerIdentityTests {
  @Test(arguments: ["identity.p12", "identity-legacy.p12"])
  func loadsPKCS12(file: String) throws {
    let identity = try SignerIdentity.load(
      pkcs12: try TestPKI.bytes(file), password: TestPKI.password, path: file)
    #expect(identity.teamIdentifier == "TEAMID1234")
    #expect(identity.subject.contains("CN=Developer ID Application: Shipyard Test (TEAMID1234)"))
    // Leaf, the intermediate, then the root: the chain is ordered by issuer.
    #expect(identity.certificatesDER.count == 3)
  }

  @Test func loadsPEM() throws {
    let identity = try SignerIdentity.load(pem: try TestPKI.bytes("identity.pem"), path: "id.pem")
    #expect(identity.teamIdentifier == "TEAMID1234")
    #expect(identity.certificatesDER.count == 3)
  }

  @Test(arguments: ["identity.p12", "identity-legacy.p12"])
  func aWrongPasswordIsNamed(file: String) throws {
    #expect(throws: CodeSigningError.wrongPassword(path: file)) {
      try SignerIdentity.load(pkcs12: try TestPKI.bytes(file), password: "nope", path: file)
    }
  }

  @Test func aCertificateWithoutItsKeyIsNamed() throws {
    #expect(throws: CodeSigningError.missingPrivateKey(path: "cert.p12")) {
      try SignerIdentity.load(
        pkcs12: try TestPKI.bytes("certificate-only.p12"), password: TestPKI.password,
        path: "cert.p12")
    }
    #expect(throws: CodeSigningError.missingPrivateKey(path: "leaf.pem")) {
      try SignerIdentity.load(pem: try TestPKI.bytes("leaf.pem"), path: "leaf.pem")
    }
    #expect(throws: CodeSigningError.missingCertificate(path: "leaf.key")) {
      try SignerIdentity.load(pem: try TestPKI.bytes("leaf.key"), path: "leaf.key")
    }
  }

  @Test func garbageIsNotAnIdentity() {
    #expect(throws: CodeSigningError.self) {
      try SignerIdentity.load(pkcs12: Array("not a p12".utf8), password: "", path: "x.p12")
    }
    let error = CodeSigningError.wrongPassword(path: "id.p12")
    #expect(!"\(error)".contains(TestPKI.password))
  }

  @Test func anExpiredCertificateIsAnError() throws {
    let identity = try SignerIdentity.load(
      pkcs12: try TestPKI.bytes("expired.p12"), password: TestPKI.password, path: "expired.p12")
    #expect {
      try identity.checkValidity(at: Date())
    } throws: { error in
      "\(error)".contains("valid from Jan  1 00:00:00 2015 GMT to Jan  2 00:00:00 2015 GMT")
    }
    try identity.checkValidity(at: Date(timeIntervalSince1970: 1_420_113_600))  // 2015-01-01 12:00
  }
}
