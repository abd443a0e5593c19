import StagedTree

/// One file, folder or symbolic link read back from a volume, whatever its file system.
///
/// It mirrors ``SourceItem``: Finder info and the resource fork are kept apart from the other
/// extended attributes, where HFS+ stores them (in the catalog record and the file's second
/// fork); APFS stores them as the attributes `com.apple.FinderInfo` and
/// `com.apple.ResourceFork`, and its reader moves them here. Two entries are equal when every
/// field is.
package struct VolumeEntry: Sendable, Equatable {
  /// What the entry is.
  package enum Kind: String, Sendable, Equatable {
    case folder, file, symbolicLink
  }

  /// The path from the volume's root, such as `/Hello.app/Contents/Info.plist`: the names from
  /// the root down, joined with `/`.
  package var path: String
  /// The entry's own name, as its folder's record holds it after the reader's mapping (HFS+'s
  /// stored `/` read as `:`), such as `Info.plist`: the last component of ``path``, unless a
  /// damaged or hostile volume stores a name with a `/` in it, which a writer must refuse.
  package var name: String
  /// The item's number on the volume: HFS+'s catalog node ID, APFS's inode number.
  package var id: UInt64
  /// What the entry is.
  package var kind: Kind
  /// The data's size in bytes (a link's, its target's).
  package var size: Int64
  /// The full mode, file type bits included.
  package var mode: UInt16
  /// The owner's user ID.
  package var ownerID: UInt32
  /// The group ID.
  package var groupID: UInt32
  /// The content modification date, in seconds since 1970.
  package var modificationDate: Int64
  /// The 32 bytes of Finder info (`FileInfo` or `FolderInfo`, then the extended info), or none.
  ///
  /// HFS+ records always hold 32 bytes; all zeros are read as none, as a Mac's `getxattr` sees
  /// them.
  package var finderInfo: [UInt8]
  /// A link's target.
  package var linkTarget: String?
  /// Where the data lies, in the volume's blocks.
  package var extents: [VolumeExtent]
  /// The extended attributes, in the order the volume keeps them, without Finder info, the
  /// resource fork and APFS's own link-target attribute.
  package var attributes: [VolumeAttribute]
  /// The resource fork (`com.apple.ResourceFork`), if the entry has one.
  package var resourceFork: VolumeAttribute?
  /// Whether the volume marks the entry as having extended attributes: HFS+'s catalog flag
  /// `kHFSHasAttributesMask`, which a Mac's `listxattr` trusts; APFS keeps no such flag, so
  /// there it is whether any are stored.
  package var hasAttributesFlag: Bool

  /// Makes an entry; by default its name is the last component of `path`, and its attributes
  /// flag says whether it has attributes.
  package init(
    path: String,
    name: String? = nil,
    id: UInt64,
    kind: Kind,
    size: Int64,
    mode: UInt16,
    ownerID: UInt32,
    groupID: UInt32,
    modificationDate: Int64,
    finderInfo: [UInt8] = [],
    linkTarget: String? = nil,
    extents: [VolumeExtent] = [],
    attributes: [VolumeAttribute] = [],
    resourceFork: VolumeAttribute? = nil,
    hasAttributesFlag: Bool? = nil
  ) {
    self.path = path
    self.name =
      name ?? String(path[(path.lastIndex(of: "/").map(path.index(after:)) ?? path.startIndex)...])
    self.id = id
    self.kind = kind
    self.size = size
    self.mode = mode
    self.ownerID = ownerID
    self.groupID = groupID
    self.modificationDate = modificationDate
    self.finderInfo = finderInfo.allSatisfy { $0 == 0 } ? [] : finderInfo
    self.linkTarget = linkTarget
    self.extents = extents
    self.attributes = attributes
    self.resourceFork = resourceFork
    self.hasAttributesFlag = hasAttributesFlag ?? !attributes.isEmpty
  }

  /// The Finder flags (bytes 8–9 of the Finder info), such as `kIsInvisible` (0x4000).
  package var finderFlags: UInt16 {
    guard finderInfo.count >= 10 else { return 0 }
    return UInt16(finderInfo[8]) << 8 | UInt16(finderInfo[9])
  }

  /// The resource fork's size in bytes, 0 without one.
  package var resourceForkSize: Int64 { resourceFork?.size ?? 0 }

  /// The names a Mac's `listxattr` gives: `com.apple.FinderInfo` when there is Finder info,
  /// `com.apple.ResourceFork` when there is a resource fork, then the other attributes.
  package var attributeNames: [String] {
    (finderInfo.isEmpty ? [] : [SourceItem.finderInfoAttribute])
      + (resourceFork == nil ? [] : [SourceItem.resourceForkAttribute]) + attributes.map(\.name)
  }

  /// Whether the attributes flag and the stored attributes disagree, so that a Mac loses the
  /// attributes (or lists some that do not exist).
  package var attributesFlagDisagrees: Bool { hasAttributesFlag == attributes.isEmpty }
}
