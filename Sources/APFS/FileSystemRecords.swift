import SystemSupport

/// The records of a volume's file-system tree and extent-reference tree, and their types.
///
/// Apple File System Reference, "File-System Objects": keys sort by object identifier, then
/// record type, then a number (a directory record's name hash, a file extent's logical
/// address), then the name's bytes; ``FileSystemPlan`` makes them in that order.
enum FileSystemRecord {
  // MARK: - Record types (`j_obj_types`)

  static let extentType: UInt8 = 2  // APFS_TYPE_EXTENT
  static let inodeType: UInt8 = 3  // APFS_TYPE_INODE
  static let xattrType: UInt8 = 4  // APFS_TYPE_XATTR
  static let dataStreamIDType: UInt8 = 6  // APFS_TYPE_DSTREAM_ID
  static let fileExtentType: UInt8 = 8  // APFS_TYPE_FILE_EXTENT
  static let directoryRecordType: UInt8 = 9  // APFS_TYPE_DIR_REC

  /// `obj_id_and_type`: the identifier in the low 60 bits, the type in the high 4.
  static func keyHeader(_ objectID: UInt64, _ type: UInt8) -> ByteWriter {
    var writer = ByteWriter(bigEndian: false, capacity: 16)
    writer.writeInteger(objectID | UInt64(type) << 60)
    return writer
  }

  // MARK: - Records

  /// A directory record (`j_drec_hashed_key_t`, `j_drec_val_t`) in folder `parent`:
  /// `lengthAndHash` is ``APFSName/lengthAndHash`` of `name`.
  static func directoryRecord(
    parent: UInt64, lengthAndHash: UInt32, name: some Collection<UInt8>, fileID: UInt64,
    dateAdded: UInt64, fileType: UInt16
  ) -> BTreeRecord {
    var key = keyHeader(parent, directoryRecordType)
    key.writeInteger(lengthAndHash)
    key.writeBytes(name)
    key.writeInteger(UInt8(0))
    var value = ByteWriter(bigEndian: false, capacity: 18)
    value.writeInteger(fileID)
    value.writeInteger(dateAdded)
    value.writeInteger(fileType)
    return BTreeRecord(key: key.bytes, value: value.bytes)
  }

  /// An extended attribute (`j_xattr_key_t`, `j_xattr_val_t`): `data` is either the value
  /// itself or a `j_xattr_dstream_t`.
  static func extendedAttribute(owner: UInt64, name: [UInt8], flags: UInt16, data: [UInt8])
    -> BTreeRecord
  {
    var key = keyHeader(owner, xattrType)
    key.writeInteger(UInt16(name.count + 1))
    key.writeBytes(name)
    key.writeInteger(UInt8(0))
    var value = ByteWriter(bigEndian: false)
    value.writeInteger(flags)
    value.writeInteger(UInt16(data.count))
    value.writeBytes(data)
    return BTreeRecord(key: key.bytes, value: value.bytes)
  }

  /// A data stream's reference count (`j_dstream_id_val_t`), always 1 here.
  static func dataStreamID(_ streamID: UInt64) -> BTreeRecord {
    var value = ByteWriter(bigEndian: false)
    value.writeInteger(UInt32(1))
    return BTreeRecord(key: keyHeader(streamID, dataStreamIDType).bytes, value: value.bytes)
  }

  /// A file extent (`j_file_extent_key_t`, `j_file_extent_val_t`): `length` bytes, a whole
  /// number of blocks, at block `physicalBlock`.
  static func fileExtent(
    streamID: UInt64, logicalOffset: UInt64, length: UInt64, physicalBlock: UInt64
  ) -> BTreeRecord {
    var key = keyHeader(streamID, fileExtentType)
    key.writeInteger(logicalOffset)
    var value = ByteWriter(bigEndian: false)
    value.writeInteger(length)
    value.writeInteger(physicalBlock)
    value.writeInteger(UInt64(0))  // crypto identifier: not encrypted
    return BTreeRecord(key: key.bytes, value: value.bytes)
  }

  /// A physical extent of the extent-reference tree (`j_phys_ext_key_t`, `j_phys_ext_val_t`):
  /// `blocks` blocks at `start`, new, owned by the data stream `owner`, referenced once.
  static func physicalExtent(start: UInt64, blocks: UInt64, owner: UInt64) -> BTreeRecord {
    var value = ByteWriter(bigEndian: false)
    value.writeInteger(blocks | 1 << 60)  // APFS_KIND_NEW
    value.writeInteger(owner)
    value.writeInteger(UInt32(1))
    return BTreeRecord(key: keyHeader(start, extentType).bytes, value: value.bytes)
  }

  /// A data stream's description (`j_dstream_t`).
  static func dataStream(length: UInt64, blockSize: Int) -> [UInt8] {
    var writer = ByteWriter(bigEndian: false)
    let blocks = (length + UInt64(blockSize) - 1) / UInt64(blockSize)
    writer.writeInteger(length)
    writer.writeInteger(blocks * UInt64(blockSize))
    writer.writeInteger(UInt64(0))  // default crypto identifier
    writer.writeInteger(length)  // total bytes written
    writer.writeInteger(UInt64(0))  // total bytes read
    return writer.bytes
  }
}
