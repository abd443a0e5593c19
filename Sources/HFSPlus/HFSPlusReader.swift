import StagedTree
package import SystemSupport
package import VolumeInterface

/// Lists and extracts the content of an HFS+ volume (what we and hdiutil write).
package struct HFSPlusReader: VolumeReader {
  let source: any RandomAccessByteSource
  /// The allocation block size.
  package let blockSize: Int
  /// The number of allocation blocks.
  package let totalBlocks: UInt32
  /// The number of free blocks.
  package let freeBlocks: UInt32
  /// Files and folders, as the volume header counts them.
  package let fileCount: UInt32
  /// Folders, the root not counted.
  package let folderCount: UInt32
  /// The 64-bit volume identifier.
  package let volumeIdentifier: UInt64
  let catalogExtents: [(start: UInt32, count: UInt32)]
  let attributesExtents: [(start: UInt32, count: UInt32)]

  /// Opens the volume in `source`.
  ///
  /// - Throws: ``HFSPlusError/malformedVolume(_:)`` when the signature or header is wrong.
  package init(_ source: any RandomAccessByteSource) throws {
    self.source = source
    var header = ByteReader(try source.read(at: 1024, count: 512))
    let signature = try header.readInteger(as: UInt16.self)
    guard signature == 0x482B || signature == 0x4858 else {
      throw HFSPlusError.malformedVolume("no H+ or HX signature at byte 1024")
    }
    fileCount = try header.getInteger(at: 32)
    folderCount = try header.getInteger(at: 36)
    blockSize = Int(try header.getInteger(at: 40, as: UInt32.self))
    totalBlocks = try header.getInteger(at: 44)
    freeBlocks = try header.getInteger(at: 48)
    volumeIdentifier = try header.getInteger(at: 104)
    catalogExtents = try Self.extents(in: header, forkAt: 272)
    attributesExtents = try Self.extents(in: header, forkAt: 352)
    try checkGeometry()
  }

  /// The extents of the `HFSPlusForkData` at `offset`.
  static func extents(in reader: ByteReader, forkAt offset: Int) throws -> [(
    start: UInt32, count: UInt32
  )] {
    try extentRecord(in: reader, at: offset + 16)
  }

  /// The used extents of the eight-extent `HFSPlusExtentRecord` at `offset`.
  static func extentRecord(in reader: ByteReader, at offset: Int) throws -> [(
    start: UInt32, count: UInt32
  )] {
    try (0..<8).compactMap { index in
      let start: UInt32 = try reader.getInteger(at: offset + 8 * index)
      let count: UInt32 = try reader.getInteger(at: offset + 4 + 8 * index)
      return count > 0 ? (start, count) : nil
    }
  }

  // MARK: - Catalog

  /// Every entry on the volume, in catalog order (the two private folders are left out), with
  /// its attributes from the attributes file.
  ///
  /// - Throws: ``HFSPlusError/malformedVolume(_:)`` for a damaged catalog or attributes file.
  package func entries() throws -> [VolumeEntry] {
    try resolvePaths(try catalogRecords(), attributes: try attributes())
  }

  /// The root folder, at path `/`: its Finder flags say whether the volume has a custom icon.
  ///
  /// - Throws: ``HFSPlusError/malformedVolume(_:)`` for a damaged catalog.
  package func rootFolder() throws -> VolumeEntry {
    for (parentID, _, record) in try catalogRecords() where parentID == 1 {
      if try record.getInteger(at: 0, as: Int16.self) == 1,
        try record.getInteger(at: 8, as: UInt32.self) == 2
      {
        return try entry(path: "/", id: 2, record: record, attributes: try attributes()[2] ?? [])
      }
    }
    throw HFSPlusError.malformedVolume("the catalog holds no root folder")
  }

  /// Every catalog leaf record, with its key's parent ID and name.
  private func catalogRecords() throws -> [(
    parentID: UInt32, name: HFSPlusName, record: ByteReader
  )] {
    try leafRecords(extents: catalogExtents, file: "catalog").map { bytes in
      var record = ByteReader(bytes)
      let keyLength = Int(try record.readInteger(as: UInt16.self))
      let parentID = try record.readInteger(as: UInt32.self)
      let nameLength = Int(try record.readInteger(as: UInt16.self))
      let units = try (0..<nameLength).map { _ in try record.readInteger(as: UInt16.self) }
      try record.moveTo(2 + keyLength)
      return (
        parentID, HFSPlusName(units: units), ByteReader(try record.readBytes(record.remaining))
      )
    }
  }

  /// Every leaf record (key and data) of the B-tree file with `extents`, in key order.
  func leafRecords(extents: [(start: UInt32, count: UInt32)], file: String) throws -> [[UInt8]] {
    guard !extents.isEmpty else { return [] }
    let (nodeSize, firstLeaf) = try treeHeader(extents: extents, file: file)
    var records: [[UInt8]] = []
    var next = firstLeaf
    var visited = Set<UInt32>()
    while next != 0 {
      guard visited.insert(next).inserted else {
        throw HFSPlusError.malformedVolume("the \(file) file's leaf chain loops")
      }
      let leaf = try node(next, nodeSize: nodeSize, extents: extents, file: file)
      let count = Int(try leaf.getInteger(at: 10, as: UInt16.self))
      for index in 0..<count {
        let start = Int(try leaf.getInteger(at: nodeSize - 2 * (index + 1), as: UInt16.self))
        let end = Int(try leaf.getInteger(at: nodeSize - 2 * (index + 2), as: UInt16.self))
        guard start <= end else {
          throw HFSPlusError.malformedVolume(
            "\(file) node \(next): record \(index) ends before it starts")
        }
        records.append(Array(try leaf.getBytes(at: start, count: end - start)))
      }
      next = try leaf.getInteger(at: 0)
    }
    return records
  }

  private func resolvePaths(
    _ raw: [(parentID: UInt32, name: HFSPlusName, record: ByteReader)],
    attributes: [UInt32: [VolumeAttribute]]
  ) throws -> [VolumeEntry] {
    var names: [UInt32: (parent: UInt32, name: String)] = [:]
    var items: [(parentID: UInt32, id: UInt32, name: String, record: ByteReader)] = []
    for (parentID, name, record) in raw {
      let type = try record.getInteger(at: 0, as: Int16.self)
      guard type == 1 || type == 2 else { continue }
      let id: UInt32 = try record.getInteger(at: 8)
      names[id] = (parentID, name.posixName)
      items.append((parentID, id, name.posixName, record))
    }
    // Walked up, not recursed: a crafted catalog whose parents loop is refused, not followed.
    func path(of id: UInt32) throws -> String {
      var components: [String] = []
      var current = id
      while current != 2, let (parent, name) = names[current] {
        guard components.count <= names.count else {
          throw HFSPlusError.malformedVolume(
            "the catalog's parents loop: folder \(current) (\(name.debugDescription)) is its own "
              + "ancestor")
        }
        components.append(name)
        current = parent
      }
      return components.reversed().map { "/" + $0 }.joined()
    }
    var entries: [VolumeEntry] = []
    for (parentID, id, name, record) in items where id != 2 && parentID != 0 {
      if parentID == 2,
        name.hasPrefix("\0\0\0\0HFS+ Private") || name == ".HFS+ Private Directory Data\r"
      {
        continue
      }
      entries.append(
        try entry(
          path: try path(of: id), name: name, id: id, record: record,
          attributes: attributes[id] ?? []))
    }
    return entries
  }

  /// The entry a folder or file record describes.
  private func entry(
    path: String, name: String? = nil, id: UInt32, record: ByteReader,
    attributes: [VolumeAttribute]
  ) throws -> VolumeEntry {
    let type = try record.getInteger(at: 0, as: Int16.self)
    let mode = try record.getInteger(at: 42, as: UInt16.self)
    var entry = VolumeEntry(
      path: path, name: name, id: UInt64(id), kind: .folder, size: 0, mode: mode,
      ownerID: try record.getInteger(at: 32), groupID: try record.getInteger(at: 36),
      modificationDate: Int64(try record.getInteger(at: 16, as: UInt32.self))
        - CatalogPlan.hfsEpochOffset,
      finderInfo: Array(try record.getBytes(at: 48, count: 32)), attributes: attributes,
      // kHFSHasAttributesMask
      hasAttributesFlag: try record.getInteger(at: 2, as: UInt16.self) & 0x0004 != 0)
    guard type != 1 else { return entry }
    entry.size = try record.getOffset(at: 88)
    entry.extents = try Self.volumeExtents(in: record, forkAt: 88)
    if mode & 0o170000 == 0o120000 {
      entry.kind = .symbolicLink
      entry.linkTarget = String(
        decoding: try read(size: entry.size, extents: entry.extents), as: UTF8.self)
    } else {
      entry.kind = .file
    }
    let forkSize = try record.getOffset(at: 168)
    if forkSize > 0 {
      entry.resourceFork = VolumeAttribute(
        name: SourceItem.resourceForkAttribute, size: forkSize,
        storage: .stream(try Self.volumeExtents(in: record, forkAt: 168)))
    }
    return entry
  }

  /// The extents of the `HFSPlusForkData` at `offset`, as a volume entry holds them.
  static func volumeExtents(in reader: ByteReader, forkAt offset: Int) throws -> [VolumeExtent] {
    try extents(in: reader, forkAt: offset).map {
      VolumeExtent(start: UInt64($0.start), blockCount: UInt64($0.count))
    }
  }

  /// The volume's name: the root folder's thread record's name.
  package func volumeName() throws -> String {
    let (nodeSize, firstLeaf) = try treeHeader(extents: catalogExtents, file: "catalog")
    let leaf = try node(firstLeaf, nodeSize: nodeSize)
    let start = Int(try leaf.getInteger(at: nodeSize - 2, as: UInt16.self))
    var record = ByteReader(try leaf.getBytes(at: start, count: nodeSize - start))
    let keyLength = Int(try record.readInteger(as: UInt16.self))
    try record.skip(keyLength)
    let type = try record.readInteger(as: Int16.self)
    // The first record is the root's folder record (parent 1); its key holds the name.
    guard type == 1 else { return "" }
    var key = ByteReader(try leaf.getBytes(at: start, count: 2 + keyLength))
    try key.skip(6)
    let length = Int(try key.readInteger(as: UInt16.self))
    let units = try (0..<length).map { _ in try key.readInteger(as: UInt16.self) }
    return HFSPlusName(units: units).posixName
  }

  /// `count` bytes of a file's data fork from `offset`, fewer past its end.
  ///
  /// - Throws: ``HFSPlusError/malformedVolume(_:)`` when the fork lies outside the volume.
  package func contents(of entry: VolumeEntry, at offset: Int64, count: Int) throws -> [UInt8] {
    var result: [UInt8] = []
    var position = offset
    var forkOffset: Int64 = 0
    let end = min(entry.size, offset + Int64(count))
    for (start, blocks) in try Self.blockRuns(entry.extents) where position < end {
      let length = Int64(blocks) * Int64(blockSize)
      if position < forkOffset + length {
        let take = min(end, forkOffset + length) - position
        result += try source.read(
          at: Int64(start) * Int64(blockSize) + position - forkOffset, count: Int(take))
        position += take
      }
      forkOffset += length
    }
    return result
  }

  /// A file's data fork.
  ///
  /// - Throws: ``HFSPlusError/malformedVolume(_:)`` when the fork lies outside the volume.
  package func contents(of entry: VolumeEntry) throws -> [UInt8] {
    try read(size: entry.size, extents: entry.extents)
  }

  /// The bytes of a fork or attribute fork of `size` bytes in `extents`.
  func read(size: Int64, extents: [VolumeExtent]) throws -> [UInt8] {
    try read(size: size, extents: try Self.blockRuns(extents))
  }

  /// Extents as HFS+ addresses them, 32-bit block numbers and counts.
  static func blockRuns(_ extents: [VolumeExtent]) throws -> [(start: UInt32, count: UInt32)] {
    try extents.map { extent in
      guard let start = UInt32(exactly: extent.start),
        let count = UInt32(exactly: extent.blockCount)
      else {
        throw HFSPlusError.malformedVolume(
          "an extent at block \(extent.start)+\(extent.blockCount) is past what HFS+ addresses")
      }
      return (start, count)
    }
  }

  func read(size: Int64, extents: [(start: UInt32, count: UInt32)]) throws -> [UInt8] {
    try checkFork(size: size, extents: extents)
    var bytes: [UInt8] = []
    // Grown as the bytes arrive past 16 MiB: a size is only a claim until they do.
    bytes.reserveCapacity(Int(min(size, 1 << 24)))
    for (start, count) in extents where bytes.count < size {
      let wanted = min(Int64(count) * Int64(blockSize), size - Int64(bytes.count))
      bytes += try source.read(at: Int64(start) * Int64(blockSize), count: Int(wanted))
    }
    guard bytes.count == size else {
      throw HFSPlusError.malformedVolume(
        "a fork of \(size) bytes needs extents beyond the catalog record's eight")
    }
    return bytes
  }

  /// Catalog node `number`, found through the catalog file's extents.
  private func node(_ number: UInt32, nodeSize: Int) throws -> ByteReader {
    try node(number, nodeSize: nodeSize, extents: catalogExtents, file: "catalog")
  }

  /// Node `number` of the B-tree file with `extents`.
  func node(
    _ number: UInt32, nodeSize: Int, extents: [(start: UInt32, count: UInt32)], file: String
  ) throws -> ByteReader {
    var offset = Int64(number) * Int64(nodeSize)
    for (start, count) in extents {
      let length = Int64(count) * Int64(blockSize)
      if offset < length {
        return ByteReader(
          try source.read(at: Int64(start) * Int64(blockSize) + offset, count: nodeSize))
      }
      offset -= length
    }
    throw HFSPlusError.malformedVolume("\(file) node \(number) lies outside the \(file) file")
  }
}
