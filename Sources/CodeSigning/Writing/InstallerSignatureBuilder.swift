package import Digests
package import Foundation

/// Makes the two signatures of a flat installer package, as `productsign` does, over the digest
/// of its table of contents: RSA PKCS #1 v1.5 over the digest itself (in the DigestInfo of the
/// table's hash, SHA-1 or SHA-256), and a detached CMS SignedData whose content is the digest
/// (signed attributes content type, signing time and message digest; the chain; an RFC 3161
/// token unless no time-stamp authority is given).
///
/// ```swift
/// let builder = try InstallerSignatureBuilder(
///   identity: identity, timestamp: { try await tsa.stamp($0) }, signingTime: Date())
/// let signer = XarSigner(
///   certificates: builder.certificates, rsaSize: builder.rsaSignatureSize,
///   cmsSize: try builder.cmsReservation())
/// ```
///
/// The package's table names each signature's size before the signatures exist (the table is
/// what they sign), so the space is reserved first: the key's size for RSA, and for CMS the
/// size of this identity's signature without a token (measured by signing zeros) plus
/// ``timestampAllowance`` when a token is added, plus ``margin``.
package struct InstallerSignatureBuilder: Sendable {
  /// The bytes reserved for a time-stamp token.
  ///
  /// A token of Apple's authority, with its
  /// certificate, is about 5 KiB (Apple's own `productsign` reserves 9,216 bytes for the whole
  /// CMS, three Developer ID certificates of 3.7 KiB included); 8 KiB leaves room for an
  /// authority that sends its whole chain.
  package static let timestampAllowance = 8192
  /// What is added to the measured size: the signing time's and the DER lengths' variation.
  package static let margin = 512

  let identity: SignerIdentity
  let timestamp: CodeSignatureBuilder.Timestamper?
  let signingTime: Date

  /// Makes a builder, once the identity can sign packages at `signingTime`.
  ///
  /// - Parameters:
  ///   - identity: A Developer ID Installer identity with its chain.
  ///   - timestamp: The time-stamp authority's transport, or `nil` for no timestamp.
  ///   - signingTime: The CMS signing time and the time the certificate must be valid at.
  /// - Throws: ``CodeSigningError/notAnInstallerIdentity(subject:reason:)`` for a Developer ID
  ///   Application (or other) certificate or a key that is not RSA;
  ///   ``CodeSigningError/certificateNotValidNow(subject:notBefore:notAfter:)``;
  ///   ``CodeSigningError/missingIssuer(subject:issuer:)``.
  package init(
    identity: SignerIdentity, timestamp: CodeSignatureBuilder.Timestamper?, signingTime: Date
  ) throws(CodeSigningError) {
    try identity.checkInstallerCertificate()
    try identity.checkValidity(at: signingTime)
    try identity.checkIssuerCarried()
    self.identity = identity
    self.timestamp = timestamp
    self.signingTime = signingTime
  }

  /// The certificates in DER, leaf first, the root included: what the table names with each
  /// signature.
  package var certificates: [[UInt8]] { identity.certificatesDER }

  /// The RSA signature's size: the key's, in bytes.
  package var rsaSignatureSize: Int { identity.signatureSize }

  /// The bytes to reserve for the CMS signature: this identity's signature without a token,
  /// plus ``timestampAllowance`` when one is added, plus ``margin``.
  ///
  /// - Throws: ``CodeSigningError/signingFailed(_:)`` with OpenSSL's reason.
  package func cmsReservation() throws(CodeSigningError) -> Int {
    let measured = try CMSSignatureBuilder(identity: identity).sign(
      detachedContent: [UInt8](repeating: 0, count: 32), signingTime: signingTime)
    return measured.count + (timestamp == nil ? 0 : Self.timestampAllowance) + Self.margin
  }

  /// The RSA signature of `digest`, a table digest taken with `algorithm`.
  ///
  /// - Throws: ``CodeSigningError/signingFailed(_:)`` with OpenSSL's reason.
  package func rsaSignature(of digest: [UInt8], algorithm: DigestAlgorithm)
    throws(CodeSigningError) -> [UInt8]
  {
    try RSADigestSignature.sign(digest, algorithm: algorithm, key: identity.privateKey)
  }

  /// The CMS signature of `digest`, with a time-stamp token of its signature value when the
  /// builder has an authority.
  ///
  /// - Throws: ``CodeSigningError`` for OpenSSL or a token that does not answer the request;
  ///   what the authority's transport throws.
  package func cmsSignature(of digest: [UInt8]) async throws -> [UInt8] {
    let cms = try CMSSignatureBuilder(identity: identity).sign(
      detachedContent: digest, signingTime: signingTime)
    guard let timestamp else { return cms }
    return try await CMSSignatureBuilder.addingTimestamp(using: timestamp, to: cms)
  }

  /// Both signatures of `digest`, taken with `algorithm`.
  ///
  /// - Throws: What ``rsaSignature(of:algorithm:)`` and ``cmsSignature(of:)`` throw.
  package func sign(_ digest: [UInt8], algorithm: DigestAlgorithm) async throws -> (
    rsa: [UInt8], cms: [UInt8]
  ) {
    (try rsaSignature(of: digest, algorithm: algorithm), try await cmsSignature(of: digest))
  }
}
