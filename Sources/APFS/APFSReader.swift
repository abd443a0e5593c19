package import SystemSupport
import VolumeInterface

/// Lists and extracts the content of an APFS container's first volume (what we and hdiutil
/// write): the latest checkpoint's superblock, the object maps, then the file-system tree.
///
/// Every field is read as hostile: block addresses are checked against the container's block
/// count (itself checked against the bytes there are) before any arithmetic, B-tree walks are
/// bounded by their root's level and refuse nodes met twice, directory walks refuse cycles,
/// and no allocation is sized by a field before it is checked against its structure.
package struct APFSReader: VolumeReader {
  let blocks: ContainerBlocks
  /// The block size.
  package var blockSize: Int { blocks.blockSize }
  /// The container's blocks.
  package var totalBlocks: Int64 { Int64(blocks.count) }
  /// The free blocks, as the space manager counts them.
  package let freeBlocks: Int64
  /// The volume's name.
  let name: String
  /// Whether the volume tells names apart by case.
  package let isCaseSensitive: Bool
  /// Regular files, folders (the root not counted) and symbolic links, as the volume counts them.
  package let counts: (files: UInt64, folders: UInt64, symbolicLinks: UInt64)
  /// The volume's UUID.
  package let volumeUUID: [UInt8]
  let rootTree: UInt64
  let volumeMap: [UInt64: UInt64]

  /// Opens the container in `source`.
  ///
  /// - Throws: ``APFSError/malformedContainer(_:)`` when a superblock, object map or node is
  ///   missing, damaged or points outside the container.
  package init(_ source: any RandomAccessByteSource) throws(APFSError) {
    let first = try ContainerBlocks.read(source, at: 0, count: 4096, of: "block 0")
    let probe = ByteReader(first, bigEndian: false)
    let size = try probe.field(at: 36, of: "block 0", as: UInt32.self)
    guard try probe.field(at: 32, of: "block 0", as: UInt32.self) == ContainerSuperblock.magic
    else { throw .malformedContainer("no NXSB container superblock at block 0") }
    guard ContainerBlocks.blockSizes.contains(Int(size)), size.nonzeroBitCount == 1 else {
      throw .malformedContainer(
        "block 0's container superblock gives a block size of \(size) bytes, not a power of "
          + "two from 4096 to 65536")
    }
    let zero =
      size == 4096
      ? first : try ContainerBlocks.read(source, at: 0, count: Int(size), of: "block 0")
    let blockZero = ByteReader(zero, bigEndian: false)
    let claimed = try ContainerBlocks(
      source: source, blockSize: Int(size),
      count: try blockZero.field(at: 40, of: "block 0's container superblock"),
      claimedBy: "block 0's container superblock")
    let superblock = ByteReader(
      try Self.latestSuperblock(claimed, blockZero: zero), bigEndian: false)
    let what = "the container superblock"
    blocks = try ContainerBlocks(
      source: source, blockSize: Int(size), count: try superblock.field(at: 40, of: what),
      claimedBy: what)
    _ = try ContainerBlocks.read(
      source, at: blocks.byteCount - 1, count: 1,
      of: "\(what) claims \(blocks.count) blocks of \(size) bytes")

    let containerMap = try Self.objectMap(
      blocks, at: try superblock.field(at: 160, of: what), of: "the container's object map")
    let volumeOID: UInt64 = try superblock.field(at: 184, of: what)
    guard let volumeAddress = containerMap[volumeOID] else {
      throw .malformedContainer("the container's object map lacks the volume \(volumeOID)")
    }
    let volumeName = "volume \(volumeOID)'s superblock"
    let volume = ByteReader(
      try blocks.object(at: volumeAddress, of: volumeName), bigEndian: false)
    guard try volume.field(at: 32, of: volumeName, as: UInt32.self) == VolumeSuperblock.magic
    else {
      throw .malformedContainer(
        "no APSB volume superblock at block \(volumeAddress), where the container's object map "
          + "puts volume \(volumeOID)")
    }
    isCaseSensitive = try volume.field(at: 56, of: volumeName, as: UInt64.self) & 1 == 0
    volumeMap = try Self.objectMap(
      blocks, at: try volume.field(at: 128, of: volumeName), of: "the volume's object map")
    rootTree = try volume.field(at: 136, of: volumeName)
    counts = (
      try volume.field(at: 184, of: volumeName), try volume.field(at: 192, of: volumeName),
      try volume.field(at: 200, of: volumeName)
    )
    volumeUUID = Array(try volume.field(at: 240, count: 16, of: volumeName))
    let name = try volume.field(at: 704, count: 256, of: volumeName)
    self.name = String(decoding: name.prefix { $0 != 0 }, as: UTF8.self)
    freeBlocks = try Self.freeBlocks(blocks, superblock: superblock)
  }

  /// The volume's name, from its superblock.
  package func volumeName() -> String { name }

  // MARK: - Objects

  /// The valid container superblock of the highest transaction in the checkpoint descriptor
  /// area, or block 0's.
  static func latestSuperblock(_ blocks: ContainerBlocks, blockZero: [UInt8]) throws(APFSError)
    -> [UInt8]
  {
    guard Fletcher64.isValid(blockZero) else {
      throw .malformedContainer("block 0's checksum is wrong")
    }
    let zero = ByteReader(blockZero, bigEndian: false)
    guard let base = try? zero.getInteger(at: 112, as: UInt64.self),
      let count = try? zero.getInteger(at: 104, as: UInt32.self), count & 0x8000_0000 == 0
    else { return blockZero }
    var best = blockZero
    var bestTransaction = (try? zero.getInteger(at: 16, as: UInt64.self)) ?? 0
    for index in 0..<UInt64(min(count, 4096)) {
      guard let address = try? blocks.address(base, plus: index, of: "a checkpoint descriptor"),
        let block = try? blocks.object(at: address, of: "a checkpoint descriptor"),
        let header = try? ObjectHeader(reading: block),
        header.type & 0xFFFF == ObjectHeader.containerSuperblock,
        header.xid > bestTransaction
      else { continue }
      best = block
      bestTransaction = header.xid
    }
    return best
  }

  /// The mappings of the object map at `address` (`what` in errors): each identifier's latest
  /// block.
  static func objectMap(_ blocks: ContainerBlocks, at address: UInt64, of what: String)
    throws(APFSError) -> [UInt64: UInt64]
  {
    let map = ByteReader(try blocks.object(at: address, of: what), bigEndian: false)
    let root: UInt64 = try map.field(at: 48, of: "\(what) at block \(address)")
    var latest: [UInt64: (xid: UInt64, address: UInt64)] = [:]
    let walk = BTreeWalk(blocks: blocks, tree: what) { $0 }
    try walk.forEachRecord(under: root) { key, value, _ in
      let oid = BTreeNodeReader.child(key)
      let xid = BTreeNodeReader.child(key.dropFirst(8))
      let address = BTreeNodeReader.child(value.dropFirst(8))
      if xid >= latest[oid]?.xid ?? 0 { latest[oid] = (xid, address) }
    }
    return latest.mapValues(\.address)
  }

  /// The space manager's free count for the main device.
  static func freeBlocks(_ blocks: ContainerBlocks, superblock: ByteReader) throws(APFSError)
    -> Int64
  {
    // The checkpoint map of the latest checkpoint locates the space manager.
    let what = "the container superblock"
    let descriptorBase: UInt64 = try superblock.field(at: 112, of: what)
    let descriptorIndex: UInt32 = try superblock.field(at: 136, of: what)
    let spaceManagerOID: UInt64 = try superblock.field(at: 152, of: what)
    let mapAddress = try blocks.address(
      descriptorBase, plus: UInt64(descriptorIndex), of: "the checkpoint map")
    let map = ByteReader(
      try blocks.object(at: mapAddress, of: "the checkpoint map"), bigEndian: false)
    let mapName = "the checkpoint map at block \(mapAddress)"
    let count: UInt32 = try map.field(at: 36, of: mapName)
    guard count <= (blocks.blockSize - 40) / 40 else {
      throw .malformedContainer("\(mapName): \(count) mappings, more than its block holds")
    }
    for index in 0..<Int(count) {
      let entry = 40 + index * 40
      guard try map.field(at: entry + 24, of: mapName, as: UInt64.self) == spaceManagerOID
      else { continue }
      let address: UInt64 = try map.field(at: entry + 32, of: mapName)
      let managerName = "the space manager at block \(address)"
      let manager = ByteReader(try blocks.read(address, of: managerName), bigEndian: false)
      let free: UInt64 = try manager.field(at: 72, of: managerName)
      guard free <= blocks.count else {
        throw .malformedContainer(
          "\(managerName): \(free) free blocks, more than the container's \(blocks.count)")
      }
      return Int64(free)
    }
    return 0
  }
}
