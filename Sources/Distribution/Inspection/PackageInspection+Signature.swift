import CodeSigning
import Foundation
import XarArchive

extension PackageInspection {
  /// Who signed the package and when, as its signatures say: a summary, not a verdict (run
  /// ``PackageSignatureCheck``, or `pkg verify`, to check them).
  public struct Signature: Sendable, Codable, Equatable {
    /// The signatures the table names: `RSA` (`<signature>`), `CMS` (`<x-signature>`).
    public let styles: [String]
    /// The signer's common name, such as `Developer ID Installer: Example (TEAM123456)`.
    public let commonName: String?
    /// The signer's organizational unit: the team identifier, in an Apple certificate.
    public let teamIdentifier: String?
    /// The certificates' subjects, `CN=…, OU=…, O=…, C=…`, signer first (the CMS signature's,
    /// else those the table names).
    public let certificateChain: [String]
    /// The CMS `signingTime` (the signer's own claim), in ISO 8601, if any.
    public let signingTime: String?
    /// The RFC 3161 timestamp, if the CMS signature carries one.
    public let timestamp: Timestamp?
    /// Why the CMS signature or its timestamp cannot be read, if one of them cannot.
    public let problem: String?

    /// The signatures `reader` read, or `nil` when the table names none.
    init?(_ reader: XarReader) {
      guard !reader.signatures.isEmpty else { return nil }
      let cms = reader.signature(.cms)
      let summary = InstallerSignatureSummary(
        certificates: (cms ?? reader.signatures[0]).certificates, cms: cms?.bytes)
      styles = reader.signatures.map(\.style.description)
      commonName = summary.commonName
      teamIdentifier = summary.teamIdentifier
      certificateChain = summary.certificateChain
      signingTime = summary.signingTime?.formatted(.iso8601)
      timestamp = summary.timestampTime.map { time in
        Timestamp(time: time.formatted(.iso8601), authority: summary.timestampAuthority)
      }
      problem = summary.problem
    }
  }

  /// A time-stamp authority's token: when it says the signature existed, and who says so.
  public struct Timestamp: Sendable, Codable, Equatable {
    /// The token's time, in ISO 8601.
    public let time: String
    /// The subject of the authority's certificate, when the token carries it.
    public let authority: String?
  }
}
