/// What `stat` says about a file, in Swift types.
package struct FileStatus: Sendable, Equatable {
  /// The kind of file.
  package enum Kind: Sendable, Equatable {
    case regular, directory, symbolicLink, characterDevice, blockDevice, fifo, socket, unknown
  }

  /// The kind of file.
  package let kind: Kind
  /// The size in bytes.
  package let size: Int64
  /// The permission bits.
  package let permissions: UInt32
  /// The last change of the file's content (`st_mtime`), in nanoseconds since 1970: with the
  /// size, what tells that a file was written between two looks. (`st_ctime` also moves when a
  /// hard link to the file is added or removed.)
  package let modificationTime: Int64

  package init(_ info: stat) {
    switch info.st_mode & S_IFMT {
    case S_IFREG: kind = .regular
    case S_IFDIR: kind = .directory
    case S_IFLNK: kind = .symbolicLink
    case S_IFCHR: kind = .characterDevice
    case S_IFBLK: kind = .blockDevice
    case S_IFIFO: kind = .fifo
    case S_IFSOCK: kind = .socket
    default: kind = .unknown
    }
    size = Int64(info.st_size)
    permissions = UInt32(info.st_mode & 0o7777)
    #if canImport(Darwin)
    let time = info.st_mtimespec
    #else
    let time = info.st_mtim
    #endif
    modificationTime = Int64(time.tv_sec) * 1_000_000_000 + Int64(time.tv_nsec)
  }

  /// The status of the file at `path`, following symbolic links unless `followingLinks` is
  /// `false` (then a link's own status); `nil` if there is none.
  package static func of(
    _ path: String, followingLinks: Bool = true
  ) throws(SystemError) -> FileStatus? {
    var info = stat()
    guard (followingLinks ? stat(path, &info) : lstat(path, &info)) == 0 else {
      if errno == ENOENT { return nil }
      throw SystemError(followingLinks ? "stat" : "lstat", path: path)
    }
    return FileStatus(info)
  }
}
