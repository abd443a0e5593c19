/// One file, folder or link found on an APFS volume.
package struct APFSEntry: Sendable, Equatable {
  /// What the entry is.
  package enum Kind: String, Sendable, Equatable {
    case folder, file, symbolicLink
  }

  /// The path from the volume's root, such as `/Hello.app/Contents/Info.plist`.
  package let path: String
  /// The inode number.
  package let id: UInt64
  /// What the entry is.
  package let kind: Kind
  /// The data stream's size in bytes.
  package let size: Int64
  /// The full mode, file type bits included.
  package let mode: UInt16
  /// The owner's user ID.
  package let ownerID: UInt32
  /// The group ID.
  package let groupID: UInt32
  /// The modification date, in seconds since 1970.
  package let modificationDate: Int64
  /// Finder flags, from `com.apple.FinderInfo`.
  package let finderFlags: UInt16
  /// A link's target.
  package let linkTarget: String?
  /// The entry's extended attributes, the link target left out: name, size, and whether the
  /// value is in its record (or in a data stream of its own).
  package let attributes: [(name: String, size: Int64, isInline: Bool)]

  /// The names of the entry's extended attributes.
  package var attributeNames: [String] { attributes.map(\.name) }
  /// The data stream's extents: first block, and length in blocks.
  package let extents: [(start: UInt64, blocks: UInt64)]

  package static func == (lhs: APFSEntry, rhs: APFSEntry) -> Bool {
    lhs.path == rhs.path && lhs.id == rhs.id && lhs.kind == rhs.kind && lhs.size == rhs.size
      && lhs.mode == rhs.mode
  }
}
