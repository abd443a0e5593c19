import SystemSupport

/// The partition layout hdiutil writes by default ("GPTSPUD"): a protective MBR, the primary
/// GPT header and table, free space up to sector 40, the HFS+ partition, free space to keep the
/// disk a multiple of 4 KiB, then the backup table and header.
package struct GPTLayout: Sendable {
  /// Sectors are 512 bytes.
  package static let sectorSize = 512
  /// The HFS+ partition starts at sector 40, as in hdiutil's images.
  package static let partitionStart: Int64 = 40
  /// 128 entries of 128 bytes: 32 sectors.
  static let tableSectors: Int64 = 32

  /// The HFS+ partition's length in sectors.
  package let partitionSectors: Int64
  /// Free sectors after the partition.
  package let trailingFreeSectors: Int64
  /// The whole disk's length in sectors.
  package let totalSectors: Int64
  /// The disk's GUID and the partition's, derived from the volume identifier.
  let diskGUID: [UInt8]
  let partitionGUID: [UInt8]
  /// The volume partition's type.
  package let partitionType: PartitionType

  /// Lays out a disk around a partition of `partitionBytes` (a multiple of 512).
  package init(partitionBytes: Int64, identifier: UInt64, partitionType: PartitionType = .hfs) {
    self.partitionType = partitionType
    partitionSectors = partitionBytes / Int64(Self.sectorSize)
    // The sectors before the partition, plus the backup table and header after it.
    let fixed = Self.partitionStart + 1 + Self.tableSectors
    trailingFreeSectors = (8 - (partitionSectors + fixed) % 8) % 8
    totalSectors = fixed + partitionSectors + trailingFreeSectors
    diskGUID = Self.guid(from: identifier, salt: 0x6469_736B)
    partitionGUID = Self.guid(from: identifier, salt: 0x7061_7274)
  }

  /// The last sector usable by partitions (before the backup table).
  var lastUsableSector: Int64 { totalSectors - Self.tableSectors - 2 }
  /// Where the backup table starts.
  var backupTableSector: Int64 { totalSectors - Self.tableSectors - 1 }

  // MARK: - Structures

  /// The protective MBR: one partition of type 0xEE covering the disk, as hdiutil writes it.
  var protectiveMBR: [UInt8] {
    var writer = ByteWriter(bigEndian: false, capacity: 512)
    writer.writeZeros(446)
    writer.writeBytes([0x00, 0xFE, 0xFF, 0xFF, 0xEE, 0xFE, 0xFF, 0xFF])
    writer.writeInteger(UInt32(1))
    writer.writeInteger(UInt32(clamping: totalSectors - 1))
    writer.writeZeros(48)
    writer.writeBytes([0x55, 0xAA])
    return writer.bytes
  }

  /// The partition table: the Apple_HFS or Apple_APFS entry named "disk image", then 127
  /// empty entries.
  var partitionTable: [UInt8] {
    var writer = ByteWriter(bigEndian: false, capacity: 16384)
    writer.writeBytes(partitionType.guid)
    writer.writeBytes(partitionGUID)
    writer.writeInteger(UInt64(Self.partitionStart))
    writer.writeInteger(UInt64(Self.partitionStart + partitionSectors - 1))
    writer.writeInteger(UInt64(0))  // attributes
    let name = Array("disk image".utf16)
    for unit in name { writer.writeInteger(unit) }
    writer.writeZeros(72 - 2 * name.count)
    writer.writeZeros(127 * 128)
    return writer.bytes
  }

  /// The primary (`isBackup == false`) or backup GPT header.
  func header(isBackup: Bool) -> [UInt8] {
    let tableCRC = partitionTable.withUnsafeBytes { ChunkCodec.crc32($0) }
    var writer = ByteWriter(bigEndian: false, capacity: 512)
    writer.writeBytes(Array("EFI PART".utf8))
    writer.writeInteger(UInt32(0x0001_0000))  // revision 1.0
    writer.writeInteger(UInt32(92))  // header size
    writer.writeInteger(UInt32(0))  // header CRC, set below
    writer.writeInteger(UInt32(0))
    writer.writeInteger(UInt64(isBackup ? totalSectors - 1 : 1))
    writer.writeInteger(UInt64(isBackup ? 1 : totalSectors - 1))
    writer.writeInteger(UInt64(2 + Self.tableSectors))  // first usable
    writer.writeInteger(UInt64(lastUsableSector))
    writer.writeBytes(diskGUID)
    writer.writeInteger(UInt64(isBackup ? backupTableSector : 2))
    writer.writeInteger(UInt32(128))
    writer.writeInteger(UInt32(128))
    writer.writeInteger(tableCRC)
    let crc = writer.bytes.withUnsafeBytes {
      ChunkCodec.crc32(UnsafeRawBufferPointer(rebasing: $0[0..<92]))
    }
    writer.setInteger(crc, at: 16)
    writer.writeZeros(512 - 92)
    return writer.bytes
  }

  /// A random-looking, reproducible GUID (version 4 and RFC 4122 variant bits set).
  static func guid(from identifier: UInt64, salt: UInt64) -> [UInt8] {
    var bytes = ReproducibleBytes.sixteen(from: identifier, salt: salt)
    bytes[7] = (bytes[7] & 0x0F) | 0x40
    bytes[8] = (bytes[8] & 0x3F) | 0x80
    return bytes
  }
}
