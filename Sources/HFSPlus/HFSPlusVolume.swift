package import StagedTree
package import SystemSupport

/// An HFS+ volume built from a tree of ``SourceItem``s, ready to be streamed block by block.
///
/// Layout, in 4 KiB allocation blocks: block 0 (boot blocks and the volume header at byte 1024),
/// the allocation bitmap, the extents overflow, catalog and attributes B-trees, every file's data
/// contiguously, the requested free space, and a last block holding the alternate volume header
/// 1024 bytes before the end. Not journaled, case-insensitive (signature `H+`, version 4), as
/// `hdiutil create -srcfolder` makes them.
package struct HFSPlusVolume: Sendable {
  /// The allocation block size.
  package static let blockSize = 4096

  /// The volume's blocks.
  package let totalBlocks: UInt32
  /// The volume's 64-bit identifier (Finder info words 6 and 7).
  package let volumeIdentifier: UInt64
  /// The pieces of the volume, in order.
  package let segments: [SegmentedByteStream.Segment]
  /// Files and symbolic links on the volume, and folders (root and private folders not counted).
  package let fileCount: UInt32
  /// Folders on the volume, the two private folders included, the root not.
  package let folderCount: UInt32

  /// The volume's size in bytes.
  package var byteCount: Int64 { Int64(totalBlocks) * Int64(Self.blockSize) }

  /// A stream of the volume's bytes.
  package func makeStream() -> SegmentedByteStream { SegmentedByteStream(segments) }

  /// The catalog IDs and dates the volume for `root` gives each path, and the volume's date
  /// (seconds since 1904), before the volume is built: they depend only on names and dates.
  package static func plannedItems(root: SourceItem, options: HFSPlusVolumeOptions)
    throws(HFSPlusError)
    -> (items: [String: (id: UInt32, date: UInt32)], volumeDate: UInt32)
  {
    let plan = try CatalogPlan(root: root, options: options)
    return (plan.itemsByPath, plan.volumeDate)
  }

  /// Builds the volume for `root`'s children.
  ///
  /// - Throws: ``HFSPlusError`` for names HFS+ cannot hold or that collide in a folder.
  package init(root: SourceItem, options: HFSPlusVolumeOptions) throws(HFSPlusError) {
    let catalog = try CatalogPlan(root: root, options: options)
    let extentsTree = BTreeBuilder.build([], format: .extents)
    let blockSize = Int64(Self.blockSize)

    // The catalog's and attributes file's sizes do not depend on where data goes, so measure
    // them first.
    let catalogBlocks =
      Int64(BTreeBuilder.build(catalog.records(dataStart: 0), format: .catalog).count) / blockSize
    let attributesBlocks =
      Int64(
        BTreeBuilder.build(catalog.attributeRecords(dataStart: 0), format: .attributes).count)
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
    let catalogTree = BTreeBuilder.build(
      catalog.records(dataStart: UInt32(dataStart)), format: .catalog)
    let attributesTree = BTreeBuilder.build(
      catalog.attributeRecords(dataStart: UInt32(dataStart)), format: .attributes)

    totalBlocks = UInt32(total)
    volumeIdentifier = options.volumeIdentifier ?? Self.identifier(of: catalogTree)
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
      volumeIdentifier: volumeIdentifier,
      allocationFile: (1, UInt32(bitmapBlocks)),
      extentsFile: (UInt32(extentsStart), UInt32(Int64(extentsTree.count) / blockSize)),
      catalogFile: (UInt32(catalogStart), UInt32(catalogBlocks)),
      attributesFile: (UInt32(attributesStart), UInt32(attributesBlocks))
    ).bytes

    var segments: [SegmentedByteStream.Segment] = [
      .zeros(1024), .bytes(header), .zeros(blockSize - 1536),
    ]
    segments.append(
      .bytes(Self.bitmap(blocks: total, usedUpTo: dataEnd, bitmapBlocks: bitmapBlocks)))
    segments += [.bytes(extentsTree), .bytes(catalogTree), .bytes(attributesTree)]
    for item in catalog.dataItems {
      segments.append(item.segment)
      let padding = Self.blocks(for: item.length) * blockSize - item.length
      if padding > 0 { segments.append(.zeros(padding)) }
    }
    segments.append(.zeros(freeBlocks * blockSize))
    segments += [.zeros(blockSize - 1024), .bytes(header), .zeros(512)]
    self.segments = segments
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

  /// A 64-bit FNV-1a hash of the catalog: the same content gives the same identifier.
  static func identifier(of catalog: [UInt8]) -> UInt64 {
    ReproducibleBytes.fingerprint(of: [catalog])
  }
}
