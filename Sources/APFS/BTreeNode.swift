import SystemSupport

/// The info footer at the end of a B-tree's root node (`btree_info_t`).
struct Footer {
  var kind: BTreeKind
  var blockSize: Int
  var longest: (key: Int, value: Int)
  var keyCount: Int
  var nodeCount: Int

  func write(into writer: inout ByteWriter) {
    writer.writeInteger(kind.footerFlags)
    writer.writeInteger(UInt32(blockSize))
    writer.writeInteger(UInt32(kind.fixedSizes?.key ?? 0))
    writer.writeInteger(UInt32(kind.fixedSizes?.value ?? 0))
    writer.writeInteger(UInt32(longest.key))
    writer.writeInteger(UInt32(longest.value))
    writer.writeInteger(UInt64(keyCount))
    writer.writeInteger(UInt64(nodeCount))
  }
}

/// One B-tree node laid out in a block (`btree_node_phys_t`), packed with no free space between
/// the keys and the values.
struct NodeImage {
  var records: [BTreeRecord]
  var level: Int
  var isRoot: Bool
  var kind: BTreeKind
  var blockSize: Int
  var footer: Footer?

  /// `BTNODE_ROOT`, `BTNODE_LEAF`, `BTNODE_FIXED_KV_SIZE`.
  var flags: UInt16 {
    (isRoot ? 0x1 : 0) | (level == 0 ? 0x2 : 0) | (kind.fixedSizes == nil ? 0 : 0x4)
  }

  /// The node's bytes, identified as `identifier`, checksum set.
  func bytes(identifier: UInt64) -> [UInt8] {
    let isLeaf = level == 0
    let table = BTreeBuilder.tableLength(
      isLeaf: isLeaf, kind: kind, blockSize: blockSize, count: records.count)
    let keyBytes = records.reduce(0) { $0 + $1.key.count }
    let valueBytes = records.reduce(0) { $0 + $1.value.count }
    let valueAreaEnd = blockSize - (isRoot ? BTreeBuilder.footerLength : 0)
    let freeLength = valueAreaEnd - BTreeBuilder.headerLength - table - keyBytes - valueBytes
    precondition(freeLength >= 0, "the records were planned to fit the node")

    var header = ByteWriter(bigEndian: false, capacity: BTreeBuilder.headerLength)
    ObjectHeader(
      oid: identifier,
      type: (isRoot ? ObjectHeader.btreeRoot : ObjectHeader.btreeNode) | kind.storage,
      subtype: kind.subtype
    ).write(into: &header)
    header.writeInteger(flags)
    header.writeInteger(UInt16(level))
    header.writeInteger(UInt32(records.count))
    header.writeInteger(UInt16(0))  // table space offset
    header.writeInteger(UInt16(table))
    header.writeInteger(UInt16(keyBytes))  // free space offset, from the key area
    header.writeInteger(UInt16(freeLength))
    for _ in 0..<2 {  // empty key and value free lists
      header.writeInteger(UInt16(0xFFFF))
      header.writeInteger(UInt16(0))
    }
    var bytes = [UInt8](repeating: 0, count: blockSize)
    bytes.withUnsafeMutableBytes { node in
      node.copyBytes(from: header.bytes)
      // The table of contents: keys from the key area's start, values back from its end;
      // keys forward after it, values backward from the value area's end.
      var entry = BTreeBuilder.headerLength
      var keyOffset = 0
      var valueOffset = 0
      let keyArea = BTreeBuilder.headerLength + table
      func store(_ value: Int) {
        node.storeBytes(of: UInt16(value).littleEndian, toByteOffset: entry, as: UInt16.self)
        entry += 2
      }
      for record in records {
        valueOffset += record.value.count
        store(keyOffset)
        if kind.fixedSizes == nil { store(record.key.count) }
        store(valueOffset)
        if kind.fixedSizes == nil { store(record.value.count) }
        record.key.withUnsafeBytes {
          UnsafeMutableRawBufferPointer(rebasing: node[(keyArea + keyOffset)...]).copyMemory(
            from: $0)
        }
        record.value.withUnsafeBytes {
          UnsafeMutableRawBufferPointer(rebasing: node[(valueAreaEnd - valueOffset)...])
            .copyMemory(from: $0)
        }
        keyOffset += record.key.count
      }
    }
    if let footer {
      var writer = ByteWriter(bigEndian: false, capacity: BTreeBuilder.footerLength)
      footer.write(into: &writer)
      bytes.replaceSubrange(valueAreaEnd..., with: writer.bytes)
    }
    precondition(bytes.count == blockSize)
    Fletcher64.seal(&bytes)
    return bytes
  }
}
