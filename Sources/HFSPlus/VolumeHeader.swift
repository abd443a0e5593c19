import SystemSupport

/// The 512-byte `HFSPlusVolumeHeader` (TN1150, "Volume Header"), written at byte 1024 and again
/// 1024 bytes before the end of the volume.
struct VolumeHeader {
  let date: UInt32
  let fileCount: UInt32
  let folderCount: UInt32
  let totalBlocks: UInt32
  let freeBlocks: UInt32
  let nextAllocation: UInt32
  let nextCatalogID: UInt32
  let volumeIdentifier: UInt64
  let allocationFile: (start: UInt32, blocks: UInt32)
  let extentsFile: (start: UInt32, blocks: UInt32)
  let catalogFile: (start: UInt32, blocks: UInt32)
  let attributesFile: (start: UInt32, blocks: UInt32)

  /// `kHFSVolumeUnmountedBit` (bit 8) and bit 31, as hdiutil's volumes have them.
  static let attributes: UInt32 = 0x8000_0100
  /// `'10.0'`: the last version that mounted the volume, as hdiutil writes it.
  static let lastMountedVersion: UInt32 = 0x3130_2E30

  // MARK: - Clump sizes

  /// Bytes by which a special file grows: never more than a quarter of the volume, as fsck_hfs
  /// demands (else "Volume header needs minor repair"), and a non-zero multiple of the block size.
  var largestClumpSize: UInt32 {
    UInt32(clamping: max(1, Int64(totalBlocks) / 4) * Int64(HFSPlusVolume.blockSize))
  }

  /// The allocation file's clump: the bitmap's size in whole blocks, as newfs_hfs sets it.
  var allocationClumpSize: UInt32 {
    let bitmapBytes = (Int64(totalBlocks) + 7) / 8
    let blockSize = Int64(HFSPlusVolume.blockSize)
    let rounded = (bitmapBytes + blockSize - 1) / blockSize * blockSize
    return min(UInt32(clamping: rounded), largestClumpSize)
  }

  /// A B-tree file's clump, as newfs_hfs's `CalcHFSPlusBTreeClumpSize` chooses it for the
  /// volume's size: 1/128 of the volume below 1 GiB (at least 8 nodes), else a size from its
  /// table by volume size (`column` 0 attributes, 1 catalog, 2 extents), rounded down to whole
  /// nodes and blocks; then kept within fsck_hfs's bound.
  func clumpSize(nodeSize: Int, column: Int) -> UInt32 {
    let sectors = Int64(totalBlocks) * Int64(HFSPlusVolume.blockSize) / 512
    var clump: Int64
    if sectors < 0x20_0000 {
      clump = max(sectors << 2, 8 * Int64(nodeSize))
    } else {
      var index = 0
      var remaining = sectors >> 22
      while remaining != 0 && index < Self.clumpTable.count - 1 {
        index += 1
        remaining >>= 1
      }
      clump = Int64(Self.clumpTable[index][column]) * 1024 * 1024
    }
    let unit = Int64(max(nodeSize, HFSPlusVolume.blockSize))
    clump = max(unit, clump / unit * unit)
    // Past fsck's bound, the largest whole number of nodes within it, or of blocks on a volume
    // too small for one node.
    let bound = Int64(largestClumpSize)
    if clump > bound { clump = bound >= unit ? bound / unit * unit : bound }
    return UInt32(clump)
  }

  /// newfs_hfs's clump sizes in MiB (attributes, catalog, extents) for volumes of 1 GiB, 2 GiB,
  /// 4 GiB, … 16 TiB.
  static let clumpTable: [[Int]] = [
    [4, 4, 4], [6, 6, 4], [8, 8, 4], [11, 11, 5], [64, 32, 5], [84, 49, 6], [111, 74, 7],
    [147, 111, 8], [194, 169, 9], [256, 256, 11], [294, 294, 14], [338, 338, 16],
    [388, 388, 20], [446, 446, 25], [512, 512, 32],
  ]

  // MARK: - Bytes

  var bytes: [UInt8] {
    var writer = ByteWriter(capacity: 512)
    writer.writeBytes(Array("H+".utf8))
    writer.writeInteger(UInt16(4))  // version
    writer.writeInteger(Self.attributes)
    writer.writeInteger(Self.lastMountedVersion)
    writer.writeInteger(UInt32(0))  // journalInfoBlock
    writer.writeInteger(date)  // createDate
    writer.writeInteger(date)  // modifyDate
    writer.writeInteger(UInt32(0))  // backupDate
    writer.writeInteger(date)  // checkedDate
    writer.writeInteger(fileCount)
    writer.writeInteger(folderCount)
    writer.writeInteger(UInt32(HFSPlusVolume.blockSize))
    writer.writeInteger(totalBlocks)
    writer.writeInteger(freeBlocks)
    writer.writeInteger(nextAllocation)
    writer.writeInteger(UInt32(65536))  // rsrcClumpSize
    writer.writeInteger(UInt32(65536))  // dataClumpSize
    writer.writeInteger(nextCatalogID)
    writer.writeInteger(UInt32(0))  // writeCount
    writer.writeInteger(UInt64(1))  // encodingsBitmap: MacRoman
    writer.writeZeros(24)  // finderInfo 0–5
    writer.writeInteger(volumeIdentifier)  // finderInfo 6–7
    let clumps = [
      allocationClumpSize,
      clumpSize(nodeSize: BTreeFormat.extents.nodeSize, column: 2),
      clumpSize(nodeSize: BTreeFormat.catalog.nodeSize, column: 1),
      clumpSize(nodeSize: BTreeFormat.attributes.nodeSize, column: 0),
    ]
    for ((start, blocks), clump) in zip(
      [allocationFile, extentsFile, catalogFile, attributesFile], clumps)
    {
      let size = Int64(blocks) * Int64(HFSPlusVolume.blockSize)
      writer.writeInteger(UInt64(size))
      writer.writeInteger(clump)
      writer.writeInteger(blocks)
      writer.writeInteger(start)
      writer.writeInteger(blocks)
      writer.writeZeros(7 * 8)
    }
    writer.writeZeros(80)  // startupFile
    precondition(writer.count == 512)
    return writer.bytes
  }
}
