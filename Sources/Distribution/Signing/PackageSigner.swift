package import CodeSigning
import Digests
package import Foundation
import XarArchive

/// Signs a flat installer package (`.pkg`) natively, as Apple's `productsign` does: an RSA and a
/// CMS signature over the digest of its table of contents, with the identity's chain and,
/// unless `timestamp` is `nil`, an RFC 3161 token.
///
/// ```swift
/// let identity = try SignerIdentity.load(pkcs12: bytes, password: password, path: "installer.p12")
/// let signer = PackageSigner(identity: identity, timestamp: { try await tsa.stamp($0) })
/// try await signer.sign("build/Demo.pkg", to: "dist/Demo.pkg")
/// ```
///
/// A package signed already is signed again (its signatures replaced), and a stapled ticket is
/// left out: the new signature changes the digest the ticket names. The members' bytes are
/// copied unchanged. The output is written beside its path and renamed into place, so it may be
/// the input's path, and a failure leaves nothing there.
package struct PackageSigner: Sendable {
  /// Posts a DER time-stamp request and returns the DER reply.
  package typealias Timestamper = CodeSignatureBuilder.Timestamper

  /// What signing did.
  package struct Outcome: Sendable, Equatable {
    /// The digest of the new table of contents, which both signatures sign.
    package let tableDigest: [UInt8]
    /// Its algorithm, `sha1` or `sha256` (the package's, unchanged).
    package let algorithm: String
    /// The bytes that followed the input's end (a stapled ticket) and were left out, or 0.
    package let removedTrailerBytes: Int64
  }

  let identity: SignerIdentity
  let timestamp: Timestamper?
  let now: @Sendable () -> Date

  /// Makes a signer.
  ///
  /// - Parameters:
  ///   - identity: A Developer ID Installer certificate and key, with the chain.
  ///   - timestamp: The time-stamp authority's transport, or `nil` for no timestamp.
  ///   - now: The clock for the signing time and the certificate's validity.
  package init(
    identity: SignerIdentity, timestamp: Timestamper?,
    now: @escaping @Sendable () -> Date = { Date() }
  ) {
    self.identity = identity
    self.timestamp = timestamp
    self.now = now
  }

  /// Signs the package at `input` into `output` (which may be `input`).
  ///
  /// - Returns: The digest signed and the trailer left out.
  /// - Throws: ``CodeSigningError/notAnInstallerIdentity(subject:reason:)`` for a Developer ID
  ///   Application identity (checked before anything is read or written), other
  ///   ``CodeSigningError``s for the certificate, OpenSSL or the authority, `XarSignerError` for
  ///   a package that cannot be read or written; nothing is written at `output` then.
  @discardableResult
  package func sign(_ input: String, to output: String) async throws -> Outcome {
    let builder = try InstallerSignatureBuilder(
      identity: identity, timestamp: timestamp, signingTime: now())
    let signer = XarSigner(
      certificates: builder.certificates, rsaSize: builder.rsaSignatureSize,
      cmsSize: try builder.cmsReservation())
    let outcome = try await signer.sign(input, to: output) { digest, algorithm in
      let signatures = try await builder.sign(digest, algorithm: algorithm)
      return XarSigner.Signatures(rsa: signatures.rsa, cms: signatures.cms)
    }
    return Outcome(
      tableDigest: outcome.tableDigest, algorithm: outcome.checksum.algorithm.description,
      removedTrailerBytes: outcome.removedTrailerBytes)
  }
}
