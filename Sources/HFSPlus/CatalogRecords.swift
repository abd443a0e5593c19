import SystemSupport

/// The catalog B-tree's keys and records (TN1150, "Catalog File").
enum CatalogRecords {
  /// `kHFSRootParentID`: the parent of the root folder.
  static let rootParentID: UInt32 = 1
  /// `kHFSRootFolderID`.
  static let rootFolderID: UInt32 = 2
  /// `kHFSFirstUserCatalogNodeID`.
  static let firstUserID: UInt32 = 16

  /// `kHFSPlusFolderRecord`, `kHFSPlusFileRecord`, and their thread records.
  enum RecordType: Int16 {
    case folder = 1
    case file = 2
    case folderThread = 3
    case fileThread = 4
  }

  /// A catalog key: key length, parent ID, then the name as a length and UTF-16BE units.
  static func key(parentID: UInt32, name: some Collection<UInt16>) -> [UInt8] {
    var writer = ByteWriter(capacity: 8 + 2 * name.count)
    writer.writeInteger(UInt16(6 + 2 * name.count))
    writer.writeInteger(parentID)
    writer.writeInteger(UInt16(name.count))
    for unit in name { writer.writeInteger(unit) }
    return writer.bytes
  }

  /// A thread record: links an item's ID back to its parent and name.
  static func thread(isFolder: Bool, parentID: UInt32, name: some Collection<UInt16>) -> [UInt8] {
    var writer = ByteWriter(capacity: 10 + 2 * name.count)
    writer.writeInteger((isFolder ? RecordType.folderThread : .fileThread).rawValue)
    writer.writeInteger(Int16(0))
    writer.writeInteger(parentID)
    writer.writeInteger(UInt16(name.count))
    for unit in name { writer.writeInteger(unit) }
    return writer.bytes
  }

  /// The dates, ownership and Finder data every file and folder record holds.
  struct Common {
    var id: UInt32
    var date: UInt32
    var ownerID: UInt32
    var groupID: UInt32
    var fileMode: UInt16
    var special: UInt32 = 0
    var finderFlags: UInt16 = 0
    var fileType: String? = nil
    var creator: String? = nil
    /// The source's 32 bytes of Finder info (`com.apple.FinderInfo`), or none.
    var sourceFinderInfo: [UInt8] = []
    /// Whether the attributes file holds records for the item (`kHFSHasAttributesMask`).
    var hasAttributes = false
    /// When the item was added to its folder, in seconds since 1970; `nil` for none.
    var dateAdded: UInt32? = nil

    /// The record flags: `kHFSHasAttributesMask` (0x04) when the item has extended attributes
    /// (xnu's getxattr and listxattr look here first), `kHFSHasDateAddedMask` (0x80) when there
    /// is a date added, as hdiutil sets for every item (libfshfs expects it).
    var flags: UInt16 { (hasAttributes ? 0x0004 : 0) | (dateAdded == nil ? 0 : 0x0080) }

    /// Appends the 32 bytes of Finder info, the source's with ours laid over them.
    ///
    /// `FileInfo`/`FolderInfo` (type, creator or window bounds, flags, location) come from the
    /// source with our type, creator and flags laid over them; then the extended info with the
    /// source's extended flags and our date added. The document ID and write generation
    /// counter are the kernel's own and start at 0.
    func writeFinderInfo(into writer: inout ByteWriter) {
      let start = writer.count
      if sourceFinderInfo.count == 32 {
        writer.writeBytes(sourceFinderInfo)
      } else {
        writer.writeZeros(32)
      }
      for (code, offset) in [(fileType, 0), (creator, 4)] {
        guard let code else { continue }
        let bytes = Array(code.utf8)
        precondition(bytes.count == 4, "a four-character code has four ASCII characters")
        writer.setBytes(bytes, at: start + offset)
      }
      let sourceFlags = UInt16(writer.bytes[start + 8]) << 8 | UInt16(writer.bytes[start + 9])
      writer.setInteger(sourceFlags | finderFlags, at: start + 8)
      writer.setInteger(UInt32(0), at: start + 16)  // document ID
      writer.setInteger(dateAdded ?? 0, at: start + 20)
      writer.setInteger(UInt32(0), at: start + 28)  // write generation counter
    }

    /// create, content modification, attribute modification, access, backup (0).
    func writeDates(into writer: inout ByteWriter) {
      for _ in 0..<4 { writer.writeInteger(date) }
      writer.writeInteger(UInt32(0))
    }

    /// `HFSPlusBSDInfo`: owner, group, admin and owner flags, mode, special.
    func writePermissions(into writer: inout ByteWriter) {
      writer.writeInteger(ownerID)
      writer.writeInteger(groupID)
      writer.writeInteger(UInt8(0))
      writer.writeInteger(UInt8(0))
      writer.writeInteger(fileMode)
      writer.writeInteger(special)
    }
  }

  /// An 88-byte `HFSPlusCatalogFolder`.
  static func folder(_ common: Common, valence: UInt32) -> [UInt8] {
    var writer = ByteWriter(capacity: 88)
    writer.writeInteger(RecordType.folder.rawValue)
    writer.writeInteger(common.flags)
    writer.writeInteger(valence)
    writer.writeInteger(common.id)
    common.writeDates(into: &writer)
    common.writePermissions(into: &writer)
    common.writeFinderInfo(into: &writer)
    writer.writeInteger(UInt32(0))  // textEncoding
    writer.writeInteger(UInt32(0))  // reserved (folder count only with kHFSHasFolderCountMask)
    return writer.bytes
  }

  /// A fork laid out in one run of blocks, as every fork we write is.
  struct Fork {
    let logicalSize: Int64
    let startBlock: UInt32

    var blockCount: UInt32 { UInt32(HFSPlusVolume.blocks(for: logicalSize)) }

    /// The 80-byte `HFSPlusForkData`: logical size, clump size, blocks, and one extent.
    func write(into writer: inout ByteWriter) {
      writer.writeInteger(UInt64(logicalSize))
      writer.writeInteger(UInt32(0))  // clump size
      writer.writeInteger(blockCount)
      writer.writeInteger(blockCount > 0 ? startBlock : 0)
      writer.writeInteger(blockCount)
      writer.writeZeros(7 * 8)
    }
  }

  /// A 248-byte `HFSPlusCatalogFile` with its data and resource forks.
  static func file(_ common: Common, dataFork: Fork, resourceFork: Fork) -> [UInt8] {
    var writer = ByteWriter(capacity: 248)
    writer.writeInteger(RecordType.file.rawValue)
    writer.writeInteger(UInt16(0x0002) | common.flags)  // kHFSThreadExistsMask
    writer.writeInteger(UInt32(0))  // reserved1
    writer.writeInteger(common.id)
    common.writeDates(into: &writer)
    common.writePermissions(into: &writer)
    common.writeFinderInfo(into: &writer)
    writer.writeInteger(UInt32(0))  // textEncoding
    writer.writeInteger(UInt32(0))  // reserved2
    dataFork.write(into: &writer)
    resourceFork.write(into: &writer)
    return writer.bytes
  }
}

extension CatalogRecords {
  /// One of the two private folders hdiutil makes: owned by root, immutable, invisible and
  /// name-locked, as in hdiutil's volumes.
  static func privateFolder(id: UInt32, date: UInt32, mode: UInt16) -> [UInt8] {
    var writer = ByteWriter(capacity: 88)
    writer.writeInteger(RecordType.folder.rawValue)
    writer.writeInteger(UInt16(0x0010))  // kHFSHasFolderCountMask
    writer.writeInteger(UInt32(0))  // valence
    writer.writeInteger(id)
    for _ in 0..<4 { writer.writeInteger(date) }
    writer.writeInteger(UInt32(0))  // backup date
    writer.writeInteger(UInt32(0))  // owner: root
    writer.writeInteger(UInt32(0))  // group: wheel
    writer.writeInteger(UInt8(0))  // adminFlags
    writer.writeInteger(UInt8(0x02))  // ownerFlags: UF_IMMUTABLE
    writer.writeInteger(mode)
    writer.writeInteger(UInt32(1))  // special: link count
    writer.writeZeros(8)
    writer.writeInteger(UInt16(0x5000))  // kIsInvisible | kNameLocked
    writer.writeInteger(UInt16(0x4000))  // location, as hdiutil writes it
    writer.writeInteger(UInt16(0x4000))
    writer.writeZeros(2)
    writer.writeZeros(16 + 4 + 4)
    return writer.bytes
  }
}
