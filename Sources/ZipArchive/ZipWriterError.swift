/// Why a zip archive could not be written.
package enum ZipWriterError: Error, Equatable, Sendable, CustomStringConvertible {
  /// zlib refused to start or continue a deflate stream.
  case compressionFailed(String)
  /// A file changed size while it was archived (its entry would not match its header).
  case fileChanged(path: String, expected: Int64, found: Int64)
  /// An entry's name cannot go in a zip: empty, absolute, with `..`, or over 65,535 bytes.
  case invalidName(String, reason: String)
  /// The folder to archive holds a file that is neither regular, a folder nor a link.
  case unsupportedFile(path: String, kind: String)

  /// A sentence naming the problem and the file.
  package var description: String {
    switch self {
    case .compressionFailed(let reason): "zip: compression failed: \(reason)"
    case .fileChanged(let path, let expected, let found):
      "zip: \(path) changed while it was archived (\(expected) bytes when scanned, \(found) read)"
    case .invalidName(let name, let reason): "zip: the entry name \"\(name)\" \(reason)"
    case .unsupportedFile(let path, let kind):
      "zip: \(path) is a \(kind); an app archive holds only files, folders and symbolic links"
    }
  }
}
