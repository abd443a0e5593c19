import StagedTree
import SystemSupport
import VolumeInterface

/// Every item of a volume with its catalog node ID, parent, stored name and data, in the order
/// their data is laid out; and the catalog and attributes records made from them.
///
/// Kept compact, since a volume of a million files is planned whole before it is written:
/// each item is a small ``Entry``, every stored name is in one shared array of UTF-16 units,
/// and each piece of data is the one stream segment that will read it.
struct CatalogPlan {
  /// The name of the folder hard-linked files live in; hdiutil makes it on every volume.
  static let privateDataName = HFSPlusName(units: [0, 0, 0, 0] + Array("HFS+ Private Data".utf16))
  /// The name of the folder hard-linked folders live in.
  static let privateDirectoryName = HFSPlusName(
    units: Array(".HFS+ Private Directory Data\r".utf16))
  /// Seconds from 1904-01-01 (HFS+ dates) to 1970-01-01.
  static let hfsEpochOffset: Int64 = 2_082_844_800

  /// The root folder's entry, the two private folders', then every staged item's, breadth
  /// first: IDs follow the order a person sees.
  private(set) var entries: [Entry] = []
  /// Every entry's stored name, one after another (see ``Entry/nameRange``).
  private(set) var names: [UInt16] = []
  /// The Finder info, resource forks and attributes of the entries that have any.
  private(set) var extras: [Extras] = []
  /// The data planned from the tree, each item the segment that reads it; the staged
  /// `.DS_Store`'s stays empty here.
  private var plannedDataItems: [SegmentedByteStream.Segment] = []
  /// The staged `.DS_Store`'s data, once ``fillDSStore(_:)`` has its bytes: kept apart, so that
  /// filling it in a copy of the plan copies none of the tree's entries and data items.
  private var filledDSStore: SegmentedByteStream.Segment?
  let options: VolumeOptions
  private(set) var volumeDate: UInt32 = 0
  /// The root's staged `.DS_Store`: its catalog ID and data item, filled in by
  /// ``fillDSStore(_:)``.
  private(set) var dsStore: (id: UInt32, dataIndex: Int)?
  /// The entries' indices in the order of their file and folder records' keys: by parent ID,
  /// then by name as HFS+ compares names.
  private(set) var recordOrder: [UInt32] = []

  var nextCatalogID: UInt32 { (entries.last?.id ?? CatalogRecords.firstUserID + 1) + 1 }
  var fileCount: UInt32 {
    UInt32(entries.lazy.filter { $0.kind == .file || $0.kind == .symbolicLink }.count)
  }
  var folderCount: UInt32 {
    UInt32(entries.lazy.filter { $0.id != CatalogRecords.rootFolderID && $0.isFolder }.count)
  }

  init(root: SourceItem, options: VolumeOptions) throws(HFSPlusError) {
    guard !options.caseSensitive else {
      throw .unsupportedSource(
        path: options.volumeName,
        reason: "HFS+ volumes are written case-insensitive; a case-sensitive volume needs APFS")
    }
    self.options = options
    let volumeName: HFSPlusName
    do {
      volumeName = try HFSPlusName(options.volumeName)
    } catch {
      throw .invalidName(options.volumeName, reason: "the volume name: \(error)")
    }
    var rootDate: UInt32 = date(root.modificationDate)
    // Reserved so that a large tree's lists never grow (growing doubles them).
    let itemCount = root.descendantCount
    entries.reserveCapacity(3 + itemCount)
    plannedDataItems.reserveCapacity(itemCount)
    // The root and the two private folders come first; their dates (the newest item's) are
    // set once every item is planned.
    appendRootEntries(volumeName: volumeName, valence: UInt32(root.children.count + 2))
    // Breadth first, children in catalog order.
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
        let (dataIndex, extrasIndex) = try planForks(of: child)
        if folderID == CatalogRecords.rootFolderID, child.isStagedDSStore, dataIndex != Entry.none {
          dsStore = (id, Int(dataIndex))
        }
        entries.append(
          Entry(
            id: id, parentID: folderID, nameStart: appendName(name),
            valence: UInt32(
              child.children.count), date: childDate, dataIndex: dataIndex,
            extrasIndex: extrasIndex, permissions: child.permissions,
            finderFlags: child.finderFlags, nameLength: UInt8(name.units.count),
            kind: Entry.Kind(child.content)))
        if child.isFolder {
          queue.append(
            (child, id, folderPath == "/" ? "/\(child.name)" : "\(folderPath)/\(child.name)"))
        }
      }
    }
    volumeDate = rootDate
    for index in 0..<3 { entries[index].date = rootDate }
    recordOrder = Self.recordOrder(of: entries, names: names)
  }

  /// The stored name of `entry`.
  func name(of entry: Entry) -> ArraySlice<UInt16> { names[entry.nameRange] }

  /// The Finder info, resource fork and attributes of `entry`: none for most.
  func extras(of entry: Entry) -> Extras {
    entry.extrasIndex == Entry.none ? Extras() : extras[Int(entry.extrasIndex)]
  }

  /// The indices of `entries` ordered by parent ID, then by name.
  ///
  /// A folder's children are planned together in name order, so the sort mostly finds runs
  /// already in order (the root's children are merged with the two private folders).
  static func recordOrder(of entries: [Entry], names: [UInt16]) -> [UInt32] {
    var order = (0..<UInt32(entries.count)).map { $0 }
    order.sort { first, second in
      let (a, b) = (entries[Int(first)], entries[Int(second)])
      return a.parentID != b.parentID
        ? a.parentID < b.parentID
        : HFSPlusName.compare(names[a.nameRange], names[b.nameRange]) < 0
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
          $0.parentID == found.id && $0.kind != .volumeFolder
            && self.name(of: $0).elementsEqual(name.units)
        })
      else { return nil }
      found = child
    }
    return PlannedItem(id: UInt64(found.id), date: Int64(found.date) - Self.hfsEpochOffset)
  }

  /// Appends the root folder's entry and the two private folders', undated.
  private mutating func appendRootEntries(volumeName: HFSPlusName, valence: UInt32) {
    for (id, parentID, name, valence) in [
      (CatalogRecords.rootFolderID, CatalogRecords.rootParentID, volumeName, valence),
      (16, CatalogRecords.rootFolderID, Self.privateDataName, 0),
      (17, CatalogRecords.rootFolderID, Self.privateDirectoryName, 0),
    ] {
      entries.append(
        Entry(
          id: id, parentID: parentID, nameStart: appendName(name), valence: valence, date: 0,
          dataIndex: Entry.none, extrasIndex: Entry.none, permissions: 0, finderFlags: 0,
          nameLength: UInt8(name.units.count), kind: .volumeFolder))
    }
  }

  /// Adds `name` to ``names``; returns where it starts.
  private mutating func appendName(_ name: HFSPlusName) -> UInt32 {
    defer { names += name.units }
    return UInt32(names.count)
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

  /// Gives staged `item` its data fork, resource fork and large attributes their data items,
  /// checks what HFS+ or a Mac cannot hold, and plans its attributes; returns its data fork's
  /// data item and its extras' index (each ``Entry/none`` when it has none).
  mutating func planForks(of item: SourceItem) throws(HFSPlusError) -> (
    dataIndex: UInt32, extrasIndex: UInt32
  ) {
    if let problem = item.linkTargetProblem {
      throw .unsupportedSource(path: item.sourcePath, reason: problem)
    }
    let dataIndex = item.isFolder ? Entry.none : UInt32(appendData(Self.segment(for: item)))
    var extras = Extras(finderInfo: item.finderInfo)
    if !item.resourceFork.isEmpty {
      guard !item.isFolder else {
        throw .unsupportedSource(path: item.sourcePath, reason: "a folder has no resource fork")
      }
      extras.resourceIndex = appendData(.bytes(item.resourceFork))
    }
    for (name, value) in item.extendedAttributes {
      extras.attributes.append(try planAttribute(name: name, value: value, of: item))
    }
    extras.attributes.sort { $0.name.lexicographicallyPrecedes($1.name) }
    guard !extras.finderInfo.isEmpty || extras.resourceIndex != nil || !extras.attributes.isEmpty
    else { return (dataIndex, Entry.none) }
    self.extras.append(extras)
    return (dataIndex, UInt32(self.extras.count - 1))
  }

  /// The attribute `name` of staged `item`, its value inline or, when large, in a data item
  /// of its own.
  private mutating func planAttribute(
    name: String, value: [UInt8], of item: SourceItem
  ) throws(HFSPlusError) -> Attribute {
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
    return Attribute(
      name: units, value: isInline ? value : [],
      dataIndex: isInline ? nil : appendData(.bytes(value)))
  }

  /// Puts `bytes` in the root's staged `.DS_Store`: the catalog and every other item stay as
  /// planned; only the data after the store moves. (The store's entry keeps its staged
  /// content: records read only its kind from it, and its size from the data item.)
  mutating func fillDSStore(_ bytes: [UInt8]) {
    guard dsStore != nil else {
      precondition(bytes.isEmpty, "the root has no staged .DS_Store to hold the bytes")
      return
    }
    filledDSStore = .bytes(bytes)
  }

  /// Every data item, in layout order, the `.DS_Store`'s as filled in: the segment that reads
  /// it (its length is the item's).
  var dataItems: LazyMapCollection<Range<Int>, SegmentedByteStream.Segment> {
    let filled = filledDSStore.flatMap { item in dsStore.map { (item, $0.dataIndex) } }
    return plannedDataItems.indices.lazy.map { index in
      if let (item, filledIndex) = filled, index == filledIndex { return item }
      return plannedDataItems[index]
    }
  }

  private mutating func appendData(_ segment: SegmentedByteStream.Segment) -> Int {
    plannedDataItems.append(segment)
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

  /// The largest attribute written inline; xnu keeps inline attributes at most this size.
  static let maximumInlineAttributeSize = 3802
  /// The largest attribute HFS+ holds: xnu's `HFS_XATTR_MAXSIZE` (`INT32_MAX`).
  static let maximumAttributeSize = Int(Int32.max)
  /// The longest attribute name, in UTF-16 units (`kHFSMaxAttrNameLen`).
  static let maximumAttributeNameLength = 127
}
