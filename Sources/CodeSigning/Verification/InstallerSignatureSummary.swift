package import Foundation

/// Who signed a flat installer package and when, as its signatures say: read, not judged
/// (``InstallerSignatureCheck`` judges them).
///
/// The certificates are the CMS signature's, signer first, when it reads, else those the table
/// names with the signatures (leaf first); the signing time is the CMS `signingTime` attribute,
/// the signer's own claim, and the timestamp the RFC 3161 token's time and authority.
///
/// ```swift
/// let summary = InstallerSignatureSummary(certificates: rsa.certificates, cms: cms?.bytes)
/// print(summary.commonName ?? "?", summary.teamIdentifier ?? "?")
/// ```
package struct InstallerSignatureSummary: Sendable, Equatable {
  /// The certificates' subjects, `CN=…, OU=…, O=…, C=…`: the signer, then each one's issuer,
  /// then any other in the order carried.
  package let certificateChain: [String]
  /// The signer's common name, such as `Developer ID Installer: Example (TEAM123456)`.
  package let commonName: String?
  /// The signer's organizational unit: the team identifier, in an Apple certificate.
  package let teamIdentifier: String?
  /// The CMS `signingTime`.
  package let signingTime: Date?
  /// The time-stamp token's time.
  package let timestampTime: Date?
  /// The subject of the time-stamp authority's certificate, when the token carries it.
  package let timestampAuthority: String?
  /// Why the CMS signature or its token cannot be read, if one of them cannot.
  package let problem: String?

  /// Reads the signer of a package's signatures.
  ///
  /// - Parameters:
  ///   - certificates: The certificates the table names with a signature, in DER, leaf first.
  ///   - cms: The CMS signature's bytes (zero padding allowed), if the table names one.
  package init(certificates: [[UInt8]], cms: [UInt8]?) {
    var chain = certificates
    var problem: String?
    var parsed: CMSSignature?
    if let cms {
      do {
        parsed = try CMSSignature(encoded: InstallerSignatureCheck.unpadded(cms))
        chain = parsed?.certificatesDER ?? chain
      } catch {
        problem = "the CMS signature cannot be read: \(error)"
      }
    }
    let certificates = Self.ordered(chain.compactMap(X509Certificate.init(der:)))
    let leaf = certificates.first?.subjectAttributes
    certificateChain = certificates.map(\.subject)
    commonName = leaf?.first { $0.key == "CN" }?.value
    teamIdentifier = leaf?.first { $0.key == "OU" }?.value
    signingTime = parsed?.signingTime.flatMap(OpenSSL.date(asn1Text:))
    let token = parsed?.timestampToken.map { TimestampToken(encoded: $0) }
    if case .some(nil) = token { problem = problem ?? "the time-stamp token cannot be read" }
    timestampTime = token??.time
    timestampAuthority = token??.authority
    self.problem = problem
  }

  /// `certificates` from the first (the signer) up through each one's issuer, then the others
  /// in their order.
  private static func ordered(_ certificates: [X509Certificate]) -> [X509Certificate] {
    guard var last = certificates.first else { return [] }
    var ordered = [last]
    var rest = Array(certificates.dropFirst())
    while last.issuer != last.subject,
      let next = rest.firstIndex(where: { $0.subject == last.issuer })
    {
      last = rest.remove(at: next)
      ordered.append(last)
    }
    return ordered + rest
  }
}
