/// An open folder whose items are made, opened, renamed and removed by name, relative to it
/// (`openat`, `mkdirat`, `symlinkat`, `renameat`, `unlinkat`), none of them following a symbolic
/// link: what is made through it lands in this folder, whatever links the tree above or beside
/// it holds or gains meanwhile.
///
/// ```swift
/// let root = try FolderDescriptor.open("out")
/// defer { root.close() }
/// let contents = try root.makeFolder(named: "Contents", permissions: 0o700)
/// defer { contents.close() }
/// let file = try contents.createFile(named: "Info.plist", permissions: 0o600)
/// ```
///
/// It does not close itself: call ``close()`` (usually in a `defer`).
package struct FolderDescriptor: Sendable {
  /// The raw descriptor.
  package let rawValue: Int32
  /// The folder's path, for error messages.
  package let path: String

  /// Opens the folder at `path`; a link there is followed (whoever names the path chose it).
  ///
  /// - Throws: ``SystemError`` when there is no folder at `path`.
  package static func open(_ path: String) throws(SystemError) -> FolderDescriptor {
    let fd = retryingOnInterrupt { openat(AT_FDCWD, path, O_RDONLY | O_DIRECTORY | O_CLOEXEC) }
    guard fd >= 0 else { throw SystemError("open the folder", path: path) }
    return FolderDescriptor(rawValue: fd, path: path)
  }

  /// The path of the item `name` in this folder, for messages and the cleanup registry.
  package func path(of name: String) -> String { path + "/" + name }

  /// Opens the folder `name` in this one: an error (`ELOOP`, `ENOTDIR`) when it is a link or
  /// not a folder.
  ///
  /// - Throws: ``SystemError`` naming the item.
  package func openFolder(named name: String) throws(SystemError) -> FolderDescriptor {
    let fd = retryingOnInterrupt {
      openat(rawValue, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
    }
    guard fd >= 0 else { throw SystemError("open the folder", path: path(of: name)) }
    return FolderDescriptor(rawValue: fd, path: path(of: name))
  }

  /// Makes the folder `name` with `permissions` (less the umask) and opens it; an error when
  /// anything, a link included, is there already.
  ///
  /// - Throws: ``SystemError`` naming the item.
  package func makeFolder(named name: String, permissions: mode_t) throws(SystemError)
    -> FolderDescriptor
  {
    guard mkdirat(rawValue, name, permissions) == 0 else {
      throw SystemError("make the folder", path: path(of: name))
    }
    return try openFolder(named: name)
  }

  /// Creates the file `name` for writing with `permissions` (less the umask); an error when
  /// anything, a link included, is there already (`O_EXCL` never follows a link).
  ///
  /// - Throws: ``SystemError`` naming the item.
  package func createFile(named name: String, permissions: mode_t) throws(SystemError)
    -> FileDescriptor
  {
    let fd = retryingOnInterrupt {
      openat(
        rawValue, name, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, permissions)
    }
    guard fd >= 0 else { throw SystemError("create", path: path(of: name)) }
    return FileDescriptor(rawValue: fd, path: path(of: name))
  }

  /// Makes the symbolic link `name` pointing at `target` (stored as it is, never resolved).
  ///
  /// - Throws: ``SystemError`` naming the item, when anything is there already.
  package func makeLink(named name: String, to target: String) throws(SystemError) {
    guard symlinkat(target, rawValue, name) == 0 else {
      throw SystemError("make the link", path: path(of: name))
    }
  }

  /// Renames the item `name` to `newName` in this folder, in one step: a file or link at
  /// `newName` is replaced (the link itself, not what it points at), a folder there is an error.
  ///
  /// - Throws: ``SystemError`` naming `newName`.
  package func rename(_ name: String, to newName: String) throws(SystemError) {
    guard renameat(rawValue, name, rawValue, newName) == 0 else {
      throw SystemError("rename into", path: path(of: newName))
    }
  }

  /// Removes the file or link `name`, if it is there.
  package func removeFile(named name: String) {
    _ = unlinkat(rawValue, name, 0)
  }

  /// The status of the item `name` itself (a link's own), or `nil` when there is none.
  ///
  /// - Throws: ``SystemError`` naming the item, for an error other than its absence.
  package func status(of name: String) throws(SystemError) -> FileStatus? {
    var info = stat()
    guard fstatat(rawValue, name, &info, AT_SYMLINK_NOFOLLOW) == 0 else {
      if errno == ENOENT { return nil }
      throw SystemError("lstat", path: path(of: name))
    }
    return FileStatus(info)
  }

  /// Sets the access and modification times of the item `name` itself (a link's own) to
  /// `seconds` since 1970.
  ///
  /// - Throws: ``SystemError`` naming the item.
  package func setModificationTime(of name: String, seconds: Int64) throws(SystemError) {
    let times = FileDescriptor.times(seconds)
    let result = times.withUnsafeBufferPointer {
      utimensat(rawValue, name, $0.baseAddress, AT_SYMLINK_NOFOLLOW)
    }
    guard result == 0 else { throw SystemError("set the times of", path: path(of: name)) }
  }

  /// The folder as a file descriptor, to set its own permissions and times.
  package var descriptor: FileDescriptor { FileDescriptor(rawValue: rawValue, path: path) }

  /// Closes the folder.
  package func close() {
    descriptor.close()
  }
}
