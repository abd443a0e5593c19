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

  /// `INO_EXT_TYPE_NAME` with `XF_DO_NOT_COPY`, `INO_EXT_TYPE_DSTREAM` with `XF_SYSTEM_FIELD`.
  private var extendedFields: [(type: UInt8, flags: UInt8, data: [UInt8])] {
    var fields: [(UInt8, UInt8, [UInt8])] = [(4, 0x02, Array(name) + [0])]
    if let dataStream { fields.append((8, 0x20, dataStream)) }
    return fields
  }

  var record: BTreeRecord {
    var value = ByteWriter(bigEndian: false, capacity: 160)
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
    let fields = extendedFields
    value.writeInteger(UInt16(fields.count))
    value.writeInteger(UInt16(fields.reduce(0) { $0 + Self.padded($1.data.count) }))
    for field in fields {
      value.writeInteger(field.type)
      value.writeInteger(field.flags)
      value.writeInteger(UInt16(field.data.count))
    }
    for field in fields {
      value.writeBytes(field.data)
      value.writeZeros(Self.padded(field.data.count) - field.data.count)
    }
    return BTreeRecord(
      key: FileSystemRecord.keyHeader(id, FileSystemRecord.inodeType).bytes, value: value.bytes)
  }

  static func padded(_ count: Int) -> Int { (count + 7) / 8 * 8 }
}
