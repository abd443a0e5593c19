import Digests
package import Foundation

/// Builds a whole embedded signature for code of a known digest, as Apple's `codesign` does with
/// a Developer ID: the code directory, the designated requirement, the CMS signature (with an
/// RFC 3161 token when a time-stamp authority is given) and the superblob holding them.
///
/// ```swift
/// let builder = try CodeSignatureBuilder(identity: identity, timestamp: nil, signingTime: Date())
/// let signature = try await builder.sign(
///   identifier: "com.example.app", codeLimit: limit, codeDigest: digest, specialDigests: [:])
/// ```
///
/// What the code is (a disk image's data fork, a Mach-O slice) and where the signature goes is the
/// caller's: it passes the code's SHA-256 and the special slots it adds (a disk image's trailer).
///
/// Without an identity the signature is ad hoc, as `codesign --sign -` writes one: the code
/// directory flagged `CS_ADHOC` with no team (so version 0x20100), an empty requirement set and
/// an empty CMS blob.
package struct CodeSignatureBuilder: Sendable {
  /// Posts a DER time-stamp request and returns the DER reply.
  package typealias Timestamper = @Sendable (_ request: [UInt8]) async throws -> [UInt8]

  /// A signature made: the superblob's bytes and the code directory's hash.
  package struct Signature: Sendable {
    /// The superblob (`0xfade0cc0`).
    package let superblob: [UInt8]
    /// The code directory hash (SHA-256, 32 bytes).
    package let cdhash: [UInt8]
  }

  /// The `CS_ADHOC` flag of an ad hoc code directory.
  static let adHocFlag: UInt32 = 0x2

  let identity: SignerIdentity?
  let team: String?
  let timestamp: Timestamper?
  let signingTime: Date

  /// Makes a builder, once the identity can sign at `signingTime`.
  ///
  /// - Parameters:
  ///   - identity: Who signs; `nil` signs ad hoc (and `timestamp` is not used).
  ///   - timestamp: The time-stamp authority's transport, or `nil` for no timestamp.
  ///   - signingTime: The CMS signing time.
  /// - Throws: ``CodeSigningError/certificateNotValidNow(subject:notBefore:notAfter:)`` or
  ///   ``CodeSigningError/missingTeamIdentifier(subject:)``.
  package init(identity: SignerIdentity?, timestamp: Timestamper?, signingTime: Date)
    throws(CodeSigningError)
  {
    if let identity {
      try identity.checkValidity(at: signingTime)
      guard let team = identity.teamIdentifier, !team.isEmpty else {
        throw CodeSigningError.missingTeamIdentifier(subject: identity.subject)
      }
      self.team = team
    } else {
      team = nil
    }
    self.identity = identity
    self.timestamp = timestamp
    self.signingTime = signingTime
  }

  /// Signs code whose first `codeLimit` bytes have the SHA-256 `codeDigest`.
  ///
  /// - Parameters:
  ///   - identifier: The signing identifier.
  ///   - codeLimit: How many bytes the code digest covers.
  ///   - codeDigest: Their SHA-256.
  ///   - specialDigests: Special slots the caller adds, by number (the requirements' slot 2 is
  ///     filled in here).
  /// - Returns: The superblob and the code directory hash.
  /// - Throws: ``CodeSigningError`` for OpenSSL or the time-stamp authority.
  package func sign(
    identifier: String, codeLimit: Int64, codeDigest: [UInt8], specialDigests: [Int: [UInt8]]
  ) async throws -> Signature {
    let requirements = RequirementSet(
      designated: team.map { .developerIDNestedLeft(identifier: identifier, teamIdentifier: $0) }
    ).bytes()
    var slots = specialDigests
    slots[CodeDirectoryBuilder.requirementsSlot] = DigestAlgorithm.sha256.digest(requirements)
    var builder = CodeDirectoryBuilder(
      identifier: identifier, teamIdentifier: team, codeLimit: codeLimit, codeDigest: codeDigest,
      specialDigests: slots)
    if identity == nil { builder.flags = Self.adHocFlag }
    let directory = builder.bytes()
    var cms: [UInt8] = []
    if let identity {
      cms = try CMSSignatureBuilder(identity: identity).sign(
        codeDirectories: [directory], signingTime: signingTime)
      if let timestamp {
        cms = try await CMSSignatureBuilder.addingTimestamp(using: timestamp, to: cms)
      }
    }
    // Ad hoc, the CMS blob is there and empty, as in the Mach-O signatures codesign writes.
    let superblob = SuperBlobBuilder(blobs: [
      SuperBlobBuilder.codeDirectorySlot: directory,
      SuperBlobBuilder.requirementsSlot: requirements,
      SuperBlobBuilder.signatureSlot: SuperBlobBuilder.wrapper(cms),
    ]).bytes()
    return Signature(superblob: superblob, cdhash: DigestAlgorithm.sha256.digest(directory))
  }
}
