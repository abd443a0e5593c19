package import SystemSupport

/// Why a payload could not be written.
package enum PayloadError: Error, Equatable, Sendable, CustomStringConvertible {
  /// A file is larger than a cpio "odc" entry can hold (8 GiB less a byte).
  case fileTooLarge(path: String, size: Int64)
  /// A path is longer than a cpio "odc" entry can name.
  case nameTooLong(path: String)
  /// A file's size changed between the scan and its archiving.
  case fileChanged(path: String, expected: Int64, read: Int64)
  /// A file could not be read.
  case unreadable(SystemError)
  /// zlib failed.
  case compressionFailed(String)

  /// The problem, naming the file.
  package var description: String {
    switch self {
    case .fileTooLarge(let path, let size):
      "\(path) is \(size) bytes, more than a payload entry holds (8 GiB less a byte)"
    case .nameTooLong(let path): "\(path): the path is too long for a payload entry"
    case .fileChanged(let path, let expected, let read):
      "\(path) changed while it was archived: \(expected) bytes when scanned, \(read) read"
    case .unreadable(let error): "\(error)"
    case .compressionFailed(let reason): "payload: compression failed: \(reason)"
    }
  }
}
