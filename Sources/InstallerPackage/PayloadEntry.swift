/// One entry of an installer payload as ``PayloadReader`` reads it: its header, and the size
/// and POSIX `cksum` of the bytes that followed it.
package struct PayloadEntry: Sendable, Equatable {
  /// What the entry is, by the type bits of its mode.
  package enum Kind: Sendable, Equatable {
    /// A regular file (`S_IFREG`).
    case file
    /// A folder (`S_IFDIR`).
    case folder
    /// A symbolic link (`S_IFLNK`) to `target`, the entry's bytes.
    case symbolicLink(target: String)
    /// A FIFO, device or socket, by its type bits.
    case special(typeBits: UInt32)
  }

  /// The path, such as `.` or `./Demo.app/Contents/Info.plist`.
  package var path: String
  /// What it is.
  package var kind: Kind
  /// The type bits and permissions, as `st_mode` holds them.
  package var mode: UInt32
  /// The owner's user ID.
  package var userID: UInt32
  /// The owner's group ID.
  package var groupID: UInt32
  /// The modification time, in seconds since 1970.
  package var modificationTime: Int64
  /// The bytes that followed the header: a file's, or a link's target.
  package var size: Int64
  /// The POSIX `cksum` of those bytes, as a Bom records it for files and links.
  package var checksum: UInt32
  /// Where the entry's header starts in the inflated archive.
  package var offset: Int64

  /// Makes an entry.
  package init(
    path: String, kind: Kind, mode: UInt32, userID: UInt32, groupID: UInt32,
    modificationTime: Int64, size: Int64, checksum: UInt32, offset: Int64
  ) {
    self.path = path
    self.kind = kind
    self.mode = mode
    self.userID = userID
    self.groupID = groupID
    self.modificationTime = modificationTime
    self.size = size
    self.checksum = checksum
    self.offset = offset
  }

  /// The permissions, without the type bits.
  package var permissions: UInt16 { UInt16(mode & 0o7777) }
}
