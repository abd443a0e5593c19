/// A file, folder or link a xar archive's table of contents names.
package struct XarEntry: Sendable, Equatable {
  /// What the entry is.
  package enum Kind: Sendable, Equatable {
    /// A file with bytes in the heap.
    case file
    /// A folder.
    case directory
    /// A symbolic link to this target.
    case symbolicLink(target: String)
    /// Another type the table names (`hardlink`, a device…), kept by its name.
    case other(String)
  }

  /// Where a file's bytes lie in the heap and what they should be.
  package struct DataRecord: Sendable, Equatable {
    /// The bytes in the heap.
    package var length: Int64
    /// Their offset from the heap's start.
    package var offset: Int64
    /// The bytes once decoded.
    package var size: Int64
    /// The encoding's MIME type, such as `application/x-gzip` (zlib) or
    /// `application/octet-stream` (stored).
    package var encoding: String
    /// The archived bytes' checksum: its style (`sha1`) and value in hexadecimal.
    package var archivedChecksum: (style: String, hex: String)
    /// The decoded bytes' checksum.
    package var extractedChecksum: (style: String, hex: String)

    package static func == (lhs: Self, rhs: Self) -> Bool {
      lhs.length == rhs.length && lhs.offset == rhs.offset && lhs.size == rhs.size
        && lhs.encoding == rhs.encoding && lhs.archivedChecksum == rhs.archivedChecksum
        && lhs.extractedChecksum == rhs.extractedChecksum
    }
  }

  /// The path, its names joined by `/`.
  package var path: String
  /// What it is.
  package var kind: Kind
  /// The permissions and type bits the table gives, if any.
  package var mode: UInt32?
  /// A file's data; `nil` for the others (and for an empty file written without it).
  package var data: DataRecord?
}
