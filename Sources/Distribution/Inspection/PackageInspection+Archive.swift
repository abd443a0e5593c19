import Digests
import XarArchive

extension PackageInspection {
  /// The xar archive's table of contents: the checksum it is kept under and when it was made.
  public struct TableOfContents: Sendable, Codable, Equatable {
    /// The checksum's algorithm, `sha1` or `sha256`, which the members' checksums use too as a
    /// rule.
    public let checksumAlgorithm: String
    /// The table's digest as stored at the heap's start, in hex: what the signatures sign and a
    /// notarization ticket names.
    public let digest: String
    /// Whether ``digest`` is the digest of the table's bytes (`pkg verify` says more).
    public let digestMatches: Bool
    /// The table's `<creation-time>` as written (UTC), such as `2026-01-02T03:04:05`, if any.
    public let creationTime: String?
    /// The table's XML, in bytes once inflated.
    public let size: Int

    /// The table `reader` read.
    init(_ reader: XarReader) {
      checksumAlgorithm = reader.tableChecksum.algorithm.description
      digest = reader.storedTableDigest.hex
      digestMatches = reader.storedTableDigest == reader.tableDigest
      creationTime = reader.creationTime
      size = reader.tableOfContents.count
    }
  }

  /// A file of the archive, such as `Demo.pkg/Payload`.
  public struct Member: Sendable, Codable, Equatable {
    /// Its path in the archive.
    public let path: String
    /// Its bytes as kept in the archive.
    public let archivedSize: Int64
    /// Its bytes once decoded.
    public let extractedSize: Int64
    /// How it is kept, as the table names it: `application/x-gzip` (which xar uses for zlib) or
    /// `application/octet-stream` (stored); `nil` for a file without data.
    public let encoding: String?
    /// The algorithm of its archived and extracted checksums, such as `sha1`.
    public let checksumAlgorithm: String?
    /// Where its bytes start, from the heap's start.
    public let heapOffset: Int64?

    /// The member `entry` names, or `nil` for a folder.
    init?(_ entry: XarEntry) {
      guard entry.kind != .directory else { return nil }
      path = entry.path
      archivedSize = entry.data?.length ?? 0
      extractedSize = entry.data?.size ?? 0
      encoding = entry.data?.encoding
      checksumAlgorithm = entry.data?.archivedChecksum.style
      heapOffset = entry.data?.offset
    }
  }
}
