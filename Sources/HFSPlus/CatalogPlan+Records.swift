import SystemSupport
import VolumeInterface

extension CatalogPlan {
  /// The catalog records in key order, with file data starting at block `dataStart`, each made
  /// as it is read: an item's thread record (its ID and an empty name) comes before its
  /// children's records, every file and folder record in ``recordOrder``.
  ///
  /// Each pass over the sequence makes the records anew, so it can be read as often as the
  /// catalog is measured, hashed and written.
  func records(dataStart: UInt32) -> AnySequence<BTreeRecord> {
    AnySequence { [self] in
      let starts = startBlocks(dataStart: dataStart)
      var nextRecord = 0
      var nextThread = 0
      return AnyIterator { () -> BTreeRecord? in
        if nextRecord < recordOrder.count {
          let entry = entries[Int(recordOrder[nextRecord])]
          if nextThread >= entries.count || entry.parentID < entries[nextThread].id {
            nextRecord += 1
            return BTreeRecord(
              key: CatalogRecords.key(parentID: entry.parentID, name: name(of: entry)),
              data: record(for: entry, startBlocks: starts))
          }
        }
        guard nextThread < entries.count else { return nil }
        let entry = entries[nextThread]
        nextThread += 1
        return BTreeRecord(
          key: CatalogRecords.key(parentID: entry.id, name: []),
          data: CatalogRecords.thread(
            isFolder: entry.isFolder, parentID: entry.parentID, name: name(of: entry)))
      }
    }
  }

  private func record(for entry: Entry, startBlocks: [UInt32]) -> [UInt8] {
    guard entry.kind != .volumeFolder else {
      if entry.id == CatalogRecords.rootFolderID {
        let common = CatalogRecords.Common(
          id: entry.id, date: entry.date, ownerID: options.ownerID, groupID: options.groupID,
          fileMode: 0o040755, finderFlags: options.rootFinderFlags)
        return CatalogRecords.folder(common, valence: entry.valence)
      }
      return CatalogRecords.privateFolder(
        id: entry.id, date: entry.date, mode: entry.id == 16 ? 0o040000 : 0o041555)
    }
    let extras = extras(of: entry)
    var common = CatalogRecords.Common(
      id: entry.id, date: entry.date, ownerID: options.ownerID, groupID: options.groupID,
      fileMode: entry.permissions,
      finderFlags: entry.finderFlags,
      sourceFinderInfo: extras.finderInfo,
      hasAttributes: !extras.attributes.isEmpty,
      dateAdded: UInt32(clamping: max(0, Int64(entry.date) - Self.hfsEpochOffset)))
    switch entry.kind {
    case .folder, .volumeFolder:
      common.fileMode |= 0o040000
      return CatalogRecords.folder(common, valence: entry.valence)
    case .symbolicLink:
      common.fileMode = 0o120000 | (entry.permissions == 0 ? 0o755 : entry.permissions)
      common.special = 1
      common.fileType = "slnk"
      common.creator = "rhap"
    case .file:
      common.fileMode |= 0o100000
      common.special = 1
    }
    func fork(_ index: Int?) -> CatalogRecords.Fork {
      guard let index else { return CatalogRecords.Fork(logicalSize: 0, startBlock: 0) }
      return CatalogRecords.Fork(
        logicalSize: dataItems[index].length, startBlock: startBlocks[index])
    }
    return CatalogRecords.file(
      common, dataFork: fork(entry.dataItem), resourceFork: fork(extras.resourceIndex))
  }

  /// The attributes B-tree records, ordered by file ID then name: small attributes inline
  /// (`kHFSPlusAttrInlineData`), larger ones as a fork of their own (`kHFSPlusAttrForkData`),
  /// with file data starting at block `dataStart`.
  func attributeRecords(dataStart: UInt32) -> [BTreeRecord] {
    let starts = startBlocks(dataStart: dataStart)
    var records: [BTreeRecord] = []
    for entry in entries where entry.extrasIndex != Entry.none {
      for attribute in extras(of: entry).attributes {
        var key = ByteWriter()
        key.writeInteger(UInt16(12 + 2 * attribute.name.count))
        key.writeInteger(UInt16(0))  // pad
        key.writeInteger(entry.id)
        key.writeInteger(UInt32(0))  // startBlock
        key.writeInteger(UInt16(attribute.name.count))
        for unit in attribute.name { key.writeInteger(unit) }
        var data = ByteWriter()
        if let index = attribute.dataIndex {
          data.writeInteger(UInt32(0x20))  // kHFSPlusAttrForkData
          data.writeInteger(UInt32(0))  // reserved
          CatalogRecords.Fork(logicalSize: dataItems[index].length, startBlock: starts[index])
            .write(into: &data)
        } else {
          data.writeInteger(UInt32(0x10))  // kHFSPlusAttrInlineData
          data.writeZeros(8)
          data.writeInteger(UInt32(attribute.value.count))
          data.writeBytes(attribute.value)
          data.pad(toMultipleOf: 2)
        }
        records.append(BTreeRecord(key: key.bytes, data: data.bytes))
      }
    }
    return records
  }
}
