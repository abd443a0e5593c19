import SystemSupport

/// Writes a `.DS_Store` file: the buddy-allocated file, its `DSDB` B-tree of records.
///
/// Layout (Mark Mentovai's and Wim Lewis's notes on the format): 4 bytes `00 00 00 01`, then the
/// allocator's space (all offsets count from byte 4): a 32-byte header (`Bud1`, the root block's
/// address), the root block (block addresses, the table of contents naming `DSDB`, free lists),
/// the `DSDB` superblock (root node, levels, records, nodes, page size), and 4 KiB B-tree nodes.
package enum DSStoreWriter {
  static let pageSize = 4096

  /// A node as built: its records and, for internal nodes, its children's node indexes.
  struct Node {
    var records: [DSStoreRecord]
    var children: [Int]  // empty for a leaf; records.count + 1 otherwise, the last one rightmost
  }

  /// The `.DS_Store` bytes holding `records`.
  package static func data(for records: [DSStoreRecord]) -> [UInt8] {
    let sorted = records.sorted(by: DSStoreRecord.precedes)
    var nodes: [Node] = []
    let (rootIndex, levels) = buildTree(sorted, into: &nodes)

    // Allocate: the superblock, then the nodes, as an allocator serving them in that order would.
    var allocator = BuddyAllocator()
    let superblockOffset = allocator.allocate(width: 5)
    let nodeOffsets = nodes.map { _ in allocator.allocate(width: 12) }
    // Block numbers: 0 the root block, 1 the superblock, then the nodes.
    let rootAddress = UInt32(2048) | 11
    let addresses = [rootAddress, superblockOffset | 5] + nodeOffsets.map { $0 | 12 }
    let nodeBlock = { (index: Int) in UInt32(index + 2) }

    var space = [UInt8](repeating: 0, count: Int((nodeOffsets.max() ?? 2048) + 4096))
    func place(_ bytes: [UInt8], at offset: UInt32) {
      space.replaceSubrange(Int(offset)..<(Int(offset) + bytes.count), with: bytes)
    }
    // Header.
    var header = ByteWriter()
    header.writeBytes(Array("Bud1".utf8))
    header.writeInteger(UInt32(2048))
    header.writeInteger(UInt32(2048))
    header.writeInteger(UInt32(2048))
    header.writeBytes([
      0x00, 0x00, 0x10, 0x0C, 0x00, 0x00, 0x00, 0x87, 0x00, 0x00, 0x20, 0x0B, 0x00, 0x00, 0x00,
      0x00,
    ])
    place(header.bytes, at: 0)
    // Superblock.
    var superblock = ByteWriter()
    superblock.writeInteger(nodeBlock(rootIndex))
    superblock.writeInteger(UInt32(levels))
    superblock.writeInteger(UInt32(records.count))
    superblock.writeInteger(UInt32(nodes.count))
    superblock.writeInteger(UInt32(pageSize))
    place(superblock.bytes, at: superblockOffset)
    // Nodes.
    for (index, node) in nodes.enumerated() {
      var writer = ByteWriter()
      writer.writeInteger(node.children.last.map(nodeBlock) ?? 0)
      writer.writeInteger(UInt32(node.records.count))
      for (position, record) in node.records.enumerated() {
        if !node.children.isEmpty { writer.writeInteger(nodeBlock(node.children[position])) }
        record.write(into: &writer)
      }
      place(writer.bytes, at: nodeOffsets[index])
    }
    // Root block: addresses (padded to 256), the table of contents, the free lists.
    var root = ByteWriter()
    root.writeInteger(UInt32(addresses.count))
    root.writeInteger(UInt32(0))
    for address in addresses { root.writeInteger(address) }
    root.writeZeros(4 * (256 - addresses.count % 256) % (4 * 256))
    root.writeInteger(UInt32(1))
    root.writeInteger(UInt8(4))
    root.writeBytes(Array("DSDB".utf8))
    root.writeInteger(UInt32(1))
    for list in allocator.free {
      root.writeInteger(UInt32(list.count))
      for offset in list { root.writeInteger(offset) }
    }
    place(root.bytes, at: 2048)
    return [0, 0, 0, 1] + space
  }

  /// Builds the B-tree bottom-up; returns the root's index and the number of internal levels.
  static func buildTree(_ records: [DSStoreRecord], into nodes: inout [Node]) -> (
    root: Int, levels: Int
  ) {
    // Leaves, each as full as a page allows.
    var children: [Int] = []
    var current: [DSStoreRecord] = []
    var used = 8
    for record in records {
      if used + record.byteCount > pageSize, !current.isEmpty {
        nodes.append(Node(records: current, children: []))
        children.append(nodes.count - 1)
        current = []
        used = 8
      }
      current.append(record)
      used += record.byteCount
    }
    nodes.append(Node(records: current, children: []))
    children.append(nodes.count - 1)
    if children.count == 1 { return (children[0], 0) }
    // Each leaf boundary takes the first record of the next leaf up as the separator.
    var separators: [DSStoreRecord] = []
    for index in 1..<children.count {
      separators.append(nodes[children[index]].records.removeFirst())
    }
    var levels = 0
    while children.count > 1 {
      levels += 1
      (children, separators) = buildInternalLevel(
        children: children, separators: separators, into: &nodes)
    }
    return (children[0], levels)
  }

  /// One internal level: groups of children with the separators between them, as full as a page
  /// allows; returns the new nodes and the separators left between them.
  static func buildInternalLevel(
    children: [Int], separators: [DSStoreRecord], into nodes: inout [Node]
  ) -> ([Int], [DSStoreRecord]) {
    var parents: [Int] = []
    var upper: [DSStoreRecord] = []
    var groupChildren: [Int] = [children[0]]
    var groupRecords: [DSStoreRecord] = []
    var used = 8
    for (index, separator) in separators.enumerated() {
      let next = children[index + 1]
      if used + 4 + separator.byteCount > pageSize, !groupRecords.isEmpty {
        nodes.append(Node(records: groupRecords, children: groupChildren))
        parents.append(nodes.count - 1)
        upper.append(separator)
        groupChildren = [next]
        groupRecords = []
        used = 8
        continue
      }
      groupRecords.append(separator)
      groupChildren.append(next)
      used += 4 + separator.byteCount
    }
    nodes.append(Node(records: groupRecords, children: groupChildren))
    parents.append(nodes.count - 1)
    return (parents, upper)
  }
}
