extension BTreeShape {
  /// Packs one level's records into nodes as they come: all in the root when they fit there,
  /// otherwise each node as full as it fits, in order.
  struct NodePacker {
    let kind: BTreeKind
    let blockSize: Int
    let isLeaf: Bool
    /// The records of each node closed so far.
    private var closed: [Int] = []
    /// The records and bytes of the node being filled.
    private var count = 0
    private var bytes = 0
    /// The records and bytes added.
    private(set) var totalCount = 0
    private var totalBytes = 0

    init(kind: BTreeKind, blockSize: Int, isLeaf: Bool) {
      self.kind = kind
      self.blockSize = blockSize
      self.isLeaf = isLeaf
    }

    /// Adds a record of `size` bytes (key and value); returns whether it starts a node.
    mutating func add(size: Int) -> Bool {
      totalCount += 1
      totalBytes += size
      if count > 0, !fits(count: count + 1, bytes: bytes + size, isRoot: false) {
        closed.append(count)
        count = 0
        bytes = 0
      }
      count += 1
      bytes += size
      return count == 1
    }

    /// Whether every record added fits in the root.
    var fitsInRoot: Bool { fits(count: totalCount, bytes: totalBytes, isRoot: true) }

    /// How many records each node holds: one root, or the nodes as packed.
    var nodes: [Int] { fitsInRoot ? [totalCount] : closed + [count] }

    private func fits(count: Int, bytes: Int, isRoot: Bool) -> Bool {
      BTreeBuilder.fits(
        count: count, bytes: bytes, isLeaf: isLeaf, isRoot: isRoot, kind: kind,
        blockSize: blockSize)
    }
  }
}
