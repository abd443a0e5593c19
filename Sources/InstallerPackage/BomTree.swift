/// A B+tree of a Bom being read (`Paths`, `Size64`): its `tree` block, then its nodes from the
/// root down through the branches to the leaves.
///
/// A `tree` block is `tree`, version 1, the root node's block, the node size, the count of
/// entries and a byte. A node is {is leaf (u16), count (u16), forward, backward}, then count
/// {value, key} pairs: in a leaf, the blocks of an entry's value and key; in a branch, a child
/// node and the last key under it. Every node is reached once at most and the depth is bounded;
/// the leaves' forward and backward links must chain them in the order the descent meets them
/// (`lsbom` follows the forward links), and their entries must add up to the tree's count.
struct BomTree {
  /// One entry of a leaf: the blocks of its value and key, and the leaf's block.
  struct Entry {
    /// The block of the entry's value.
    var value: UInt32
    /// The block of its key.
    var key: UInt32
    /// The leaf node's block.
    var leaf: UInt32
  }

  /// Every entry of the leaves of the tree whose `tree` block is `index`, which `name` names,
  /// in the leaves' order.
  ///
  /// - Throws: ``BomReaderError`` for a malformed `tree` block or node, a tree deeper than
  ///   ``BomReader/maximumTreeDepth``, a node reached twice, a broken leaf chain or a count
  ///   that does not match.
  static func entries(of index: UInt32, named name: String, in store: BomStore)
    throws(BomReaderError) -> [Entry]
  {
    let tree = try store.block(index, "the \(name) tree", minimumLength: 21)
    guard tree.bytes.starts(with: "tree".utf8),
      try tree.integer(at: 4, as: UInt32.self, "the tree") == 1
    else {
      throw BomReaderError(
        .notATree, block: index, at: tree.offset, "the \(name) tree's block is not a tree")
    }
    let root = try tree.integer(at: 8, as: UInt32.self, "the tree")
    let count = try tree.integer(at: 16, as: UInt32.self, "the tree")
    var entries: [Entry] = []
    var leaves: [(block: UInt32, forward: UInt32, backward: UInt32)] = []
    var visited: Set<UInt32> = []
    // Depth first, children in order: the stack holds them last first.
    var stack: [(node: UInt32, depth: Int)] = [(root, 0)]
    while let (node, depth) = stack.popLast() {
      guard visited.insert(node).inserted else {
        throw BomReaderError(
          .nodeRevisited, block: node, at: tree.offset,
          "the \(name) tree reaches node \(node) twice")
      }
      let block = try store.block(node, "a node of the \(name) tree", minimumLength: 12)
      let isLeaf = try block.integer(at: 0, as: UInt16.self, "the node")
      let pairs = Int(try block.integer(at: 2, as: UInt16.self, "the node"))
      guard isLeaf <= 1, 12 + 8 * pairs <= block.count else {
        throw BomReaderError(
          .malformedNode, block: node, at: block.offset,
          "the \(name) node (leaf \(isLeaf)) of \(pairs) entries does not fit its "
            + "\(block.count) bytes, or is neither leaf nor branch")
      }
      let links = (
        try block.integer(at: 4, as: UInt32.self, "the node"),
        try block.integer(at: 8, as: UInt32.self, "the node")
      )
      var children: [UInt32] = []
      for pair in 0..<pairs {
        let value = try block.integer(at: 12 + 8 * pair, as: UInt32.self, "the node")
        let key = try block.integer(at: 16 + 8 * pair, as: UInt32.self, "the node")
        if isLeaf == 1 {
          entries.append(Entry(value: value, key: key, leaf: node))
        } else {
          children.append(value)
        }
      }
      if isLeaf == 1 {
        leaves.append((node, links.0, links.1))
        continue
      }
      guard !children.isEmpty else {
        throw BomReaderError(
          .malformedNode, block: node, at: block.offset, "a \(name) branch holds no child")
      }
      guard depth < BomReader.maximumTreeDepth else {
        throw BomReaderError(
          .treeTooDeep, block: node, at: block.offset,
          "the \(name) tree is deeper than \(BomReader.maximumTreeDepth) levels")
      }
      stack += children.reversed().map { ($0, depth + 1) }
    }
    try checkChain(leaves, named: name, in: store)
    guard Int64(count) == Int64(entries.count) else {
      throw BomReaderError(
        .countMismatch, block: index, at: tree.offset + 16,
        "the \(name) tree counts \(count) entries, its leaves hold \(entries.count)")
    }
    return entries
  }

  /// Checks that each leaf's links name the leaves before and after it (0 at the ends).
  private static func checkChain(
    _ leaves: [(block: UInt32, forward: UInt32, backward: UInt32)], named name: String,
    in store: BomStore
  ) throws(BomReaderError) {
    for (number, leaf) in leaves.enumerated() {
      let forward = number + 1 < leaves.count ? leaves[number + 1].block : 0
      let backward = number > 0 ? leaves[number - 1].block : 0
      guard leaf.forward == forward, leaf.backward == backward else {
        let node = try store.block(leaf.block, "a node of the \(name) tree")
        throw BomReaderError(
          .brokenLeafChain, block: leaf.block, at: node.offset + 4,
          "the \(name) leaf links to \(leaf.forward) and back to \(leaf.backward), "
            + "not to the leaves beside it, \(forward) and \(backward)")
      }
    }
  }
}
