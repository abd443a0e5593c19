package import SystemSupport

/// Why a xar archive could not be written; nothing is left at the output path.
package enum XarWriterError: Error, Equatable, Sendable, CustomStringConvertible {
  /// Two members have the same path, or a member's path is empty or goes through a file.
  case badPath(String, reason: String)
  /// A member's file changed size between its checksum and its copy.
  case fileChanged(path: String, expected: Int64, found: Int64)
  /// A file could not be read or the archive written.
  case system(SystemError)
  /// zlib failed.
  case compressionFailed(String)

  /// The problem, naming the member or file.
  package var description: String {
    switch self {
    case .badPath(let path, let reason): "xar member \"\(path)\": \(reason)"
    case .fileChanged(let path, let expected, let found):
      "\(path) changed while it was archived: \(expected) bytes, then \(found)"
    case .system(let error): "\(error)"
    case .compressionFailed(let reason): "xar: compression failed: \(reason)"
    }
  }
}
