extension BTreeBuilder {
  /// Decides where nodes of one level break as its records come in order, each node as full as
  /// it can be: the one rule by which ``BTreeShape`` measures a tree and ``BTreeNodes`` makes it.
  struct NodePacker {
    private let capacity: Int
    private var used: Int

    /// A packer for nodes of `nodeSize` bytes, before the first record.
    init(nodeSize: Int) {
      capacity = BTreeBuilder.capacity(nodeSize: nodeSize)
      used = capacity
    }

    /// Takes the next record, of `recordSize` bytes (key and data); returns whether it starts
    /// a new node (as the first record does), the one before it being full.
    ///
    /// - Precondition: the record, with its 2-byte offset, fits in a node.
    mutating func startsNode(recordSize: Int) -> Bool {
      let needed = recordSize + 2
      precondition(needed <= capacity, "a record larger than a node")
      let starts = used + needed > capacity
      if starts { used = 0 }
      used += needed
      return starts
    }
  }
}
