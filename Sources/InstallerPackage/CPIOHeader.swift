/// The header of one entry of a cpio archive in the portable "odc" form (POSIX.1 `070707`),
/// the form an installer package's payload takes: 76 bytes of octal fields, then the name and a
/// NUL, with no padding.
package struct CPIOHeader: Sendable, Equatable {
  /// The largest file an entry can hold: eleven octal digits of size (8 GiB less a byte).
  package static let maximumFileSize: Int64 = 0o777_7777_7777
  /// The largest modification time: eleven octal digits of seconds (the year 2242).
  package static let maximumTime: Int64 = 0o777_7777_7777
  /// The longest name, with its NUL: six octal digits.
  package static let maximumNameSize = 0o777777

  /// The inode number (entries are numbered 1, 2, … so that no two share one).
  package var inode: UInt32
  /// The type bits and permissions, as `st_mode` holds them.
  package var mode: UInt32
  /// The owner's user ID, six octal digits (0, root, in what Shipyard writes).
  package var userID: UInt32
  /// The owner's group ID, six octal digits (0, wheel, in what Shipyard writes).
  package var groupID: UInt32
  /// The number of links: 1 for files and links, 2 and one per subfolder for folders.
  package var linkCount: UInt32
  /// The modification time, in seconds since 1970 (before it, 0).
  package var modificationTime: Int64
  /// The bytes that follow the name: a file's, or a link's target.
  package var fileSize: Int64
  /// The path in the archive, such as `.` or `./MyApp.app/Contents`.
  package var name: String

  /// Makes a header.
  package init(
    inode: UInt32, mode: UInt32, userID: UInt32 = 0, groupID: UInt32 = 0, linkCount: UInt32,
    modificationTime: Int64, fileSize: Int64, name: String
  ) {
    self.inode = inode
    self.mode = mode
    self.userID = userID
    self.groupID = groupID
    self.linkCount = linkCount
    self.modificationTime = modificationTime
    self.fileSize = fileSize
    self.name = name
  }

  /// The header's bytes, the name and its NUL, device 0.
  ///
  /// The caller checks ``fileSize`` and the name's length against the maximums first.
  package var bytes: [UInt8] {
    let nameBytes = Array(name.utf8) + [0]
    let fields: [(UInt64, Int)] = [
      (0, 6), (UInt64(inode) & 0o777777, 6), (UInt64(mode), 6), (UInt64(userID) & 0o777777, 6),
      (UInt64(groupID) & 0o777777, 6),
      (UInt64(linkCount), 6), (0, 6),
      (UInt64(min(max(modificationTime, 0), Self.maximumTime)), 11),
      (UInt64(nameBytes.count), 6), (UInt64(fileSize), 11),
    ]
    var header = Array("070707".utf8)
    header.reserveCapacity(76 + nameBytes.count)
    for (value, width) in fields { header += Self.octal(value, width: width) }
    return header + nameBytes
  }

  /// The entry that ends an archive: `TRAILER!!!`, one link, nothing else.
  package static let trailer = CPIOHeader(
    inode: 0, mode: 0, linkCount: 1, modificationTime: 0, fileSize: 0, name: "TRAILER!!!")

  /// `value` in `width` octal digits, zeros in front.
  static func octal(_ value: UInt64, width: Int) -> [UInt8] {
    let digits = Array(String(value, radix: 8).utf8)
    return [UInt8](repeating: UInt8(ascii: "0"), count: max(0, width - digits.count)) + digits
  }
}
