package import Digests
import Foundation

/// Checks the two signatures of a flat installer package over its table's digest, offline, as
/// `pkgutil --check-signature` judges them: the RSA signature (over the digest, or over its
/// digest as some older packages have it), the CMS signature (BER or DER, Apple's critical
/// Installer extension accepted), the certificates the table names against those of the CMS,
/// the signer being a Developer ID Installer, the time-stamp token, and the chain to a root of
/// the ``TrustPolicy`` at the token's time.
///
/// What the container holds (the table's digest against its bytes, the members' checksums) is
/// the caller's to check: it passes the digest it has verified and each signature's bytes and
/// certificates as the table gives them.
package struct InstallerSignatureCheck: Sendable {
  /// A signature as a package's table gives it.
  package struct Signature: Sendable {
    /// Its bytes in the heap, zero padding included.
    package var bytes: [UInt8]
    /// The certificates the table names with it, in DER, leaf first.
    package var certificates: [[UInt8]]

    /// A signature's bytes and certificates.
    package init(bytes: [UInt8], certificates: [[UInt8]]) {
      self.bytes = bytes
      self.certificates = certificates
    }
  }

  /// Every check made, in order: RSA signature, CMS message digest, CMS signature,
  /// certificates, signature certificates, installer certificate, timestamp, certificate chain.
  package let findings: [SignatureFinding]
  /// The CMS certificates' subjects, signer first.
  package let certificateChain: [String]
  /// The trust policy's verdict on the CMS certificates, `nil` without a readable CMS.
  package let trust: TrustEvaluation?
  /// Whether the CMS signature carries a time-stamp token.
  package let isTimestamped: Bool
  /// What the RSA signature was made over, when it holds.
  package let rsaForm: RSADigestSignature.Form?

  /// Checks `rsa` and `cms` over `digest`, the table digest taken with `algorithm`.
  ///
  /// - Parameters:
  ///   - digest: The table's digest (as stored, once checked against the table).
  ///   - algorithm: Its algorithm, SHA-1 or SHA-256.
  ///   - rsa: The `<signature style="RSA">`, if the table names one.
  ///   - cms: The `<x-signature style="CMS">`, if the table names one.
  ///   - policy: The roots the chain must end at; the leaf is judged as an Installer one.
  package init(
    digest: [UInt8], algorithm: DigestAlgorithm, rsa: Signature?, cms: Signature?,
    policy: TrustPolicy
  ) {
    var findings: [SignatureFinding] = []
    let rsaForm = rsa.flatMap { rsa in
      rsa.certificates.first.flatMap {
        RSADigestSignature.verify(
          rsa.bytes, digest: digest, algorithm: algorithm, certificateDER: $0)
      }
    }
    findings.append(Self.rsaFinding(rsa, form: rsaForm))
    self.rsaForm = rsaForm
    guard let cms else {
      findings.append(
        SignatureFinding(
          check: .cmsSignature, ok: false, detail: "the table names no CMS signature"))
      (self.findings, certificateChain, trust, isTimestamped) = (findings, [], nil, false)
      return
    }
    let parsed: CMSSignature
    do {
      parsed = try CMSSignature(encoded: Self.unpadded(cms.bytes))
    } catch {
      findings.append(
        SignatureFinding(check: .cmsSignature, ok: false, detail: "it cannot be read: \(error)"))
      (self.findings, certificateChain, trust, isTimestamped) = (findings, [], nil, false)
      return
    }
    let chain = parsed.certificates.map(\.subject)
    findings += SignatureCheck.cmsFindings(
      parsed, content: digest,
      digests: [DigestAlgorithm.sha256, .sha1, .sha384].map { $0.digest(digest) }, chain: chain)
    findings.append(Self.agreement(rsa: rsa, tableCMS: cms, carried: parsed.certificatesDER))
    findings.append(Self.installerFinding(parsed.certificatesDER.first))
    let judged = SignatureCheck.trustFindings(
      parsed, policy: policy.requiring(.developerIDInstaller))
    self.findings = findings + judged.findings
    certificateChain = chain
    trust = judged.evaluation
    isTimestamped = parsed.isTimestamped
  }

  /// The RSA signature's finding.
  private static func rsaFinding(_ rsa: Signature?, form: RSADigestSignature.Form?)
    -> SignatureFinding
  {
    let detail: String
    switch (rsa, form) {
    case (nil, _): detail = "the table names no RSA signature"
    case (_, .digest): detail = "over the table's digest"
    case (_, .digestOfDigest): detail = "over the digest of the table's digest (an older form)"
    case (.some(let rsa), nil):
      detail =
        rsa.certificates.isEmpty
        ? "the table names no certificate with it"
        : "it does not verify with the first certificate's key over the table's digest"
    }
    return SignatureFinding(check: .rsaSignature, ok: form != nil, detail: detail)
  }

  /// Whether the table names the same certificates with both signatures as the CMS carries,
  /// the same leaf first.
  private static func agreement(rsa: Signature?, tableCMS: Signature, carried: [[UInt8]])
    -> SignatureFinding
  {
    let lists = [("RSA", rsa?.certificates ?? carried), ("CMS", tableCMS.certificates)]
    for (name, list) in lists where list.first != carried.first || Set(list) != Set(carried) {
      return SignatureFinding(
        check: .signatureCertificates, ok: false,
        detail: "the table's certificates of the \(name) signature are not those the CMS carries"
          + (list.first != carried.first ? " (another signer)" : ""))
    }
    return SignatureFinding(
      check: .signatureCertificates, ok: true,
      detail: "\(carried.count) certificate(s), the same in the table and the CMS")
  }

  /// Whether the signer's certificate is a Developer ID Installer one.
  private static func installerFinding(_ der: [UInt8]?) -> SignatureFinding {
    guard let der, let leaf = X509Certificate(der: der) else {
      return SignatureFinding(
        check: .installerCertificate, ok: false, detail: "the CMS carries no readable signer")
    }
    let problem = TrustPolicy.leafProblem(leaf, kind: .developerIDInstaller)
    return SignatureFinding(
      check: .installerCertificate, ok: problem == nil, detail: problem ?? leaf.subject)
  }

  /// The CMS structure at the start of `bytes`, without the zeros that pad it to its space.
  static func unpadded(_ bytes: [UInt8]) throws(BERError) -> [UInt8] {
    Array(try BERElement.parse(bytes[...]).encoded)
  }
}
