package import Digests
import Foundation
import SystemSupport

/// Signs a xar archive, such as a flat installer package, as `productsign` does: a new archive
/// whose table of contents names an RSA and a CMS signature over the table's digest, their
/// space reserved in the heap right after the digest, every member moved by that space.
///
/// The archive may be signed already (its signatures are replaced) and may have bytes after its
/// end, such as a stapled ticket, which are left out: a new signature needs a new ticket. The
/// members' bytes are copied as they are, in the kernel where it can, so signing a package of
/// gigabytes costs the table only; the new archive is written beside `output` and renamed into
/// place (`output` may be the input's path).
///
/// ```swift
/// let signer = XarSigner(certificates: chain, rsaSize: 256, cmsSize: 9216)
/// try await signer.sign("Demo.pkg", to: "Demo-signed.pkg") { digest, algorithm in
///   XarSigner.Signatures(rsa: try rsa(digest, algorithm), cms: try cms(digest))
/// }
/// ```
package struct XarSigner: Sendable {
  /// The two signatures of a table's digest.
  package struct Signatures: Sendable {
    /// PKCS #1 v1.5 over the digest (`<signature style="RSA">`).
    package var rsa: [UInt8]
    /// A detached CMS SignedData whose content is the digest (`<x-signature style="CMS">`).
    package var cms: [UInt8]

    /// The two signatures.
    package init(rsa: [UInt8], cms: [UInt8]) {
      self.rsa = rsa
      self.cms = cms
    }
  }

  /// What was signed.
  package struct Outcome: Sendable, Equatable {
    /// The new table's digest, which the signatures sign.
    package let tableDigest: [UInt8]
    /// Its algorithm (the archive's: SHA-1 or SHA-256).
    package let checksum: XarChecksum
    /// The bytes that followed the input archive's end and were left out (a staple), or 0.
    package let removedTrailerBytes: Int64
  }

  /// Makes the two signatures of the table's `digest`, taken with `algorithm`.
  package typealias Sign = (_ digest: [UInt8], _ algorithm: DigestAlgorithm) async throws ->
    Signatures

  /// The signer's certificates in DER, leaf first, the root included: the table gives them with
  /// each signature.
  package var certificates: [[UInt8]]
  /// The bytes reserved for the RSA signature: the key's size in bytes.
  package var rsaSize: Int
  /// The bytes reserved for the CMS signature, which is zero-padded to it.
  package var cmsSize: Int
  /// zlib's level for the new table (1–9).
  package var level: Int32

  /// A signer reserving `rsaSize` and `cmsSize` bytes, naming `certificates` in the table.
  package init(certificates: [[UInt8]], rsaSize: Int, cmsSize: Int, level: Int32 = 6) {
    self.certificates = certificates
    self.rsaSize = rsaSize
    self.cmsSize = cmsSize
    self.level = level
  }

  /// Writes the archive at `input`, signed, to `output`.
  ///
  /// - Parameters:
  ///   - input: A xar archive, signed or not, with or without bytes after its end.
  ///   - output: Where the signed archive goes (the input's path replaces the input).
  ///   - sign: Makes the two signatures of the new table's digest.
  /// - Returns: The digest signed and the trailer left out.
  /// - Throws: ``XarSignerError`` for an archive that cannot be read or written, or a signature
  ///   larger than its space; what `sign` throws. Nothing is written at `output` then.
  @discardableResult
  package func sign(_ input: String, to output: String, signatures sign: Sign) async throws
    -> Outcome
  {
    let source: FileDescriptor
    do {
      source = try FileDescriptor.openForReading(input)
    } catch {
      throw XarSignerError.system(error)
    }
    defer { source.close() }
    let table = try prepare(source)
    let signatures = try await sign(table.digest, table.checksum.algorithm)
    let rsa = try Self.padded(signatures.rsa, to: rsaSize, style: .rsa)
    let cms = try Self.padded(signatures.cms, to: cmsSize, style: .cms)
    do {
      try AtomicOutputFile.write(to: output) { output in
        try output.writeAll((table.header + table.compressed + table.digest + rsa + cms)[...])
        try output.appendRange(of: source, at: table.membersOffset, count: Int(table.membersLength))
      }
    } catch let error as SystemError {
      throw XarSignerError.system(error)
    }
    return Outcome(
      tableDigest: table.digest, checksum: table.checksum,
      removedTrailerBytes: table.removedTrailerBytes)
  }

  /// `signature` followed by zeros up to `size` bytes.
  private static func padded(_ signature: [UInt8], to size: Int, style: XarSignature.Style)
    throws(XarSignerError) -> [UInt8]
  {
    guard signature.count <= size else {
      throw .signatureTooLarge(style, size: signature.count, reserved: size)
    }
    return signature + [UInt8](repeating: 0, count: size - signature.count)
  }
}
