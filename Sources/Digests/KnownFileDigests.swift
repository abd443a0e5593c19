package import SystemSupport

/// Digests of whole files that this process wrote and hashed as it wrote them, so that a later
/// step that needs a file's digest (a notarization's SHA-256 of the image just signed) does not
/// read the file again.
///
/// A digest is kept with the file's device, inode, size and modification time, and given back
/// only while all four are the same: a file changed or replaced since is read again.
package enum KnownFileDigests {
  /// What identifies one state of a file.
  private struct FileState: Equatable {
    let device: UInt64
    let inode: UInt64
    let size: Int64
    let modified: Int64
  }

  /// The digests recorded, by path.
  private static let digests = Locked([String: (state: FileState, digest: FileDigest)]())

  /// Records `digest` as that of the file at `path` as it is now.
  package static func record(_ digest: FileDigest, forFileAt path: String) {
    guard let state = state(of: path), state.size == digest.byteCount else { return }
    digests.withLock { $0[path] = (state, digest) }
  }

  /// The digest recorded for the file at `path`, if the file has not changed since.
  package static func digest(ofFileAt path: String, algorithm: DigestAlgorithm) -> FileDigest? {
    guard let recorded = digests.withLock({ $0[path] }), recorded.digest.algorithm == algorithm,
      state(of: path) == recorded.state
    else { return nil }
    return recorded.digest
  }

  /// The file's state now, or `nil` when it cannot be read.
  private static func state(of path: String) -> FileState? {
    var info = stat()
    guard stat(path, &info) == 0 else { return nil }
    let modified = FileStatus(info).modificationTime
    return FileState(
      device: UInt64(info.st_dev), inode: UInt64(info.st_ino), size: Int64(info.st_size),
      modified: modified)
  }
}

extension FileDigest {
  /// The digest of the file at `path`: the one this process recorded when it wrote the file
  /// (``KnownFileDigests``), if the file has not changed since, else read from the file.
  ///
  /// - Throws: ``SystemError`` when the file cannot be opened or read.
  package static func known(orReadingFileAt path: String, algorithm: DigestAlgorithm = .sha256)
    throws(SystemError) -> FileDigest
  {
    if let known = KnownFileDigests.digest(ofFileAt: path, algorithm: algorithm) { return known }
    return try FileDigest(ofFileAt: path, algorithm: algorithm)
  }
}
