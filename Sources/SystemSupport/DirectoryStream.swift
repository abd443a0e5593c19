/// A folder open for reading its entries (`opendir(3)`, `readdir(3)`), closed when released.
///
/// Unlike a bare `readdir` loop, ``nextName()`` tells the end of the folder from a failed read:
/// `errno` is cleared before each read and looked at when `readdir` returns `NULL`.
package final class DirectoryStream: FolderEntrySource {
  #if canImport(Darwin)
  private typealias Handle = UnsafeMutablePointer<DIR>
  #else
  private typealias Handle = OpaquePointer
  #endif

  /// The folder's path, for errors.
  package let path: String
  private let handle: Handle

  /// Opens `path`.
  ///
  /// - Throws: ``SystemError`` when the folder cannot be opened (missing, not a folder, not
  ///   readable, too many open files).
  package init(_ path: String) throws(SystemError) {
    guard let handle = opendir(path) else { throw SystemError("open the folder", path: path) }
    self.path = path
    self.handle = handle
  }

  deinit { closedir(handle) }

  package func nextName() throws(SystemError) -> [UInt8]? {
    errno = 0
    guard let entry = readdir(handle) else {
      let failure = errno
      guard failure == 0 else {
        throw SystemError("read the folder", path: path, errorNumber: failure)
      }
      return nil
    }
    return withUnsafeBytes(of: &entry.pointee.d_name) { name in
      #if canImport(Darwin)
      let length = Int(entry.pointee.d_namlen)
      #else
      let length = name.firstIndex(of: 0) ?? name.count
      #endif
      return Array(name.prefix(length))
    }
  }
}
