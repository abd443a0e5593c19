package import CodeSigning
import Digests
package import Foundation

/// Signs a disk image natively, as Apple's `codesign` does, and replaces any earlier signature.
///
/// ```swift
/// let identity = try SignerIdentity.load(pkcs12: bytes, password: password, path: "id.p12")
/// let signer = DMGSigner(identity: identity, timestamp: { request in try await tsa.stamp(request) })
/// let cdhash = try await signer.sign("App.dmg")
/// ```
///
/// The code directory covers the image up to the end of its property list and the trailer (slot
/// 6); the designated requirement is the one `codesign` derives for a Developer ID certificate;
/// the CMS signature carries the chain and, unless `timestamp` is `nil`, an RFC 3161 token.
/// Without an identity the signature is ad hoc, as `codesign --sign -` makes one.
package struct DMGSigner: Sendable {
  /// Posts a DER time-stamp request and returns the DER reply.
  package typealias Timestamper = CodeSignatureBuilder.Timestamper

  let identity: SignerIdentity?
  let identifier: String?
  let timestamp: Timestamper?
  let now: @Sendable () -> Date

  /// Makes a signer.
  ///
  /// - Parameters:
  ///   - identity: The Developer ID certificate and key; `nil` signs ad hoc.
  ///   - identifier: The signing identifier; `nil` takes the file name without its extension.
  ///   - timestamp: The time-stamp authority's transport, or `nil` for no timestamp.
  ///   - now: The clock for the signing time and the certificate's validity.
  package init(
    identity: SignerIdentity?, identifier: String? = nil, timestamp: Timestamper?,
    now: @escaping @Sendable () -> Date = { Date() }
  ) {
    self.identity = identity
    self.identifier = identifier
    self.timestamp = timestamp
    self.now = now
  }

  /// The identifier for the image at `path`: the one given, else the file name's stem.
  package func identifier(for path: String) -> String {
    identifier ?? URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent
  }

  /// Signs the image at `path` in place (through a temporary file).
  ///
  /// - Returns: The code directory hash (SHA-256, 32 bytes).
  /// - Throws: ``CodeSigningError`` for the certificate or OpenSSL, or the image's read errors;
  ///   the image is unchanged then.
  @discardableResult
  package func sign(_ path: String) async throws -> [UInt8] {
    let builder = try CodeSignatureBuilder(
      identity: identity, timestamp: timestamp, signingTime: now())
    let image = try SignableImage(path: path)
    let unsignedTrailer = image.trailerBytes(signatureOffset: image.codeLimit, length: 0)
    let code = try image.codeDigest()
    let signature = try await builder.sign(
      identifier: identifier(for: path), codeLimit: image.codeLimit,
      codeDigest: code.value,
      specialDigests: [
        CodeDirectoryBuilder.representationSlot: DigestAlgorithm.sha256.digest(unsignedTrailer)
      ])
    try image.write(superblob: signature.superblob, continuing: code.continuing)
    return signature.cdhash
  }
}
