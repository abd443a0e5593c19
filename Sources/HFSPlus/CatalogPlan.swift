import StagedTree
import SystemSupport

/// Every item of a volume with its catalog node ID, parent, stored name and data, in the order
/// their data is laid out; and the catalog and attributes records made from them.
struct CatalogPlan {
  struct Entry {
    let id: UInt32
    let parentID: UInt32
    let name: HFSPlusName
    let item: SourceItem?
    let valence: UInt32
    let date: UInt32
    let dataIndex: Int?
  }

  struct DataItem {
    let length: Int64
    let segment: SegmentedByteStream.Segment
  }

  /// The name of the folder hard-linked files live in; hdiutil makes it on every volume.
  static let privateDataName = HFSPlusName(units: [0, 0, 0, 0] + Array("HFS+ Private Data".utf16))
  /// The name of the folder hard-linked folders live in.
  static let privateDirectoryName = HFSPlusName(
    units: Array(".HFS+ Private Directory Data\r".utf16))
  /// Seconds from 1904-01-01 (HFS+ dates) to 1970-01-01.
  static let hfsEpochOffset: Int64 = 2_082_844_800

  private(set) var entries: [Entry] = []
  private(set) var dataItems: [DataItem] = []
  let options: HFSPlusVolumeOptions
  let volumeName: HFSPlusName
  private(set) var volumeDate: UInt32 = 0
  /// Catalog IDs and dates by path (`/Hello.app`, `/.background/bg.png`).
  private(set) var itemsByPath: [String: (id: UInt32, date: UInt32)] = [:]

  var nextCatalogID: UInt32 { (entries.last?.id ?? CatalogRecords.firstUserID + 1) + 1 }
  var fileCount: UInt32 { UInt32(entries.filter { $0.item.map { !$0.isFolder } ?? false }.count) }
  var folderCount: UInt32 {
    UInt32(
      entries.filter { $0.id != CatalogRecords.rootFolderID && ($0.item?.isFolder ?? true) }.count)
  }

  init(root: SourceItem, options: HFSPlusVolumeOptions) throws(HFSPlusError) {
    self.options = options
    do {
      volumeName = try HFSPlusName(options.volumeName)
    } catch {
      throw .invalidName(options.volumeName, reason: "the volume name: \(error)")
    }
    var rootDate: UInt32 = date(root.modificationDate)
    // Breadth first, children in catalog order: IDs follow the order a person sees.
    var queue: [(item: SourceItem, id: UInt32, path: String)] = [
      (root, CatalogRecords.rootFolderID, "/")
    ]
    var nextID = CatalogRecords.firstUserID + 2
    var index = 0
    while index < queue.count {
      let (folder, folderID, folderPath) = queue[index]
      index += 1
      for (name, child) in try Self.sortedChildren(of: folder, path: folderPath) {
        let id = nextID
        nextID += 1
        var dataIndex: Int?
        if !child.isFolder {
          dataIndex = dataItems.count
          dataItems.append(DataItem(length: child.dataLength, segment: Self.segment(for: child)))
        }
        let childDate = date(child.modificationDate)
        rootDate = max(rootDate, childDate)
        itemsByPath[folderPath == "/" ? "/\(child.name)" : "\(folderPath)/\(child.name)"] = (
          id, childDate
        )
        entries.append(
          Entry(
            id: id, parentID: folderID, name: name, item: child,
            valence: UInt32(child.children.count),
            date: childDate, dataIndex: dataIndex))
        if child.isFolder {
          queue.append(
            (child, id, folderPath == "/" ? "/\(child.name)" : "\(folderPath)/\(child.name)"))
        }
      }
    }
    volumeDate = rootDate
    let privateFolders = [
      Entry(
        id: 16, parentID: 2, name: Self.privateDataName, item: nil, valence: 0, date: rootDate,
        dataIndex: nil),
      Entry(
        id: 17, parentID: 2, name: Self.privateDirectoryName, item: nil, valence: 0, date: rootDate,
        dataIndex: nil),
    ]
    let rootEntry = Entry(
      id: CatalogRecords.rootFolderID, parentID: CatalogRecords.rootParentID, name: volumeName,
      item: nil,
      valence: UInt32(root.children.count + 2), date: rootDate, dataIndex: nil)
    entries = [rootEntry] + privateFolders + entries
  }

  /// A folder's children with their stored names, in catalog order; two names that HFS+ sees
  /// as the same are an error naming both.
  static func sortedChildren(of folder: SourceItem, path: String) throws(HFSPlusError) -> [(
    HFSPlusName, SourceItem
  )] {
    var named: [(HFSPlusName, SourceItem)] = []
    for child in folder.children {
      do {
        named.append((try HFSPlusName(child.name), child))
      } catch {
        throw .invalidName(child.sourcePath, reason: "\(error)")
      }
    }
    named.sort { HFSPlusName.compare($0.0.units, $1.0.units) < 0 }
    for (first, second) in zip(named, named.dropFirst()) where first.0.isEquivalent(to: second.0) {
      throw .conflictingNames(folder: path, first: first.1.name, second: second.1.name)
    }
    return named
  }

  static func segment(for item: SourceItem) -> SegmentedByteStream.Segment {
    switch item.content {
    case .file(let path, let size): .file(path: path, length: size)
    case .data(let bytes): .bytes(bytes)
    case .symbolicLink(let target): .bytes(Array(target.utf8))
    case .folder: .bytes([])
    }
  }

  /// A date for the volume: clamped to the limit, in seconds since 1904.
  func date(_ unixSeconds: Int64) -> UInt32 {
    let clamped = options.dateLimit.map { min($0, unixSeconds) } ?? unixSeconds
    return UInt32(clamping: max(0, clamped + Self.hfsEpochOffset))
  }

  // MARK: - Records

  /// The catalog records in key order, with file data starting at block `dataStart`.
  func records(dataStart: UInt32) -> [BTreeRecord] {
    var blockOfData: [Int: UInt32] = [:]
    var block = dataStart
    for (index, item) in dataItems.enumerated() {
      blockOfData[index] = block
      block += UInt32(HFSPlusVolume.blocks(for: item.length))
    }
    var keyed: [(parentID: UInt32, folded: [UInt16], record: BTreeRecord)] = []
    keyed.reserveCapacity(entries.count * 2)
    for entry in entries {
      let isFolder = entry.item?.isFolder ?? true
      let data = record(for: entry, startBlock: entry.dataIndex.flatMap { blockOfData[$0] } ?? 0)
      keyed.append(
        (
          entry.parentID, Self.folded(entry.name.units),
          BTreeRecord(
            key: CatalogRecords.key(parentID: entry.parentID, name: entry.name.units), data: data)
        ))
      keyed.append(
        (
          entry.id, [],
          BTreeRecord(
            key: CatalogRecords.key(parentID: entry.id, name: []),
            data: CatalogRecords.thread(
              isFolder: isFolder, parentID: entry.parentID, name: entry.name.units))
        ))
    }
    keyed.sort {
      $0.parentID != $1.parentID
        ? $0.parentID < $1.parentID : $0.folded.lexicographicallyPrecedes($1.folded)
    }
    return keyed.map(\.record)
  }

  /// A name's units as the comparison sees them: folded, ignorable units dropped.
  static func folded(_ units: [UInt16]) -> [UInt16] {
    units.compactMap { unit in
      let folded = HFSPlusName.caseFolding[unit] ?? unit
      return folded == 0 ? nil : folded
    }
  }

  private func record(for entry: Entry, startBlock: UInt32) -> [UInt8] {
    guard let item = entry.item else {
      if entry.id == CatalogRecords.rootFolderID {
        let common = CatalogRecords.Common(
          id: entry.id, date: entry.date, ownerID: options.ownerID, groupID: options.groupID,
          fileMode: 0o040755, finderFlags: options.rootFinderFlags)
        return CatalogRecords.folder(common, valence: entry.valence)
      }
      return CatalogRecords.privateFolder(
        id: entry.id, date: entry.date, mode: entry.id == 16 ? 0o040000 : 0o041555)
    }
    var common = CatalogRecords.Common(
      id: entry.id, date: entry.date, ownerID: options.ownerID, groupID: options.groupID,
      fileMode: item.permissions,
      finderFlags: item.finderFlags,
      dateAdded: UInt32(clamping: max(0, Int64(entry.date) - Self.hfsEpochOffset)))
    switch item.content {
    case .folder:
      common.fileMode |= 0o040000
      return CatalogRecords.folder(common, valence: entry.valence)
    case .symbolicLink:
      common.fileMode = 0o120000 | (item.permissions == 0 ? 0o755 : item.permissions)
      common.special = 1
      common.fileType = "slnk"
      common.creator = "rhap"
    case .file, .data:
      common.fileMode |= 0o100000
      common.special = 1
    }
    let blocks = UInt32(HFSPlusVolume.blocks(for: item.dataLength))
    return CatalogRecords.file(
      common, dataLength: item.dataLength, startBlock: startBlock, blockCount: blocks)
  }

  /// The attributes B-tree records: each extended attribute inline (`kHFSPlusAttrInlineData`),
  /// ordered by file ID then name.
  func attributeRecords() throws(HFSPlusError) -> [BTreeRecord] {
    var records: [(id: UInt32, name: [UInt16], record: BTreeRecord)] = []
    for entry in entries {
      guard let item = entry.item else { continue }
      for (name, value) in item.extendedAttributes
      where !Self.attributesKeptElsewhere.contains(name) {
        let units = Array(name.utf16)
        guard units.count <= 127 else {
          throw .unsupportedSource(
            path: item.sourcePath,
            reason:
              "extended attribute name \(name.debugDescription) is longer than 127 UTF-16 units")
        }
        guard value.count <= Self.maximumInlineAttributeSize else {
          throw .unsupportedSource(
            path: item.sourcePath,
            reason:
              "extended attribute \(name) has \(value.count) bytes; at most \(Self.maximumInlineAttributeSize) are written"
          )
        }
        var key = ByteWriter()
        key.writeInteger(UInt16(12 + 2 * units.count))
        key.writeInteger(UInt16(0))  // pad
        key.writeInteger(entry.id)
        key.writeInteger(UInt32(0))  // startBlock
        key.writeInteger(UInt16(units.count))
        for unit in units { key.writeInteger(unit) }
        var data = ByteWriter()
        data.writeInteger(UInt32(0x10))  // kHFSPlusAttrInlineData
        data.writeZeros(8)
        data.writeInteger(UInt32(value.count))
        data.writeBytes(value)
        data.pad(toMultipleOf: 2)
        records.append((entry.id, units, BTreeRecord(key: key.bytes, data: data.bytes)))
      }
    }
    records.sort { $0.id != $1.id ? $0.id < $1.id : $0.name.lexicographicallyPrecedes($1.name) }
    return records.map(\.record)
  }

  /// Attributes HFS+ keeps in the catalog or a resource fork, not in the attributes file.
  static let attributesKeptElsewhere: Set<String> = [
    "com.apple.FinderInfo", "com.apple.ResourceFork",
  ]
  /// The largest attribute written inline; xnu keeps inline attributes at most this size.
  static let maximumInlineAttributeSize = 3802
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
