package import SystemSupport

/// Why a xar archive could not be signed; nothing is left at the output path.
package enum XarSignerError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The archive to sign cannot be read (its header, table or checksum).
  case unreadableArchive(XarReaderError)
  /// The table of contents lacks what a signed table needs, or cannot be read again.
  case malformedTable(String)
  /// A member's data (or extended attribute's) lies outside the heap.
  case dataOutsideHeap(offset: Int64, length: Int64)
  /// A signature made is larger than the space reserved for it in the heap.
  case signatureTooLarge(XarSignature.Style, size: Int, reserved: Int)
  /// The archive cannot be read or the new one written.
  case system(SystemError)
  /// zlib failed on the new table.
  case compressionFailed(String)

  /// The problem, naming the part.
  package var description: String {
    switch self {
    case .unreadableArchive(let error): "cannot sign: \(error)"
    case .malformedTable(let reason): "cannot sign: the xar table of contents: \(reason)"
    case .dataOutsideHeap(let offset, let length):
      "cannot sign: the xar table names \(length) bytes at heap offset \(offset), outside the file"
    case .signatureTooLarge(let style, let size, let reserved):
      "the \(style) signature is \(size) bytes, more than the \(reserved) reserved for it"
    case .system(let error): "\(error)"
    case .compressionFailed(let reason): "xar: compression failed: \(reason)"
    }
  }
}
