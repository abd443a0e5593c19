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
    for (start, blocks) in [allocationFile, extentsFile, catalogFile, attributesFile] {
      let size = Int64(blocks) * Int64(HFSPlusVolume.blockSize)
      writer.writeInteger(UInt64(size))
      writer.writeInteger(UInt32(size))  // clumpSize
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
