/// The names in a folder, with every failure to read it reported.
///
/// Foundation's `FileManager.contentsOfDirectory(atPath:)` on Linux ends a listing at the first
/// `NULL` from `readdir(3)` without looking at `errno`, so a folder whose read fails (`getdents`
/// failing with `EIO` on a bad disk, `EBADF` when another thread closed the descriptor by
/// mistake, `ENOMEM`) reads as empty or cut short, and whatever trusted the listing (an image,
/// a signature's seal, a zip) silently lacks those files. This listing clears `errno` before
/// each read and throws a ``SystemError`` naming the folder when a read fails; a read
/// interrupted by a signal (`EINTR`) starts the listing over.
///
/// ```swift
/// for name in try FolderListing.names(in: "/path/MyApp.app/Contents") { … }
/// ```
package enum FolderListing {
  /// How often an interrupted listing starts over before its failure is thrown.
  static let attemptsAfterInterruption = 3

  /// The names in `folder`, without `.` and `..`, in the order the file system gives them.
  ///
  /// - Parameter folder: The folder's path.
  /// - Returns: Each entry's name.
  /// - Throws: ``SystemError`` naming `folder` when it cannot be opened or read, or naming the
  ///   entry (its other bytes shown as U+FFFD) when a name is not UTF-8 (`EILSEQ`): every
  ///   volume and archive Shipyard writes names its items in Unicode.
  package static func names(in folder: String) throws(SystemError) -> [String] {
    try names(in: folder) { () throws(SystemError) in try DirectoryStream(folder) }
  }

  /// The names in `folder` ordered by their UTF-8 bytes, the order the code signature's seal
  /// and `ditto`'s zips list them in.
  ///
  /// - Parameter folder: The folder's path.
  /// - Returns: Each entry's name, sorted.
  /// - Throws: What ``names(in:)`` throws.
  package static func namesInByteOrder(in folder: String) throws(SystemError) -> [String] {
    try names(in: folder).sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
  }

  /// The listing over entries that `open` gives: the system's `readdir`, or a test's stand-in.
  package static func names<Entries: FolderEntrySource>(
    in folder: String, opening open: () throws(SystemError) -> Entries
  ) throws(SystemError) -> [String] {
    var attempt = 1
    while true {
      do {
        return try listing(in: folder, from: open())
      } catch let error where error.errorNumber == EINTR && attempt < attemptsAfterInterruption {
        attempt += 1
      }
    }
  }

  /// Reads `entries` to their end, dropping `.` and `..` and decoding each name.
  private static func listing<Entries: FolderEntrySource>(
    in folder: String, from entries: Entries
  ) throws(SystemError) -> [String] {
    var entries = entries
    var names: [String] = []
    while let bytes = try entries.nextName() {
      if bytes == [0x2E] || bytes == [0x2E, 0x2E] { continue }
      guard let name = String(validating: bytes, as: UTF8.self) else {
        // Named as well as it can be: the bytes that are not UTF-8 shown as U+FFFD.
        let shown = folder + "/" + String(decoding: bytes, as: UTF8.self)
        throw SystemError("read the name (not UTF-8) of", path: shown, errorNumber: EILSEQ)
      }
      names.append(name)
    }
    return names
  }
}

/// Where a ``FolderListing`` reads a folder's entries from, one at a time.
package protocol FolderEntrySource {
  /// The next entry's name as the file system stores it (bytes, no terminating NUL), or `nil`
  /// at the end of the folder.
  ///
  /// - Throws: ``SystemError`` naming the folder when the read fails.
  mutating func nextName() throws(SystemError) -> [UInt8]?
}

extension SystemError {
  /// What a ``FolderListing`` error says without its path, for a message that names the path
  /// itself: `cannot list the folder: Input/output error`, or `its name is not UTF-8` (the path
  /// is then the entry's).
  package var listingProblem: String {
    errorNumber == EILSEQ ? "its name is not UTF-8" : "cannot list the folder: \(reason)"
  }
}
