import StagedTree
import SystemSupport

/// Every item of a volume with its catalog node ID, parent, stored name and data, in the order
/// their data is laid out; and the catalog and attributes records made from them.
struct CatalogPlan {
  struct Entry {
    /// What a catalog record says an entry is: the root and private folders have no staged
    /// item; a file's content is on disk or in memory.
    enum Kind: UInt8 {
      case volumeFolder, folder, file, symbolicLink
    }

    let id: UInt32
    let parentID: UInt32
    let name: HFSPlusName
    let kind: Kind
    /// The staged item's permission bits, Finder flags and Finder info (what its records
    /// hold; the rest of the item stays in the staged tree).
    var permissions: UInt16 = 0
    var finderFlags: UInt16 = 0
    var finderInfo: [UInt8] = []
    let valence: UInt32
    let date: UInt32
    var dataIndex: Int? = nil
    var resourceIndex: Int? = nil
    var attributes: [Attribute] = []
  }

  /// An extended attribute as stored: inline in its record (`kHFSPlusAttrInlineData`), or in
  /// blocks of its own that the record points at (`kHFSPlusAttrForkData`).
  struct Attribute {
    let name: [UInt16]
    let value: [UInt8]
    /// The data item holding the value, when it is too large to go inline.
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
  /// The data items planned from the tree; the staged `.DS_Store`'s stays empty here.
  private var plannedDataItems: [DataItem] = []
  /// The staged `.DS_Store`'s data, once ``fillDSStore(_:)`` has its bytes: kept apart, so that
  /// filling it in a copy of the plan copies none of the tree's entries and data items.
  private var filledDSStore: DataItem?
  let options: VolumeOptions
  let volumeName: HFSPlusName
  private(set) var volumeDate: UInt32 = 0
  /// The root's staged `.DS_Store`: its catalog ID and data item, filled in by
  /// ``fillDSStore(_:)``.
  private(set) var dsStore: (id: UInt32, dataIndex: Int)?

  var nextCatalogID: UInt32 { (entries.last?.id ?? CatalogRecords.firstUserID + 1) + 1 }
  var fileCount: UInt32 {
    UInt32(entries.lazy.filter { $0.kind == .file || $0.kind == .symbolicLink }.count)
  }
  var folderCount: UInt32 {
    UInt32(
      entries.lazy.filter {
        $0.id != CatalogRecords.rootFolderID && ($0.kind == .folder || $0.kind == .volumeFolder)
      }
      .count)
  }
  /// The entries' indices in the order of their file and folder records' keys: by parent ID,
  /// then by name as HFS+ compares names.
  private(set) var recordOrder: [UInt32] = []

  init(root: SourceItem, options: VolumeOptions) throws(HFSPlusError) {
    guard !options.caseSensitive else {
      throw .unsupportedSource(
        path: options.volumeName,
        reason: "HFS+ volumes are written case-insensitive; a case-sensitive volume needs APFS")
    }
    self.options = options
    do {
      volumeName = try HFSPlusName(options.volumeName)
    } catch {
      throw .invalidName(options.volumeName, reason: "the volume name: \(error)")
    }
    var rootDate: UInt32 = date(root.modificationDate)
    // The root and the two private folders come first; their dates (the newest item's) are
    // set once every item is planned.
    entries = Self.rootEntries(
      volumeName: volumeName, valence: UInt32(root.children.count + 2), date: 0)
    // Reserved so that a large tree's lists never grow (growing doubles them).
    let itemCount = Self.itemCount(under: root)
    entries.reserveCapacity(entries.count + itemCount)
    plannedDataItems.reserveCapacity(itemCount)
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
        let childDate = date(child.modificationDate)
        rootDate = max(rootDate, childDate)
        let entry = try planForks(
          of: Entry(
            id: id, parentID: folderID, name: name, kind: Entry.Kind(child.content),
            permissions: child.permissions, finderFlags: child.finderFlags,
            finderInfo: child.finderInfo, valence: UInt32(child.children.count), date: childDate),
          item: child)
        if folderID == CatalogRecords.rootFolderID, child.isStagedDSStore,
          let dataIndex = entry.dataIndex
        {
          dsStore = (id, dataIndex)
        }
        entries.append(entry)
        if child.isFolder {
          queue.append(
            (child, id, folderPath == "/" ? "/\(child.name)" : "\(folderPath)/\(child.name)"))
        }
      }
    }
    volumeDate = rootDate
    let dated = Self.rootEntries(
      volumeName: volumeName, valence: UInt32(root.children.count + 2), date: rootDate)
    entries.replaceSubrange(0..<dated.count, with: dated)
    recordOrder = Self.recordOrder(of: entries)
  }

  /// The indices of `entries` ordered by parent ID, then by name.
  ///
  /// A folder's children are
  /// planned together in name order, so the sort mostly finds runs already in order (the root's
  /// children are merged with the two private folders).
  static func recordOrder(of entries: [Entry]) -> [UInt32] {
    var order = (0..<UInt32(entries.count)).map { $0 }
    order.sort { first, second in
      let (a, b) = (entries[Int(first)], entries[Int(second)])
      return a.parentID != b.parentID
        ? a.parentID < b.parentID : HFSPlusName.compare(a.name.units, b.name.units) < 0
    }
    return order
  }

  /// The catalog ID and date (seconds since 1970) of the staged item at `path` (`/`,
  /// `/Hello.app`, `/.background/bg.png`), found by walking its components from the root.
  func item(atPath path: String) -> PlannedItem? {
    var found = entries[0]
    for component in path.split(separator: "/") {
      guard let name = try? HFSPlusName(String(component)),
        let child = entries.first(where: {
          $0.parentID == found.id && $0.kind != .volumeFolder && $0.name == name
        })
      else { return nil }
      found = child
    }
    return PlannedItem(id: UInt64(found.id), date: Int64(found.date) - Self.hfsEpochOffset)
  }

  /// How many items `folder` holds, at every depth.
  static func itemCount(under folder: SourceItem) -> Int {
    folder.children.reduce(folder.children.count) { $0 + itemCount(under: $1) }
  }

  /// The root folder's entry and the two private folders', dated `date`.
  static func rootEntries(volumeName: HFSPlusName, valence: UInt32, date: UInt32) -> [Entry] {
    [
      Entry(
        id: CatalogRecords.rootFolderID, parentID: CatalogRecords.rootParentID, name: volumeName,
        kind: .volumeFolder, valence: valence, date: date),
      Entry(
        id: 16, parentID: 2, name: privateDataName, kind: .volumeFolder, valence: 0, date: date),
      Entry(
        id: 17, parentID: 2, name: privateDirectoryName, kind: .volumeFolder, valence: 0,
        date: date),
    ]
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

  /// Gives the entry of staged `item` its data fork, resource fork and large attributes their
  /// data items, checks what HFS+ or a Mac cannot hold, and plans its attributes.
  mutating func planForks(of entry: Entry, item: SourceItem) throws(HFSPlusError) -> Entry {
    var entry = entry
    if let problem = item.linkTargetProblem {
      throw .unsupportedSource(path: item.sourcePath, reason: problem)
    }
    if !item.isFolder {
      entry.dataIndex = appendData(length: item.dataLength, segment: Self.segment(for: item))
    }
    if !item.resourceFork.isEmpty {
      guard !item.isFolder else {
        throw .unsupportedSource(path: item.sourcePath, reason: "a folder has no resource fork")
      }
      entry.resourceIndex = appendData(
        length: Int64(item.resourceFork.count), segment: .bytes(item.resourceFork))
    }
    for (name, value) in item.extendedAttributes {
      guard name != SourceItem.finderInfoAttribute, name != SourceItem.resourceForkAttribute else {
        throw .unsupportedSource(
          path: item.sourcePath,
          reason: "\(name) belongs in the item's Finder info or resource fork, not its attributes")
      }
      let units = Array(name.utf16)
      guard !units.isEmpty, units.count <= Self.maximumAttributeNameLength else {
        throw .unsupportedSource(
          path: item.sourcePath,
          reason:
            "extended attribute name \(name.debugDescription) must have 1 to \(Self.maximumAttributeNameLength) UTF-16 units"
        )
      }
      guard value.count <= Self.maximumAttributeSize else {
        throw .unsupportedSource(
          path: item.sourcePath,
          reason:
            "extended attribute \(name) has \(value.count) bytes, more than the \(Self.maximumAttributeSize) HFS+ holds"
        )
      }
      let isInline = value.count <= Self.maximumInlineAttributeSize
      entry.attributes.append(
        Attribute(
          name: units, value: isInline ? value : [],
          dataIndex: isInline
            ? nil : appendData(length: Int64(value.count), segment: .bytes(value))))
    }
    entry.attributes.sort { $0.name.lexicographicallyPrecedes($1.name) }
    return entry
  }

  /// Puts `bytes` in the root's staged `.DS_Store`: the catalog and every other item stay as
  /// planned; only the data after the store moves. (The store's entry keeps its staged
  /// content: records read only its kind from it, and its size from the data item.)
  mutating func fillDSStore(_ bytes: [UInt8]) {
    guard dsStore != nil else {
      precondition(bytes.isEmpty, "the root has no staged .DS_Store to hold the bytes")
      return
    }
    filledDSStore = DataItem(length: Int64(bytes.count), segment: .bytes(bytes))
  }

  /// Every data item, in layout order, the `.DS_Store`'s as filled in.
  var dataItems: LazyMapCollection<Range<Int>, DataItem> {
    let filled = filledDSStore.flatMap { item in dsStore.map { (item, $0.dataIndex) } }
    return plannedDataItems.indices.lazy.map { index in
      if let (item, filledIndex) = filled, index == filledIndex { return item }
      return plannedDataItems[index]
    }
  }

  private mutating func appendData(length: Int64, segment: SegmentedByteStream.Segment) -> Int {
    plannedDataItems.append(DataItem(length: length, segment: segment))
    return plannedDataItems.count - 1
  }

  /// The first block of every data item, when file data starts at block `dataStart`.
  func startBlocks(dataStart: UInt32) -> [UInt32] {
    var block = dataStart
    return dataItems.map { item in
      defer { block += UInt32(HFSPlusVolume.blocks(for: item.length)) }
      return block
    }
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
    UInt32(clamping: max(0, options.clamped(unixSeconds) + Self.hfsEpochOffset))
  }

  // MARK: - Records

  /// The catalog records in key order, with file data starting at block `dataStart`, each made
  /// as it is read: an item's thread record (its ID and an empty name) comes before its
  /// children's records, every file and folder record in ``recordOrder``.
  func records(dataStart: UInt32) -> some Sequence<BTreeRecord> {
    let starts = startBlocks(dataStart: dataStart)
    var nextRecord = 0
    var nextThread = 0
    return AnySequence {
      AnyIterator { () -> BTreeRecord? in
        if nextRecord < recordOrder.count {
          let entry = entries[Int(recordOrder[nextRecord])]
          if nextThread >= entries.count || entry.parentID < entries[nextThread].id {
            nextRecord += 1
            return BTreeRecord(
              key: CatalogRecords.key(parentID: entry.parentID, name: entry.name.units),
              data: record(for: entry, startBlocks: starts))
          }
        }
        guard nextThread < entries.count else { return nil }
        let entry = entries[nextThread]
        nextThread += 1
        return BTreeRecord(
          key: CatalogRecords.key(parentID: entry.id, name: []),
          data: CatalogRecords.thread(
            isFolder: entry.kind == .folder || entry.kind == .volumeFolder,
            parentID: entry.parentID, name: entry.name.units))
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
    var common = CatalogRecords.Common(
      id: entry.id, date: entry.date, ownerID: options.ownerID, groupID: options.groupID,
      fileMode: entry.permissions,
      finderFlags: entry.finderFlags,
      sourceFinderInfo: entry.finderInfo,
      hasAttributes: !entry.attributes.isEmpty,
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
      common, dataFork: fork(entry.dataIndex), resourceFork: fork(entry.resourceIndex))
  }

  /// The attributes B-tree records, ordered by file ID then name: small attributes inline
  /// (`kHFSPlusAttrInlineData`), larger ones as a fork of their own (`kHFSPlusAttrForkData`),
  /// with file data starting at block `dataStart`.
  func attributeRecords(dataStart: UInt32) -> [BTreeRecord] {
    let starts = startBlocks(dataStart: dataStart)
    var records: [BTreeRecord] = []
    for entry in entries {
      for attribute in entry.attributes {
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

  /// The largest attribute written inline; xnu keeps inline attributes at most this size.
  static let maximumInlineAttributeSize = 3802
  /// The largest attribute HFS+ holds: xnu's `HFS_XATTR_MAXSIZE` (`INT32_MAX`).
  static let maximumAttributeSize = Int(Int32.max)
  /// The longest attribute name, in UTF-16 units (`kHFSMaxAttrNameLen`).
  static let maximumAttributeNameLength = 127
}

extension CatalogPlan.Entry.Kind {
  /// The kind of entry a staged item's records describe.
  init(_ content: SourceItem.Content) {
    switch content {
    case .folder: self = .folder
    case .file, .data: self = .file
    case .symbolicLink: self = .symbolicLink
    }
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
