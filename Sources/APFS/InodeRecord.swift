import SystemSupport

/// An inode (`j_inode_key_t`, `j_inode_val_t`) and its extended fields: the name, and a data
/// stream for a file with content.
struct InodeRecord {
  var id: UInt64
  var parent: UInt64
  /// Nanoseconds since 1970, for every date of the inode.
  var date: UInt64
  /// `INODE_HAS_FINDER_INFO`, `INODE_HAS_RSRC_FORK`, ...
  var internalFlags: UInt64 = 0
  /// A folder's children, or a file's links.
  var childrenOrLinks: UInt32
  var owner: UInt32
  var group: UInt32
  /// The full mode, file type bits included.
  var mode: UInt16
  var name: ArraySlice<UInt8>
  /// A `j_dstream_t`, for a file with content.
  var dataStream: [UInt8]?

  /// `INODE_HAS_FINDER_INFO`.
  static let hasFinderInfo: UInt64 = 0x100
  /// `INODE_HAS_RSRC_FORK`.
  static let hasResourceFork: UInt64 = 0x4000

  var record: BTreeRecord {
    var value = ByteWriter(bigEndian: false, capacity: 144 + Self.padded(name.count + 1))
    value.writeInteger(parent)
    value.writeInteger(id)  // private ID: the inode's own data stream
    for _ in 0..<4 { value.writeInteger(date) }  // created, modified, changed, accessed
    value.writeInteger(internalFlags)
    value.writeInteger(childrenOrLinks)
    value.writeInteger(UInt32(0))  // default protection class
    value.writeInteger(UInt32(0))  // write generation counter
    value.writeInteger(UInt32(0))  // BSD flags
    value.writeInteger(owner)
    value.writeInteger(group)
    value.writeInteger(mode)
    value.writeInteger(UInt16(0))
    value.writeInteger(UInt64(0))  // uncompressed size
    // Extended fields: INO_EXT_TYPE_NAME with XF_DO_NOT_COPY, NUL-terminated, then
    // INO_EXT_TYPE_DSTREAM with XF_SYSTEM_FIELD for a file with content.
    let nameLength = name.count + 1
    let streamLength = dataStream?.count ?? 0
    value.writeInteger(UInt16(dataStream == nil ? 1 : 2))
    value.writeInteger(UInt16(Self.padded(nameLength) + Self.padded(streamLength)))
    value.writeInteger(UInt8(4))
    value.writeInteger(UInt8(0x02))
    value.writeInteger(UInt16(nameLength))
    if dataStream != nil {
      value.writeInteger(UInt8(8))
      value.writeInteger(UInt8(0x20))
      value.writeInteger(UInt16(streamLength))
    }
    value.writeBytes(name)
    value.writeZeros(Self.padded(nameLength) - name.count)
    if let dataStream {
      value.writeBytes(dataStream)
      value.writeZeros(Self.padded(streamLength) - streamLength)
    }
    return BTreeRecord(
      key: FileSystemRecord.keyHeader(id, FileSystemRecord.inodeType).bytes, value: value.bytes)
  }

  static func padded(_ count: Int) -> Int { (count + 7) / 8 * 8 }
}
