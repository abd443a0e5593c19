import SystemSupport

extension FileSystemPlan {
  /// One object of the volume as its records need it, in 48 bytes: a million-file plan holds a
  /// million of these, one per inode number from 16, in number order.
  ///
  /// The name is a range of the plan's shared ``FileSystemPlan/names``; what few items have
  /// (extended attributes, Finder info, a resource fork, a link's target) is in the plan's
  /// ``FileSystemPlan/extras``; absent indices are ``none``.
  struct Entry {
    /// What the object is: an item of the tree, or the data stream of an attribute too large
    /// to embed (which has only its file extent).
    enum Kind: UInt8 {
      case folder, file, symbolicLink, attributeStream
    }

    /// An index that points at nothing.
    static let none = UInt32.max

    var parent: UInt32 = 0
    /// Where the name starts in the plan's ``FileSystemPlan/names``.
    var nameStart: UInt32 = 0
    /// The name's 22-bit hash, shifted into place (``APFSName/hash``).
    var nameHash: UInt32 = 0
    /// A folder's children, whose inode numbers follow each other from ``firstChild``.
    var childCount: UInt32 = 0
    var firstChild: UInt32 = 0
    /// The inode number of the child at this entry's place among its folder's children, in the
    /// order of their directory records (by hash, then name): set on the slots of children.
    var directoryOrder: UInt32 = 0
    /// The object's data stream among the planned streams, or ``none``.
    var streamIndex: UInt32 = none
    /// The entry's attributes in the plan's ``FileSystemPlan/extras``, or ``none``.
    var extrasIndex: UInt32 = none
    /// The item's date, clamped, in seconds since 1970.
    var date: Int64 = 0
    /// The full mode, file type bits included.
    var mode: UInt16 = 0
    /// The name's length in UTF-8 bytes (at most 255).
    var nameLength: UInt8 = 0
    /// `INODE_HAS_FINDER_INFO` (``hasFinderInfo``) and `INODE_HAS_RSRC_FORK`
    /// (``hasResourceFork``), as bits.
    var flags: UInt8 = 0
    var kind: Kind = .attributeStream

    static let hasFinderInfo: UInt8 = 0x1
    static let hasResourceFork: UInt8 = 0x2

    /// The inode's `internal_flags`.
    var internalFlags: UInt64 {
      (flags & Self.hasFinderInfo != 0 ? InodeRecord.hasFinderInfo : 0)
        | (flags & Self.hasResourceFork != 0 ? InodeRecord.hasResourceFork : 0)
    }

    /// The directory record's `DT_` type for this item.
    var directoryType: UInt16 {
      switch kind {
      case .folder: 4  // DT_DIR
      case .symbolicLink: 10  // DT_LNK
      case .file, .attributeStream: 8  // DT_REG
      }
    }

    /// The range of the plan's ``FileSystemPlan/names`` that holds the name.
    var nameRange: Range<Int> { Int(nameStart)..<(Int(nameStart) + Int(nameLength)) }
  }

  /// An extended attribute as its record holds it: the value itself, or a `j_xattr_dstream_t`.
  struct Attribute {
    var name: [UInt8]
    /// `XATTR_DATA_EMBEDDED` (0x2) or `XATTR_DATA_STREAM` (0x1), with `XATTR_FILE_SYSTEM_OWNED`
    /// (0x4) for a link's target.
    var flags: UInt16
    var data: [UInt8]
  }

  /// A data stream, in the order the streams' blocks follow each other.
  struct Stream {
    /// What reads the stream's bytes.
    var segment: SegmentedByteStream.Segment
    /// The stream's identifier: the file's inode, or an attribute's own object.
    var owner: UInt32
    /// Where its blocks start among the planned streams' (the `.DS_Store`'s not counted).
    var firstBlock: Int64
  }
}
