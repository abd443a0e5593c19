import SystemSupport
import VolumeInterface

/// The records of a volume's file-system tree that the reader lists, each checked against its
/// key and value before it is kept: names inside their records, extents inside the container,
/// sizes that fit.
struct FileSystemTree {
  struct Inode {
    var parent: UInt64
    var mode: UInt16
    var owner: UInt32
    var group: UInt32
    var modified: UInt64
    var privateID: UInt64
    var size: Int64 = 0
  }

  typealias Child = (name: String, id: UInt64)
  typealias Attribute = (name: String, flags: UInt16, data: ArraySlice<UInt8>)

  var inodes: [UInt64: Inode] = [:]
  var children: [UInt64: [Child]] = [:]
  var attributes: [UInt64: [Attribute]] = [:]
  var extents: [UInt64: [VolumeExtent]] = [:]

  /// Reads the tree whose root is the virtual object `root`, through the volume's object map.
  ///
  /// - Throws: ``APFSError/malformedContainer(_:)`` for a damaged node or record.
  init(blocks: ContainerBlocks, root: UInt64, objectMap: [UInt64: UInt64]) throws(APFSError) {
    let walk = BTreeWalk(blocks: blocks, tree: "the file-system tree") { objectMap[$0] }
    try walk.forEachRecord(under: root) { key, value, leaf throws(APFSError) in
      let header = BTreeNodeReader.child(key)
      let id = header & 0x0FFF_FFFF_FFFF_FFFF
      let keyReader = ByteReader(key, bigEndian: false)
      let reader = ByteReader(value, bigEndian: false)
      let place = "(leaf at block \(leaf))"
      switch UInt8(header >> 60) {
      case FileSystemRecord.inodeType:
        let what = "inode \(id) \(place)"
        var inode = Inode(
          parent: try reader.field(at: 0, of: what), mode: try reader.field(at: 80, of: what),
          owner: try reader.field(at: 72, of: what), group: try reader.field(at: 76, of: what),
          modified: try reader.field(at: 24, of: what),
          privateID: try reader.field(at: 8, of: what))
        inode.size = try Self.dataStreamSize(reader, of: what)
        inodes[id] = inode
      case FileSystemRecord.directoryRecordType:
        let what = "a directory record in folder \(id) \(place)"
        let length = Int(try keyReader.field(at: 8, of: what, as: UInt32.self) & 0x3FF)
        let name = try Self.name(keyReader, at: 12, length: length, of: what)
        children[id, default: []].append((name, try reader.field(at: 0, of: what)))
      case FileSystemRecord.xattrType:
        let what = "an extended attribute of object \(id) \(place)"
        let length = Int(try keyReader.field(at: 8, of: what, as: UInt16.self))
        let name = try Self.name(keyReader, at: 10, length: length, of: what)
        let named = "extended attribute \(name.debugDescription) of object \(id) \(place)"
        let flags: UInt16 = try reader.field(at: 0, of: named)
        let dataLength = Int(try reader.field(at: 2, of: named, as: UInt16.self))
        let data = try reader.field(at: 4, count: dataLength, of: "\(named)'s value")
        if flags & 0x1 != 0 {  // XATTR_DATA_STREAM: a j_xattr_dstream_t
          let stream = ByteReader(data, bigEndian: false)
          _ = try Self.size(try stream.field(at: 8, of: "\(named)'s data stream"), of: named)
        }
        attributes[id, default: []].append((name, flags, data))
      case FileSystemRecord.fileExtentType:
        try appendExtent(key: keyReader, value: reader, stream: id, in: blocks, place: place)
      default: break
      }
    }
  }

  /// Keeps a file extent (`j_file_extent_key_t`, `j_file_extent_val_t`) of data stream
  /// `stream`, once its blocks are known to lie inside the container.
  private mutating func appendExtent(
    key: ByteReader, value: ByteReader, stream: UInt64, in blocks: ContainerBlocks, place: String
  ) throws(APFSError) {
    let what = "a file extent of data stream \(stream) \(place)"
    let logical: UInt64 = try key.field(at: 8, of: what)
    let length = try value.field(at: 0, of: what, as: UInt64.self) & 0x00FF_FFFF_FFFF_FFFF
    let start: UInt64 = try value.field(at: 8, of: what)
    let size = UInt64(blocks.blockSize)
    let count = length / size + (length % size == 0 ? 0 : 1)
    try blocks.check(
      start, blocks: count,
      of: "data stream \(stream)'s extent at logical byte \(logical) \(place)")
    extents[stream, default: []].append(VolumeExtent(start: start, blockCount: count))
  }

  /// A name of `length` bytes, its terminating zero included, at `position` of a key.
  private static func name(
    _ key: ByteReader, at position: Int, length: Int, of what: String
  ) throws(APFSError) -> String {
    let available = key.bytes.count - position
    guard length >= 1, length <= available else {
      throw .malformedContainer(
        "\(what): a name of \(length) bytes, where its key holds \(max(available, 0)) after "
          + "byte \(position)")
    }
    let bytes = try key.field(at: position, count: length - 1, of: what)
    return String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
  }

  /// The size in an inode's data-stream field (`INO_EXT_TYPE_DSTREAM`), or 0.
  private static func dataStreamSize(_ reader: ByteReader, of what: String) throws(APFSError)
    -> Int64
  {
    guard reader.bytes.count > 96 else { return 0 }
    let count = Int(try reader.field(at: 92, of: what, as: UInt16.self))
    var dataOffset = 96 + 4 * count
    for index in 0..<count {
      let type: UInt8 = try reader.field(at: 96 + 4 * index, of: what)
      let size = Int(try reader.field(at: 98 + 4 * index, of: what, as: UInt16.self))
      if type == 8 { return try Self.size(try reader.field(at: dataOffset, of: what), of: what) }
      dataOffset += (size + 7) / 8 * 8
    }
    return 0
  }

  /// `value` as a size, when a 64-bit signed size holds it.
  static func size(_ value: UInt64, of what: @autoclosure () -> String) throws(APFSError)
    -> Int64
  {
    guard let size = Int64(exactly: value) else {
      throw .malformedContainer("\(what()): a data stream of \(value) bytes, past 2^63")
    }
    return size
  }
}
