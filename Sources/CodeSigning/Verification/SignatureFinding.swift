/// One check of a code signature and its outcome, named for people.
public struct SignatureFinding: Sendable, Equatable, Encodable {
  /// What a finding checked.
  ///
  /// A closed set, some with the digest or slot they concern. Its description is the check's
  /// name in reports, such as `code digest (sha256)`.
  public enum Check: Sendable, Hashable, Encodable, CustomStringConvertible {
    /// Whether the code carries a signature at all (`LC_CODE_SIGNATURE`).
    case signature
    /// Whether the superblob and its blobs can be read.
    case superblob
    /// Whether the signature ends `__LINKEDIT` and the slice.
    case signaturePlacement
    /// Whether a disk image's signature lies where its `koly` trailer says.
    case layout
    /// Whether the code limit is where the signature begins, for the code directory of `hash`
    /// (`nil` when there is one).
    case codeLimit(hash: String?)
    /// Whether the code's page digests match, for the code directory of `hash`.
    case codeDigest(hash: String?)
    /// Whether special slot `number`'s digest covers its content, named such as
    /// `requirements slot` or `Info.plist slot`.
    case specialSlot(number: Int, name: String)
    /// Whether the CMS message digest names the code directory.
    case cmsMessageDigest
    /// Whether the CMS signature verifies over the code directory.
    case cmsSignature
    /// Whether each certificate the CMS carries verifies over its issuer's key.
    case certificates
    /// Whether the certificate chain ends at a trusted root.
    case certificateChain
    /// Whether the CMS's time-stamp token holds.
    case timestamp
    /// Whether a bundle's resource seal can be read.
    case resourceSeal
    /// A file added to a bundle after it was sealed.
    case resourceAdded
    /// A file sealed but missing.
    case resourceMissing
    /// A file whose content or kind differs from its seal.
    case resourceModified
    /// A symbolic link whose target differs from its seal.
    case symlinkTarget
    /// Nested code that is not signed, or not as sealed.
    case nestedCode
    /// Whether the bundle's layout can be read.
    case bundleLayout
    /// Whether a file is Mach-O that can be read.
    case machO
    /// Whether an archive's table of contents matches the checksum at its heap's start (the
    /// digest an installer package's signatures sign).
    case tableOfContents
    /// Whether an archive member's bytes match their size and checksums.
    case member(path: String)
    /// Whether an installer package's RSA signature verifies over the table's digest.
    case rsaSignature
    /// Whether the certificates the table names with each signature are those the CMS carries.
    case signatureCertificates
    /// Whether the signer's certificate is a Developer ID Installer one.
    case installerCertificate
    /// Whether what follows an archive's end is a stapled ticket.
    case trailer

    /// The check's name in reports.
    public var description: String {
      switch self {
      case .signature: "signature"
      case .superblob: "superblob"
      case .signaturePlacement: "signature placement"
      case .layout: "layout"
      case .codeLimit(let hash): hash.map { "code limit (\($0))" } ?? "code limit"
      case .codeDigest(let hash): hash.map { "code digest (\($0))" } ?? "code digest"
      case .specialSlot(_, let name): name
      case .cmsMessageDigest: "CMS message digest"
      case .cmsSignature: "CMS signature"
      case .certificates: "certificates"
      case .certificateChain: "certificate chain"
      case .timestamp: "timestamp"
      case .resourceSeal: "resource seal"
      case .resourceAdded: "resource added"
      case .resourceMissing: "resource missing"
      case .resourceModified: "resource modified"
      case .symlinkTarget: "symlink target"
      case .nestedCode: "nested code"
      case .bundleLayout: "bundle layout"
      case .machO: "Mach-O"
      case .tableOfContents: "table of contents"
      case .member(let path): "member \(path)"
      case .rsaSignature: "RSA signature"
      case .signatureCertificates: "signature certificates"
      case .installerCertificate: "installer certificate"
      case .trailer: "trailer"
      }
    }

    /// Encodes the check by its name, as reports show it.
    public func encode(to encoder: any Encoder) throws {
      var container = encoder.singleValueContainer()
      try container.encode(description)
    }

    /// Whether the check is of the certificates' trust rather than of the signature's structure.
    package var isTrust: Bool { self == .timestamp || self == .certificateChain }
  }

  /// What was checked.
  public let check: Check
  /// Whether it holds.
  public let ok: Bool
  /// The detail: digests, names.
  public let detail: String

  /// Makes a finding.
  package init(check: Check, ok: Bool, detail: String) {
    (self.check, self.ok, self.detail) = (check, ok, detail)
  }
}
