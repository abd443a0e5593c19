import StagedTree
package import SystemSupport

/// Lists and extracts the content of an APFS container's first volume (what we and hdiutil
/// write): the latest checkpoint's superblock, the object maps, then the file-system tree.
package struct APFSReader: VolumeReader {
  private let byteSource: any RandomAccessByteSource
  /// The block size.
  package let blockSize: Int
  /// The container's blocks.
  package let totalBlocks: Int64
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
  ///   missing or damaged.
  package init(_ source: any RandomAccessByteSource) throws(APFSError) {
    byteSource = source
    let first = try Self.read(source, at: 0, count: 4096)
    let probe = ByteReader(first, bigEndian: false)
    guard (try? probe.getInteger(at: 32, as: UInt32.self)) == ContainerSuperblock.magic,
      let size = try? probe.getInteger(at: 36, as: UInt32.self), size >= 4096,
      size.nonzeroBitCount == 1
    else { throw .malformedContainer("no NXSB container superblock at block 0") }
    blockSize = Int(size)
    let superblock = try Self.latestSuperblock(source, blockZero: first, blockSize: blockSize)
    let container = ByteReader(superblock, bigEndian: false)
    do {
      totalBlocks = Int64(try container.getInteger(at: 40, as: UInt64.self))
      let mapAddress = try container.getInteger(at: 160, as: UInt64.self)
      let volumeOID = try container.getInteger(at: 184, as: UInt64.self)
      let containerMap = try Self.objectMap(source, at: mapAddress, blockSize: blockSize)
      guard let volumeAddress = containerMap[volumeOID] else {
        throw APFSError.malformedContainer("the container's object map lacks the volume")
      }
      let volumeBlock = try Self.object(source, at: volumeAddress, blockSize: blockSize)
      let volume = ByteReader(volumeBlock, bigEndian: false)
      guard try volume.getInteger(at: 32, as: UInt32.self) == VolumeSuperblock.magic else {
        throw APFSError.malformedContainer("no APSB volume superblock where the map points")
      }
      isCaseSensitive = try volume.getInteger(at: 56, as: UInt64.self) & 1 == 0
      volumeMap = try Self.objectMap(
        source, at: try volume.getInteger(at: 128, as: UInt64.self), blockSize: blockSize)
      rootTree = try volume.getInteger(at: 136, as: UInt64.self)
      counts = (
        try volume.getInteger(at: 184), try volume.getInteger(at: 192),
        try volume.getInteger(at: 200)
      )
      volumeUUID = Array(try volume.getBytes(at: 240, count: 16))
      let name = try volume.getBytes(at: 704, count: 256)
      self.name = String(decoding: name.prefix { $0 != 0 }, as: UTF8.self)
      freeBlocks = try Self.freeBlocks(source, superblock: container, blockSize: blockSize)
    } catch let error as APFSError {
      throw error
    } catch {
      throw .malformedContainer("a superblock is cut short")
    }
  }

  func source() -> any RandomAccessByteSource { byteSource }

  /// The volume's name, from its superblock.
  package func volumeName() -> String { name }

  // MARK: - Objects

  static func read(_ source: any RandomAccessByteSource, at offset: Int64, count: Int)
    throws(APFSError) -> [UInt8]
  {
    let bytes: [UInt8]
    do { bytes = try source.read(at: offset, count: count) } catch {
      throw .malformedContainer("cannot read \(count) bytes at \(offset): \(error)")
    }
    guard bytes.count == count else {
      throw .malformedContainer("the container ends before byte \(offset + Int64(count))")
    }
    return bytes
  }

  /// The object at block `address`, its checksum checked.
  static func object(_ source: any RandomAccessByteSource, at address: UInt64, blockSize: Int)
    throws(APFSError) -> [UInt8]
  {
    let bytes = try read(source, at: Int64(address) * Int64(blockSize), count: blockSize)
    guard Fletcher64.isValid(bytes) else {
      throw .malformedContainer("the object at block \(address) has a bad checksum")
    }
    return bytes
  }

  /// The valid container superblock of the highest transaction in the checkpoint descriptor
  /// area, or block 0's.
  static func latestSuperblock(
    _ source: any RandomAccessByteSource, blockZero: [UInt8], blockSize: Int
  ) throws(APFSError) -> [UInt8] {
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
      guard let block = try? object(source, at: base + index, blockSize: blockSize),
        let header = try? ObjectHeader(reading: block),
        header.type & 0xFFFF == ObjectHeader.containerSuperblock,
        header.xid > bestTransaction
      else { continue }
      best = block
      bestTransaction = header.xid
    }
    return best
  }

  /// The mappings of the object map at `address`: each identifier's latest block.
  static func objectMap(_ source: any RandomAccessByteSource, at address: UInt64, blockSize: Int)
    throws(APFSError) -> [UInt64: UInt64]
  {
    let map = ByteReader(try object(source, at: address, blockSize: blockSize), bigEndian: false)
    guard let root = try? map.getInteger(at: 48, as: UInt64.self) else {
      throw .malformedContainer("the object map at block \(address) is cut short")
    }
    var latest: [UInt64: (xid: UInt64, address: UInt64)] = [:]
    let physical: (UInt64) -> UInt64? = { $0 }
    try walk(source, node: root, blockSize: blockSize, resolve: physical) { key, value in
      let oid = BTreeNodeReader.child(key)
      let xid = BTreeNodeReader.child(key.dropFirst(8))
      let address = BTreeNodeReader.child(value.dropFirst(8))
      if xid >= latest[oid]?.xid ?? 0 { latest[oid] = (xid, address) }
    }
    return latest.mapValues(\.address)
  }

  /// Calls `visit` with every leaf record under the node `identifier`, in order; `resolve`
  /// turns node identifiers into block addresses.
  static func walk(
    _ source: any RandomAccessByteSource, node identifier: UInt64, blockSize: Int,
    resolve: (UInt64) -> UInt64?,
    visit: (ArraySlice<UInt8>, ArraySlice<UInt8>) throws(APFSError) -> Void
  ) throws(APFSError) {
    guard let address = resolve(identifier) else {
      throw .malformedContainer("no block for the B-tree node \(identifier)")
    }
    let node = try BTreeNodeReader(
      try read(source, at: Int64(address) * Int64(blockSize), count: blockSize),
      blockSize: blockSize)
    for record in node.records {
      if node.level == 0 {
        try visit(record.key, record.value)
      } else {
        try walk(
          source, node: BTreeNodeReader.child(record.value), blockSize: blockSize,
          resolve: resolve, visit: visit)
      }
    }
  }

  /// The space manager's free count for the main device.
  static func freeBlocks(
    _ source: any RandomAccessByteSource, superblock: ByteReader, blockSize: Int
  ) throws -> Int64 {
    // The checkpoint map of the latest checkpoint locates the space manager.
    let descriptorBase = try superblock.getInteger(at: 112, as: UInt64.self)
    let descriptorIndex = try superblock.getInteger(at: 136, as: UInt32.self)
    let spaceManagerOID = try superblock.getInteger(at: 152, as: UInt64.self)
    let map = ByteReader(
      try object(source, at: descriptorBase + UInt64(descriptorIndex), blockSize: blockSize),
      bigEndian: false)
    let count = try map.getInteger(at: 36, as: UInt32.self)
    for index in 0..<Int(count) {
      let entry = 40 + index * 40
      guard try map.getInteger(at: entry + 24, as: UInt64.self) == spaceManagerOID else { continue }
      let address = try map.getInteger(at: entry + 32, as: UInt64.self)
      let manager = ByteReader(
        try read(source, at: Int64(address) * Int64(blockSize), count: blockSize),
        bigEndian: false)
      return Int64(try manager.getInteger(at: 72, as: UInt64.self))
    }
    return 0
  }
}
