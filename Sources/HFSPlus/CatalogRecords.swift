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
  static func key(parentID: UInt32, name: [UInt16]) -> [UInt8] {
    var writer = ByteWriter(capacity: 8 + 2 * name.count)
    writer.writeInteger(UInt16(6 + 2 * name.count))
    writer.writeInteger(parentID)
    writer.writeInteger(UInt16(name.count))
    for unit in name { writer.writeInteger(unit) }
    return writer.bytes
  }

  /// A thread record: links an item's ID back to its parent and name.
  static func thread(isFolder: Bool, parentID: UInt32, name: [UInt16]) -> [UInt8] {
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
    /// When the item was added to its folder, in seconds since 1970; `nil` for none.
    var dateAdded: UInt32? = nil

    /// The record flags: `kHFSHasDateAddedMask` (0x80) when there is a date added, as hdiutil
    /// sets for every item (libfshfs expects it).
    var dateAddedFlag: UInt16 { dateAdded == nil ? 0 : 0x0080 }

    /// `FndrExtendedFileInfo`/`FndrExtendedDirInfo`: document ID, date added, extended flags,
    /// reserved, write generation counter.
    func writeExtendedFinderInfo(into writer: inout ByteWriter) {
      writer.writeInteger(UInt32(0))
      writer.writeInteger(dateAdded ?? 0)
      writer.writeZeros(8)
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
    writer.writeInteger(common.dateAddedFlag)
    writer.writeInteger(valence)
    writer.writeInteger(common.id)
    common.writeDates(into: &writer)
    common.writePermissions(into: &writer)
    // FolderInfo: window bounds (8), finderFlags, location (4), reserved.
    writer.writeZeros(8)
    writer.writeInteger(common.finderFlags)
    writer.writeZeros(6)
    common.writeExtendedFinderInfo(into: &writer)
    writer.writeInteger(UInt32(0))  // textEncoding
    writer.writeInteger(UInt32(0))  // reserved (folder count only with kHFSHasFolderCountMask)
    return writer.bytes
  }

  /// One fork's `HFSPlusForkData`: logical size, clump size, blocks, and one extent (files are
  /// contiguous).
  static func writeFork(
    logicalSize: Int64, startBlock: UInt32, blockCount: UInt32, into writer: inout ByteWriter
  ) {
    writer.writeInteger(UInt64(logicalSize))
    writer.writeInteger(UInt32(0))  // clump size
    writer.writeInteger(blockCount)
    writer.writeInteger(blockCount > 0 ? startBlock : 0)
    writer.writeInteger(blockCount)
    writer.writeZeros(7 * 8)
  }

  /// A 248-byte `HFSPlusCatalogFile` with a data fork and an empty resource fork.
  static func file(_ common: Common, dataLength: Int64, startBlock: UInt32, blockCount: UInt32)
    -> [UInt8]
  {
    var writer = ByteWriter(capacity: 248)
    writer.writeInteger(RecordType.file.rawValue)
    writer.writeInteger(UInt16(0x0002) | common.dateAddedFlag)  // kHFSThreadExistsMask
    writer.writeInteger(UInt32(0))  // reserved1
    writer.writeInteger(common.id)
    common.writeDates(into: &writer)
    common.writePermissions(into: &writer)
    // FileInfo: type, creator, finderFlags, location, reserved.
    if let type = common.fileType { writer.writeFourCharCode(type) } else { writer.writeZeros(4) }
    if let creator = common.creator {
      writer.writeFourCharCode(creator)
    } else {
      writer.writeZeros(4)
    }
    writer.writeInteger(common.finderFlags)
    writer.writeZeros(6)
    common.writeExtendedFinderInfo(into: &writer)
    writer.writeInteger(UInt32(0))  // textEncoding
    writer.writeInteger(UInt32(0))  // reserved2
    writeFork(
      logicalSize: dataLength, startBlock: startBlock, blockCount: blockCount, into: &writer)
    writeFork(logicalSize: 0, startBlock: 0, blockCount: 0, into: &writer)
    return writer.bytes
  }
}
