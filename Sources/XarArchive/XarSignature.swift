/// A signature a xar archive's table of contents names: where its bytes lie in the heap, the
/// certificates the table gives with it, and (once read) the bytes.
///
/// An installer package signed by `productsign` names two, each over the table's digest (the
/// checksum at the heap's start): `<signature style="RSA">`, a PKCS #1 v1.5 signature, and
/// `<x-signature style="CMS">`, a detached CMS SignedData. Both carry the signer's chain in
/// `<KeyInfo><X509Data><X509Certificate>` (base64 DER), leaf first, the root included.
package struct XarSignature: Sendable, Equatable {
  /// The kind of a signature, which its element and `style` name together.
  package enum Style: Sendable, Equatable, CustomStringConvertible {
    /// `<signature style="RSA">`: PKCS #1 v1.5 over the table's digest.
    case rsa
    /// `<x-signature style="CMS">`: a detached CMS SignedData whose content is the digest.
    case cms

    /// The style an element of the table names, or `nil` for another (an unknown style is
    /// left alone).
    init?(element: String, style: String) {
      switch (element, style.uppercased()) {
      case ("signature", "RSA"): self = .rsa
      case ("x-signature", "CMS"): self = .cms
      default: return nil
      }
    }

    /// The element's name: `signature` or `x-signature`.
    package var element: String {
      switch self {
      case .rsa: "signature"
      case .cms: "x-signature"
      }
    }

    /// The `style` attribute's value: `RSA` or `CMS`.
    package var description: String {
      switch self {
      case .rsa: "RSA"
      case .cms: "CMS"
      }
    }
  }

  /// The most signatures a table may name.
  static let maximumCount = 8
  /// The most certificates a signature may carry.
  static let maximumCertificates = 16
  /// The largest signature read: 1 MiB (Apple reserves 9 KiB for a CMS signature).
  static let maximumSize: Int64 = 1 << 20

  /// RSA or CMS.
  package var style: Style
  /// The bytes' offset from the heap's start.
  package var offset: Int64
  /// The bytes reserved for it (a signature is zero-padded to this size).
  package var size: Int64
  /// The certificates the table gives, in DER, in its order (leaf first).
  package var certificates: [[UInt8]]
  /// The ``size`` bytes at ``offset``, zero padding included.
  package var bytes: [UInt8]
}
