import SystemSupport

/// The container superblock (`nx_superblock_t`) of our one-checkpoint containers.
struct ContainerSuperblock {
  var blockSize: Int
  var blockCount: Int64
  var uuid: [UInt8]
  var nextOID: UInt64
  var descriptorBase: Int64
  var descriptorBlocks: Int
  var dataBase: Int64
  var dataBlocks: Int
  /// Ephemeral blocks in use at the start of the checkpoint data area.
  var dataLength: Int
  var spaceManagerOID: UInt64
  var objectMap: Int64
  var reaperOID: UInt64
  var volumeOID: UInt64

  /// `NXSB`.
  static let magic: UInt32 = 0x4253_584E

  var bytes: [UInt8] {
    var writer = ByteWriter(bigEndian: false, capacity: blockSize)
    ObjectHeader(oid: 1, type: ObjectHeader.ephemeral | ObjectHeader.containerSuperblock)
      .write(into: &writer)
    writer.writeInteger(Self.magic)
    writer.writeInteger(UInt32(blockSize))
    writer.writeInteger(UInt64(blockCount))
    writer.writeInteger(UInt64(0))  // features
    writer.writeInteger(UInt64(0))  // read-only compatible features
    writer.writeInteger(UInt64(2))  // NX_INCOMPAT_VERSION2
    writer.writeBytes(uuid)
    writer.writeInteger(nextOID)
    writer.writeInteger(ObjectHeader.transaction + 1)
    writer.writeInteger(UInt32(descriptorBlocks))
    writer.writeInteger(UInt32(dataBlocks))
    writer.writeInteger(UInt64(descriptorBase))
    writer.writeInteger(UInt64(dataBase))
    writer.writeInteger(UInt32(2))  // next descriptor block
    writer.writeInteger(UInt32(dataLength % dataBlocks))  // next data block
    writer.writeInteger(UInt32(0))  // descriptor index
    writer.writeInteger(UInt32(2))  // descriptor length: the map and this superblock
    writer.writeInteger(UInt32(0))  // data index
    writer.writeInteger(UInt32(dataLength))
    writer.writeInteger(spaceManagerOID)
    writer.writeInteger(UInt64(objectMap))
    writer.writeInteger(reaperOID)
    writer.writeInteger(UInt32(0))  // test type
    let containerBytes = blockCount * Int64(blockSize)
    let maximumVolumes = min(100, max(1, (containerBytes + (512 << 20) - 1) / (512 << 20)))
    writer.writeInteger(UInt32(maximumVolumes))
    writer.writeInteger(volumeOID)
    writer.writeZeros(99 * 8)
    writer.writeZeros(32 * 8)  // counters
    writer.writeZeros(16 + 8 + 8 + 8 + 16 + 16)  // blocked-out range ... keylocker
    // nx_ephemeral_info[0]: minimum block count, structures per volume, version 1.
    let minimum: UInt64 =
      containerBytes < 128 << 20
      ? UInt64(SpaceManager.mainQueueNodeLimit(blocks: blockCount)) : 8
    writer.writeInteger(minimum << 32 | 4 << 16 | 1)
    return ContainerObjects.sealed(&writer, blockSize: blockSize)
  }
}

/// The volume superblock (`apfs_superblock_t`).
struct VolumeSuperblock {
  var blockSize: Int
  var oid: UInt64
  var caseSensitive: Bool
  /// Blocks the volume owns: its object map and trees, and its files' data.
  var allocatedBlocks: Int64
  var objectMap: Int64
  var rootTreeOID: UInt64
  var extentReferenceTree: Int64
  var snapshotMetadataTree: Int64
  var nextObjectID: UInt64
  var fileCount: UInt64
  var folderCount: UInt64
  var symbolicLinkCount: UInt64
  var uuid: [UInt8]
  /// Nanoseconds since 1970.
  var date: UInt64
  var name: String

  /// `APSB`.
  static let magic: UInt32 = 0x4253_5041

  var bytes: [UInt8] {
    var writer = ByteWriter(bigEndian: false, capacity: blockSize)
    ObjectHeader(oid: oid, type: ObjectHeader.virtual | ObjectHeader.volumeSuperblock)
      .write(into: &writer)
    writer.writeInteger(Self.magic)
    writer.writeInteger(UInt32(0))  // index in the container
    writer.writeInteger(UInt64(2))  // APFS_FEATURE_HARDLINK_MAP_RECORDS
    writer.writeInteger(UInt64(0))
    // APFS_INCOMPAT_CASE_INSENSITIVE, or APFS_INCOMPAT_NORMALIZATION_INSENSITIVE.
    writer.writeInteger(UInt64(caseSensitive ? 0x8 : 0x1))
    writer.writeInteger(date)  // unmount time
    writer.writeInteger(UInt64(0))  // reserve
    writer.writeInteger(UInt64(0))  // quota
    writer.writeInteger(UInt64(allocatedBlocks))
    // wrapped_meta_crypto_state_t: version 5.0, class F (no protection), key revision 1.
    writer.writeInteger(UInt16(5))
    writer.writeInteger(UInt16(0))
    writer.writeInteger(UInt32(0))
    writer.writeInteger(UInt32(6))
    writer.writeInteger(UInt32(0))
    writer.writeInteger(UInt16(1))
    writer.writeInteger(UInt16(0))
    writer.writeInteger(ObjectHeader.virtual | ObjectHeader.btreeRoot)
    writer.writeInteger(ObjectHeader.physical | ObjectHeader.btreeRoot)
    writer.writeInteger(ObjectHeader.physical | ObjectHeader.btreeRoot)
    writer.writeInteger(UInt64(objectMap))
    writer.writeInteger(rootTreeOID)
    writer.writeInteger(UInt64(extentReferenceTree))
    writer.writeInteger(UInt64(snapshotMetadataTree))
    writer.writeZeros(16)  // revert
    writer.writeInteger(nextObjectID)
    writer.writeInteger(fileCount)
    writer.writeInteger(folderCount)
    writer.writeInteger(symbolicLinkCount)
    writer.writeInteger(UInt64(0))  // other objects
    writer.writeInteger(UInt64(0))  // snapshots
    writer.writeInteger(UInt64(allocatedBlocks))  // blocks ever allocated
    writer.writeInteger(UInt64(0))  // blocks ever freed
    writer.writeBytes(uuid)
    writer.writeInteger(date)  // last modified
    writer.writeInteger(UInt64(1))  // APFS_FS_UNENCRYPTED
    // apfs_formatted_by: who, when, in which transaction.
    let formatter = Array("shipyard".utf8)
    writer.writeBytes(formatter)
    writer.writeZeros(32 - formatter.count)
    writer.writeInteger(date)
    writer.writeInteger(ObjectHeader.transaction)
    writer.writeZeros(8 * 48)  // apfs_modified_by
    let nameBytes = Array(name.utf8)  // checked by the plan: at most 255 bytes
    writer.writeBytes(nameBytes)
    writer.writeZeros(256 - nameBytes.count)
    writer.writeInteger(UInt32(3))  // next document identifier (MIN_DOC_ID)
    return ContainerObjects.sealed(&writer, blockSize: blockSize)
  }
}
