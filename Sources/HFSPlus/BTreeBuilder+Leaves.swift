extension BTreeBuilder {
  /// Packs records into leaf nodes as they come, each node as full as it can be, and writes
  /// each node once the next record does not fit it: only the node being filled and every
  /// leaf's first key are kept.
  ///
  /// Leaves are numbered from 1 (node 0 is the header) and linked forward and backward.
  struct LeafWriter {
    let format: BTreeFormat
    /// The first record of each leaf written or being filled, its key alone (an index record
    /// needs no more).
    private(set) var firstKeys: [BTreeRecord] = []
    /// The records appended so far.
    private(set) var recordCount = 0
    private var pending: [BTreeRecord] = []
    private var used: Int

    init(format: BTreeFormat) {
      self.format = format
      used = BTreeBuilder.capacity(nodeSize: format.nodeSize)
    }

    /// Adds `record` to the leaf being filled, first writing that leaf to `output` when the
    /// record does not fit in it.
    ///
    /// - Precondition: the record fits in a node and follows the last one in key order.
    mutating func append(_ record: BTreeRecord, into output: inout [UInt8]) {
      let capacity = BTreeBuilder.capacity(nodeSize: format.nodeSize)
      let needed = record.size + 2
      precondition(needed <= capacity, "a record larger than a node")
      if used + needed > capacity {
        writePending(hasNext: true, into: &output)
        firstKeys.append(BTreeRecord(key: record.key, data: []))
        used = 0
      }
      pending.append(record)
      used += needed
      recordCount += 1
    }

    /// Writes the last leaf, if any.
    mutating func finish(into output: inout [UInt8]) {
      writePending(hasNext: false, into: &output)
    }

    private mutating func writePending(hasNext: Bool, into output: inout [UInt8]) {
      guard !pending.isEmpty else { return }
      let number = firstKeys.count
      output.append(
        contentsOf: BTreeBuilder.makeNode(
          kind: .leaf, height: 1, forward: hasNext ? UInt32(number + 1) : 0,
          backward: number > 1 ? UInt32(number - 1) : 0, records: pending,
          nodeSize: format.nodeSize))
      pending.removeAll(keepingCapacity: true)
    }
  }
}
