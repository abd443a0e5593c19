package import StagedTree
package import SystemSupport
package import VolumeInterface

/// An HFS+ volume built from a tree of ``SourceItem``s, ready to be streamed block by block.
///
/// Layout, in 4 KiB allocation blocks: block 0 (boot blocks and the volume header at byte 1024),
/// the allocation bitmap, the extents overflow, catalog and attributes B-trees, every file's data
/// contiguously, the requested free space, and a last block holding the alternate volume header
/// 1024 bytes before the end. Not journaled, case-insensitive (signature `H+`, version 4), as
/// `hdiutil create -srcfolder` makes them.
package struct HFSPlusVolume: FileSystemVolume {
  /// The catalog planned for a staged tree: every item's catalog node ID and date, its names
  /// checked, its forks and attributes placed; built once the `.DS_Store` is known.
  package struct Plan: VolumePlan {
    var catalog: CatalogPlan

    /// The catalog node ID and date of the item at `path` from the root (`/` included).
    package func item(atPath path: String) -> PlannedItem? { catalog.item(atPath: path) }

    /// The volume header's dates and the root folder's: the newest item's, clamped.
    package var volumeDate: Int64 { Int64(catalog.volumeDate) - CatalogPlan.hfsEpochOffset }

    /// Builds the volume, `dsStore` in the root's `.DS_Store`.
    ///
    /// - Throws: ``HFSPlusError/volumeTooLarge(bytes:)`` past what 4 KiB blocks address.
    package func build(dsStore: [UInt8]) throws(HFSPlusError) -> HFSPlusVolume {
      var catalog = catalog
      catalog.fillDSStore(dsStore)
      return try HFSPlusVolume(catalog: catalog)
    }
  }

  /// The allocation block size.
  package static let blockSize = 4096
  /// HFS+, in an `Apple_HFS` partition.
  package static let fileSystem = VolumeFileSystem.hfsPlus

  /// The volume's blocks.
  package let totalBlocks: UInt32
  /// The volume's 64-bit identifier (Finder info words 6 and 7).
  package let identifier: UInt64
  /// Files and symbolic links on the volume.
  package let fileCount: UInt32
  /// Folders on the volume, the two private folders included, the root not.
  package let folderCount: UInt32
  /// The pieces before the files' data: boot blocks, volume header, allocation bitmap, and
  /// the extents, catalog (made node by node as it is read) and attributes B-trees.
  let leadingSegments: [SegmentedByteStream.Segment]
  /// The plan whose data items follow, each padded to whole blocks.
  let catalog: CatalogPlan
  /// The pieces after the files' data: the free space and the alternate volume header.
  let trailingSegments: [SegmentedByteStream.Segment]

  /// A stream of the volume's bytes.
  ///
  /// The data's segments are made as the stream reaches them, and the catalog's nodes as it
  /// reads them: nothing the size of the tree is held.
  package func makeStream() -> SegmentedByteStream {
    SegmentedByteStream(
      [AnySequence(leadingSegments), AnySequence(dataSegments), AnySequence(trailingSegments)]
        .joined())
  }

  /// Each data item's segment, then the zeros that pad it to whole blocks, made one at a time.
  var dataSegments: some Sequence<SegmentedByteStream.Segment> {
    let items = catalog.dataItems
    return sequence(state: (index: items.startIndex, padding: Int64(0))) { state in
      if state.padding > 0 {
        defer { state.padding = 0 }
        return .zeros(state.padding)
      }
      guard state.index < items.endIndex else { return nil }
      let item = items[state.index]
      state.index += 1
      state.padding = Self.blocks(for: item.length) * Int64(Self.blockSize) - item.length
      return item
    }
  }

  /// The volume's size in bytes.
  package var byteCount: Int64 { Int64(totalBlocks) * Int64(Self.blockSize) }

  /// Files and symbolic links, and folders (the two private folders included).
  package var itemCounts: (files: UInt32, folders: UInt32) { (fileCount, folderCount) }

  /// Plans the volume for `root`'s children.
  ///
  /// - Throws: ``HFSPlusError`` for names HFS+ cannot hold or that collide in a folder, items
  ///   it cannot store, and a case-sensitive volume (HFS+ volumes are written
  ///   case-insensitive).
  package static func plan(root: SourceItem, options: VolumeOptions) throws(HFSPlusError) -> Plan {
    Plan(catalog: try CatalogPlan(root: root, options: options))
  }

  /// Lays out the volume for a planned catalog.
  ///
  /// The catalog is measured (its records hashed for the identifier, unless the options give
  /// one), then made node by node as the volume is streamed.
  init(catalog: CatalogPlan) throws(HFSPlusError) {
    let options = catalog.options
    let extentsTree = BTreeBuilder.build([], format: .extents)
    let blockSize = Int64(Self.blockSize)

    // The catalog's and attributes file's sizes do not depend on where data goes, so measure
    // them first.
    let catalogShape = BTreeShape(catalog.records(dataStart: 0), format: .catalog)
    let catalogBlocks = Int64(catalogShape.byteCount) / blockSize
    let attributesBlocks =
      Int64(BTreeShape(catalog.attributeRecords(dataStart: 0), format: .attributes).byteCount)
      / blockSize
    let metadataBlocks = Int64(extentsTree.count) / blockSize + catalogBlocks + attributesBlocks
    let dataBlocks = catalog.dataItems.reduce(Int64(0)) { $0 + Self.blocks(for: $1.length) }
    let freeBlocks = (options.freeSpace + blockSize - 1) / blockSize
    var bitmapBlocks: Int64 = 1
    var total: Int64 = 0
    repeat {
      total = 1 + bitmapBlocks + metadataBlocks + dataBlocks + freeBlocks + 1
      if total <= bitmapBlocks * blockSize * 8 { break }
      bitmapBlocks += 1
    } while true
    guard total <= Int64(UInt32.max) else { throw .volumeTooLarge(bytes: total * blockSize) }

    let extentsStart = 1 + bitmapBlocks
    let catalogStart = extentsStart + Int64(extentsTree.count) / blockSize
    let attributesStart = catalogStart + catalogBlocks
    let dataStart = attributesStart + attributesBlocks
    let dataEnd = dataStart + dataBlocks
    let catalogTree = Self.catalogBytes(catalog, dataStart: UInt32(dataStart), shape: catalogShape)
    let attributesTree = BTreeBuilder.build(
      catalog.attributeRecords(dataStart: UInt32(dataStart)), format: .attributes)

    totalBlocks = UInt32(total)
    identifier = options.volumeIdentifier ?? catalogShape.fingerprint
    fileCount = catalog.fileCount
    folderCount = catalog.folderCount

    let header = VolumeHeader(
      date: catalog.volumeDate,
      fileCount: fileCount,
      folderCount: folderCount,
      totalBlocks: totalBlocks,
      freeBlocks: UInt32(freeBlocks),
      nextAllocation: UInt32(dataEnd),
      nextCatalogID: catalog.nextCatalogID,
      volumeIdentifier: identifier,
      allocationFile: (1, UInt32(bitmapBlocks)),
      extentsFile: (UInt32(extentsStart), UInt32(Int64(extentsTree.count) / blockSize)),
      catalogFile: (UInt32(catalogStart), UInt32(catalogBlocks)),
      attributesFile: (UInt32(attributesStart), UInt32(attributesBlocks))
    ).bytes

    leadingSegments = [
      .zeros(1024), .bytes(header), .zeros(blockSize - 1536),
      .bytes(Self.bitmap(blocks: total, usedUpTo: dataEnd, bitmapBlocks: bitmapBlocks)),
      .bytes(extentsTree), .generated(catalogTree), .bytes(attributesTree),
    ]
    self.catalog = catalog
    trailingSegments = [
      .zeros(freeBlocks * blockSize), .zeros(blockSize - 1024), .bytes(header), .zeros(512),
    ]
  }

  /// The catalog B-tree of `catalog`, its file data from block `dataStart`, as bytes made node
  /// by node from the plan each time a stream reads them.
  static func catalogBytes(
    _ catalog: CatalogPlan, dataStart: UInt32, shape: BTreeShape
  ) -> SegmentedByteStream.GeneratedBytes {
    SegmentedByteStream.GeneratedBytes(length: Int64(shape.byteCount)) {
      AnyIterator(BTreeNodes(catalog.records(dataStart: dataStart).makeIterator(), shape: shape))
    }
  }

  static func blocks(for length: Int64) -> Int64 {
    (length + Int64(blockSize) - 1) / Int64(blockSize)
  }

  /// The allocation bitmap: blocks before `usedUpTo` and the last block are in use.
  static func bitmap(blocks total: Int64, usedUpTo end: Int64, bitmapBlocks: Int64) -> [UInt8] {
    var bytes = [UInt8](repeating: 0, count: Int(bitmapBlocks) * blockSize)
    func mark(_ block: Int64) { bytes[Int(block / 8)] |= 0x80 >> UInt8(block % 8) }
    let fullBytes = Int(end / 8)
    for index in 0..<fullBytes { bytes[index] = 0xFF }
    for block in Int64(fullBytes * 8)..<end { mark(block) }
    mark(total - 1)
    return bytes
  }
}
