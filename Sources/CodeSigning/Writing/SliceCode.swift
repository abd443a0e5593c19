package import Digests

/// The bytes a Mach-O slice's signature covers, `[0, codeLimit)`, held as pieces so that the
/// signer never copies a slice to rewrite a few of its bytes.
///
/// A slice being signed is its rewritten header and load commands, then its own bytes unchanged,
/// then a rewritten end (the old signature's space, zeros to the new signature's offset):
///
/// ```swift
/// let code = SliceCode(pieces: [head, slice.bytes[16384..<tailStart], tail])
/// let pageHashes = code.pageDigests(pageSize: 4096, hashType: .sha256)
/// ```
///
/// Every piece but the last is a whole number of ``pieceGranule`` bytes long, so each page lies in
/// one piece and is hashed where it is.
package struct SliceCode: Sendable {
  /// The pieces, in order.
  package let pieces: [ArraySlice<UInt8>]

  /// The largest page size a code directory may use, which piece lengths are multiples of.
  package static let pieceGranule = 16384

  /// The code as one contiguous run of bytes.
  package init(_ bytes: ArraySlice<UInt8>) { pieces = [bytes] }

  /// The code as `pieces`, each but the last a multiple of ``pieceGranule`` bytes long.
  package init(pieces: [ArraySlice<UInt8>]) {
    precondition(
      pieces.dropLast().allSatisfy { $0.count % Self.pieceGranule == 0 },
      "every piece of code but the last is a whole number of pages")
    self.pieces = pieces
  }

  /// The number of bytes: the code limit.
  package var count: Int { pieces.reduce(0) { $0 + $1.count } }

  /// The digest of each `pageSize` page, the last at its short length.
  package func pageDigests(pageSize: Int, hashType: DigestAlgorithm) -> [[UInt8]] {
    precondition(Self.pieceGranule % pageSize == 0, "page size \(pageSize) divides the granule")
    return pieces.flatMap { piece in
      piece.withUnsafeBytes { buffer in
        stride(from: 0, to: buffer.count, by: pageSize).map { start in
          hashType.digest(
            UnsafeRawBufferPointer(rebasing: buffer[start..<min(start + pageSize, buffer.count)]))
        }
      }
    }
  }
}
