import APFS

/// A container's bytes, located and patched from the Apple File System Reference's layouts
/// (not through our reader), each touched object's Fletcher-64 checksum resealed.
///
/// The hostile-image tests change one field and reseal, so the bytes reach the parsers.
package struct APFSContainerEditor {
  /// The container, as patched so far.
  package private(set) var bytes: [UInt8]
  /// The blocks patched so far, resealed by ``sealed()``.
  package private(set) var touched: Set<Int> = []
  /// The block size (`nx_block_size`).
  package let blockSize: Int

  /// A leaf record's key and value, as byte ranges of the container.
  package typealias Record = (key: Range<Int>, value: Range<Int>)

  /// Edits `bytes`, a container that starts with its superblock.
  package init(_ bytes: [UInt8]) {
    self.bytes = bytes
    blockSize = Int(Self.integer(bytes, at: 36, as: UInt32.self))
  }

  // MARK: - Fields

  /// The little-endian integer at byte `offset`.
  package func integer<T: FixedWidthInteger>(at offset: Int, as type: T.Type = UInt64.self) -> T {
    Self.integer(bytes, at: offset, as: type)
  }

  private static func integer<T: FixedWidthInteger>(_ bytes: [UInt8], at offset: Int, as _: T.Type)
    -> T
  {
    (0..<MemoryLayout<T>.size).reversed().reduce(T.zero) { $0 << 8 | T(bytes[offset + $1]) }
  }

  /// Writes `value` little-endian at byte `offset`, and marks its block for resealing.
  package mutating func set<T: FixedWidthInteger>(_ value: T, at offset: Int) {
    for index in 0..<MemoryLayout<T>.size {
      bytes[offset + index] = UInt8(truncatingIfNeeded: value >> (index * 8))
    }
    touched.insert(offset / blockSize)
  }

  /// The bytes, every touched object's checksum resealed.
  package func sealed() -> [UInt8] {
    var result = bytes
    for block in touched {
      let range = block * blockSize..<(block + 1) * blockSize
      var object = Array(result[range])
      Fletcher64.seal(&object)
      result.replaceSubrange(range, with: object)
    }
    return result
  }

  /// Byte `offset` of block `block`.
  package func offset(_ block: Int, _ offset: Int = 0) -> Int { block * blockSize + offset }

  // MARK: - Objects

  /// Block 0 and the checkpoint superblocks of the descriptor area (`nx_superblock_t`).
  package var superblocks: [Int] {
    let base = Int(integer(at: 112))
    let count = Int(integer(at: 104, as: UInt32.self))
    return [0]
      + (base..<base + count).filter { integer(at: offset($0, 24), as: UInt32.self) & 0xFFFF == 1 }
  }

  /// The container's block count (`nx_block_count`).
  package var blockCount: Int { Int(integer(at: 40)) }
  /// The container's object map (`nx_omap_oid`).
  package var containerMap: Int { Int(integer(at: 160)) }
  /// The root node of the object map at block `map` (`om_tree_oid`).
  package func mapRoot(_ map: Int) -> Int { Int(integer(at: offset(map, 48))) }
  /// The block the object map at `map` gives the virtual object `oid`.
  package func lookUp(_ oid: UInt64, in map: Int) -> Int? {
    leafRecords(under: mapRoot(map), map: nil).first { integer(at: $0.key.lowerBound) == oid }
      .map { Int(integer(at: $0.value.lowerBound + 8)) }
  }
  /// The volume superblock (`nx_fs_oid[0]`, through the container's object map).
  package var volume: Int { lookUp(integer(at: 184), in: containerMap) ?? -1 }
  /// The volume's object map (`apfs_omap_oid`).
  package var volumeMap: Int { Int(integer(at: offset(volume, 128))) }
  /// The file-system tree's root: its virtual identifier and block (`apfs_root_tree_oid`).
  package var fileSystemRoot: (oid: UInt64, block: Int) {
    let oid = integer(at: offset(volume, 136))
    return (oid, lookUp(oid, in: volumeMap) ?? -1)
  }
  /// The extent-reference tree's root (`apfs_extentref_tree_oid`, physical).
  package var extentReferenceRoot: Int { Int(integer(at: offset(volume, 144))) }

  // MARK: - Nodes

  /// A node's records; `map` resolves a virtual tree's children (nil: physical).
  package func leafRecords(under node: Int, map: Int?) -> [Record] {
    let level = integer(at: offset(node, 34), as: UInt16.self)
    let records = records(of: node)
    guard level > 0 else { return records }
    return records.flatMap { record in
      let child = integer(at: record.value.lowerBound)
      let block = map.map { lookUp(child, in: $0) ?? -1 } ?? Int(child)
      return leafRecords(under: block, map: map)
    }
  }

  /// The records of one node (`btree_node_phys_t`), from its table of contents.
  package func records(of node: Int) -> [Record] {
    let flags = integer(at: offset(node, 32), as: UInt16.self)
    let level = integer(at: offset(node, 34), as: UInt16.self)
    let count = Int(integer(at: offset(node, 36), as: UInt32.self))
    let table = offset(node, 56 + Int(integer(at: offset(node, 40), as: UInt16.self)))
    let keys = table + Int(integer(at: offset(node, 42), as: UInt16.self))
    let values = offset(node + 1) - (flags & 1 != 0 ? 40 : 0)
    let isFixed = flags & 4 != 0
    return (0..<count).map { index in
      let entry = table + index * (isFixed ? 4 : 8)
      let field = { (at: Int) in Int(integer(at: entry + at, as: UInt16.self)) }
      let key = keys + field(0)
      let value = values - field(isFixed ? 2 : 4)
      let lengths = isFixed ? (16, level == 0 ? 16 : 8) : (field(2), field(6))
      return (key..<key + lengths.0, value..<value + lengths.1)
    }
  }

  /// Makes `node` an index node of `level` with one record whose child is `child`.
  package mutating func makeIndex(_ node: Int, level: UInt16, child: UInt64) {
    let flags = integer(at: offset(node, 32), as: UInt16.self)
    set(flags & ~0x2, at: offset(node, 32))  // not BTNODE_LEAF
    set(level, at: offset(node, 34))
    set(UInt32(1), at: offset(node, 36))
    let table = offset(node, 56 + Int(integer(at: offset(node, 40), as: UInt16.self)))
    if flags & 4 != 0 {
      set(UInt16(8), at: table + 2)
    } else {
      set(UInt16(8), at: table + 4)
      set(UInt16(8), at: table + 6)
    }
    set(child, at: offset(node + 1) - (flags & 1 != 0 ? 40 : 0) - 8)
  }

  /// The file-system tree's leaf records of `type` (`j_obj_types`), with their leaf's block.
  package func fileSystemRecords(ofType type: UInt8) -> [(record: Record, leaf: Int)] {
    var found: [(Record, Int)] = []
    var nodes = [fileSystemRoot.block]
    while let node = nodes.popLast() {
      let records = records(of: node)
      if integer(at: offset(node, 34), as: UInt16.self) > 0 {
        nodes += records.reversed().map {
          lookUp(integer(at: $0.value.lowerBound), in: volumeMap) ?? -1
        }
        continue
      }
      for record in records where integer(at: record.key.lowerBound) >> 60 == UInt64(type) {
        found.append((record, node))
      }
    }
    return found
  }
}
