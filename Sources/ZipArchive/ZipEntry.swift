/// One entry of a zip archive as the writer takes it: a name under the archive's root, its kind,
/// its Unix permission bits and its modification time.
package struct ZipEntry: Sendable, Equatable {
  /// What an entry holds.
  package enum Kind: Sendable, Equatable {
    /// A folder; its name ends with `/`.
    case directory
    /// A regular file of `size` bytes, read from `path` when the entry is written.
    case file(path: String, size: Int64)
    /// A symbolic link: its target is the entry's data, stored, never deflated.
    case symbolicLink(target: String)
  }

  /// The entry's name in the archive, with `/` between components (`Hello.app/Contents/`).
  package var name: String
  /// What the entry holds.
  package var kind: Kind
  /// The permission bits (`st_mode & 0o7777`); the file type bits come from ``kind``.
  package var permissions: UInt32
  /// The modification time, in seconds since 1970.
  package var modificationTime: Int64

  /// Makes an entry.
  package init(name: String, kind: Kind, permissions: UInt32, modificationTime: Int64) {
    self.name = name
    self.kind = kind
    self.permissions = permissions
    self.modificationTime = modificationTime
  }

  /// The Unix `st_mode` the entry's external attributes hold: type and permission bits.
  package var unixMode: UInt32 {
    let type =
      switch kind {
      case .directory: ZipFormat.unixDirectory
      case .file: ZipFormat.unixRegularFile
      case .symbolicLink: ZipFormat.unixSymbolicLink
      }
    return type | (permissions & 0o7777)
  }

  /// The external attributes: the Unix mode in the high 16 bits, and MS-DOS's directory bit
  /// (0x10) for folders, as Info-ZIP and ditto write them.
  package var externalAttributes: UInt32 {
    unixMode << 16 | (kind == .directory ? 0x10 : 0)
  }
}
