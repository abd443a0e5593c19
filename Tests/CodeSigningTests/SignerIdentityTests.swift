import CodeSigning
import Digests
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

  /// The DER of the test PKI's PEM certificate `name`.
  static func der(_ name: String) throws -> [UInt8] {
    Array(
      try ProcessRunner.check(
        "openssl", ["x509", "-in", try TestPKI.path(name), "-outform", "DER"]))
  }

  /// A certificate exported alone, as Keychain Access exports a Developer ID identity, gets the
  /// chain of the issuers given (Apple's, by default): leaf, intermediate, root, as codesign
  /// embeds it from the keychain; with none that issues it, the signer refuses it.
  @Test func aCertificateAloneIsCompletedFromKnownIssuers() throws {
    let alone = try TestPKI.bytes("leaf.pem") + TestPKI.bytes("leaf.key")
    let issuers = [try Self.der("root.pem"), try Self.der("intermediate.pem")]
    let completed = try SignerIdentity.load(pem: alone, path: "alone.pem", issuers: issuers)
    let full = try SignerIdentity.load(pem: try TestPKI.bytes("identity.pem"), path: "id.pem")
    #expect(completed.certificatesDER == full.certificatesDER)
    try completed.checkIssuerCarried()

    let appleOnly = try SignerIdentity.load(pem: alone, path: "alone.pem")
    #expect(appleOnly.certificatesDER.count == 1, "no Apple certificate issues the test PKI's")
    #expect(throws: CodeSigningError.self) { try appleOnly.checkIssuerCarried() }
  }

  /// A known certificate that bears the issuer's name and key identifier but not its key
  /// completes nothing: the leaf's signature is checked against it.
  @Test func anIssuerOfTheSameNameButAnotherKeyIsNotTaken() throws {
    let folder = try ScratchFolder()
    defer { folder.remove() }
    let intermediate = try TestPKI.path("intermediate.pem")
    func field(_ arguments: [String]) throws -> String {
      let text = try ProcessRunner.check(
        "openssl", ["x509", "-in", intermediate, "-noout"] + arguments)
      return String(decoding: text, as: UTF8.self).split(separator: "\n").last.map(String.init)?
        .replacingOccurrences(of: "subject=", with: "").trimmingCharacters(in: .whitespaces) ?? ""
    }
    let name = try field(["-subject", "-nameopt", "compat"])
    let keyIdentifier = try field(["-ext", "subjectKeyIdentifier"])
    try ProcessRunner.check(
      "openssl",
      [
        "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", folder.path("k.pem"),
        "-out", folder.path("impostor.pem"), "-subj", name, "-days", "30",
        "-addext", "basicConstraints=critical,CA:true", "-addext", "keyUsage=keyCertSign",
        "-addext", "subjectKeyIdentifier=\(keyIdentifier)",
      ])
    let impostor = Array(
      try ProcessRunner.check(
        "openssl", ["x509", "-in", folder.path("impostor.pem"), "-outform", "DER"]))
    let alone = try TestPKI.bytes("leaf.pem") + TestPKI.bytes("leaf.key")
    let identity = try SignerIdentity.load(pem: alone, path: "alone.pem", issuers: [impostor])
    #expect(identity.certificatesDER.count == 1)
  }

  /// Apple's Developer ID intermediates, as bundled: their fingerprints, and each issued by
  /// Apple Root CA (openssl verify).
  @Test func theDeveloperIDIntermediatesAreApplesAndVerifyAgainstAppleRootCA() throws {
    let folder = try ScratchFolder()
    defer { folder.remove() }
    #expect(
      AppleIntermediateCertificates.all.map { DigestAlgorithm.sha256.digest($0).hex } == [
        "7afc9d01a62f03a2de9637936d4afe68090d2de18d03f29c88cfb0b1ba63587f",
        "f16cd3c54c7f83cea4bf1a3e6a0819c8aaa8e4a1528fd144715f350643d2df3a",
      ])
    let root = try folder.write(AppleRootCertificates.appleRootCA, to: "root.der")
    try ProcessRunner.check(
      "openssl", ["x509", "-inform", "DER", "-in", root.path, "-out", folder.path("root.pem")])
    for (index, der) in AppleIntermediateCertificates.all.enumerated() {
      let file = try folder.write(der, to: "ca\(index).der")
      try ProcessRunner.check(
        "openssl", ["x509", "-inform", "DER", "-in", file.path, "-out", folder.path("ca.pem")])
      let verified = try ProcessRunner.run(
        "openssl", ["verify", "-CAfile", folder.path("root.pem"), folder.path("ca.pem")])
      #expect(verified.status == 0, "\(verified.standardError)")
    }
  }
}
