/// A source file that no longer is what it was when it was measured: it disappeared, it is
/// shorter or longer, or it was written to while it was read.
package struct FileChangedError: Error, Equatable, CustomStringConvertible {
  /// How the file changed.
  package enum Change: Equatable, Sendable {
    /// It is gone (`ENOENT` when it was opened).
    case disappeared
    /// It ends after this many bytes, fewer than measured.
    case shrank(to: Int64)
    /// It holds this many bytes, more than measured.
    case grew(to: Int64)
    /// It kept its length but its modification time moved while it was read.
    case written
  }

  /// The file.
  package let path: String
  /// Its length when measured.
  package let expected: Int64
  /// How it changed.
  package let change: Change

  /// A sentence naming the file.
  package var description: String {
    let what =
      switch change {
      case .disappeared: "it is gone"
      case .shrank(let found): "it had \(expected) bytes, now it ends after \(found)"
      case .grew(let found): "it had \(expected) bytes, now it has \(found)"
      case .written: "it was written to while it was read"
      }
    return "\(path) changed while the image was built: \(what)"
  }
}
