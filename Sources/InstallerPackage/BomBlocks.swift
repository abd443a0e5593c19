import SystemSupport

/// The blocks of a Bom as they are made: one run of bytes and where each block lies in it.
///
/// Block 0 is the null block every Bom starts with; trees are B+trees of fixed-size nodes,
/// whose leaves are chained both ways and whose branches hold each child's last key.
struct BomBlocks {
  /// A tree's entry: the block of its value and the block of its key.
  typealias Entry = (value: UInt32, key: UInt32)

  /// The blocks' bytes, one after the other.
  private(set) var data = ByteWriter()
  /// Each block's start in ``data`` and its length; block 0 is null.
  private(set) var ranges: [(start: Int, count: Int)] = [(0, 0)]

  /// The number of the next block ``add(_:)`` makes.
  var nextIndex: UInt32 { UInt32(ranges.count) }

  /// Adds a block of what `write` writes and returns its number.
  @discardableResult
  mutating func add(_ write: (inout ByteWriter) -> Void) -> UInt32 {
    let start = data.count
    write(&data)
    ranges.append((start, data.count - start))
    return UInt32(ranges.count - 1)
  }

  /// Adds a block of the big-endian `fields`.
  @discardableResult
  mutating func add<T: FixedWidthInteger>(fields: T...) -> UInt32 {
    add { writer in for field in fields { writer.writeInteger(field) } }
  }

  /// Adds a tree over `entries` (in key order), in nodes of `nodeSize` bytes, and returns the
  /// number of its `tree` block.
  ///
  /// The leaves come first and in order, so each one's neighbours are the blocks beside it;
  /// then each level of branches, up to one that fits in a node.
  mutating func addTree(_ entries: [Entry], nodeSize: Int) -> UInt32 {
    let perNode = (nodeSize - 12) / 8
    var level: [Entry] = []
    let chunks = stride(from: 0, to: max(entries.count, 1), by: perNode).map {
      entries[min($0, entries.count)..<min($0 + perNode, entries.count)]
    }
    let first = nextIndex
    for (number, chunk) in chunks.enumerated() {
      let index = first + UInt32(number)
      let forward = number + 1 < chunks.count ? index + 1 : 0
      let backward = number > 0 ? index - 1 : 0
      add { Self.writeNode(leaf: true, chunk, links: (forward, backward), size: nodeSize, to: &$0) }
      level.append((index, chunk.last?.key ?? 0))
    }
    while level.count > 1 {
      level = stride(from: 0, to: level.count, by: perNode).map { start in
        let children = level[start..<min(start + perNode, level.count)]
        let branch = add {
          Self.writeNode(leaf: false, children, links: (0, 0), size: nodeSize, to: &$0)
        }
        return (branch, children[children.index(before: children.endIndex)].key)
      }
    }
    return add { writer in
      writer.writeFourCharCode("tree")
      for field in [1, level[0].value, UInt32(nodeSize), UInt32(entries.count)] {
        writer.writeInteger(field)
      }
      writer.writeZeros(1)
    }
  }

  /// Writes a node of `size` bytes: leaf or branch, count, neighbours (forward, backward), then
  /// the value and key of each entry.
  private static func writeNode(
    leaf: Bool, _ entries: ArraySlice<Entry>, links: (UInt32, UInt32), size: Int,
    to writer: inout ByteWriter
  ) {
    let start = writer.count
    writer.writeInteger(UInt16(leaf ? 1 : 0))
    writer.writeInteger(UInt16(entries.count))
    writer.writeInteger(links.0)
    writer.writeInteger(links.1)
    for entry in entries {
      writer.writeInteger(entry.value)
      writer.writeInteger(entry.key)
    }
    writer.writeZeros(size - (writer.count - start))
  }
}
