/// A walk over every leaf record of one B-tree, in key order, that refuses a tree shaped as
/// no writer makes one.
///
/// Each child must sit one level below its parent (so the walk is as deep as the root's level
/// says, and no deeper), lie inside the container, and not be a node already met: a child
/// pointing back at its node or an ancestor, or two parents sharing a child, is an error naming
/// the node's block, never a loop. The walk keeps its own stack, so no input can overflow the
/// thread's.
struct BTreeWalk {
  /// The container the nodes are in.
  let blocks: ContainerBlocks
  /// The tree's name in errors, such as "the file-system tree".
  let tree: String
  /// A node identifier's block: itself in a physical tree, its mapping in a virtual one.
  let resolve: (UInt64) -> UInt64?

  private struct Frame {
    let node: BTreeNodeReader
    let address: UInt64
    var next = 0
  }

  /// Calls `visit` with the key, the value and the leaf's block of every leaf record under the
  /// node `root`.
  ///
  /// - Throws: ``APFSError/malformedContainer(_:)`` for a node that is missing, damaged or out
  ///   of place, and whatever `visit` throws.
  /// - Complexity: O(*n*) in the tree's nodes; each is read once.
  func forEachRecord(
    under root: UInt64,
    _ visit: (ArraySlice<UInt8>, ArraySlice<UInt8>, UInt64) throws(APFSError) -> Void
  ) throws(APFSError) {
    guard let rootAddress = resolve(root) else {
      throw .malformedContainer("\(tree): no block for its root node \(root)")
    }
    var visited: Set<UInt64> = [rootAddress]
    var path = [Frame(node: try node(at: rootAddress, "\(tree)'s root node"), address: rootAddress)]
    while let top = path.last {
      if top.node.level == 0 {
        for record in top.node.records { try visit(record.key, record.value, top.address) }
        path.removeLast()
        continue
      }
      guard top.next < top.node.records.count else {
        path.removeLast()
        continue
      }
      path[path.count - 1].next += 1
      let parent = "\(tree)'s B-tree node at block \(top.address)"
      let child = BTreeNodeReader.child(top.node.records[top.next].value)
      guard let address = resolve(child) else {
        throw .malformedContainer("\(parent): child \(child) has no block in the object map")
      }
      let named = address == child ? "child \(child)" : "child \(child) (at block \(address))"
      if address == top.address {
        throw .malformedContainer("\(parent): \(named) is the node itself")
      }
      if path.contains(where: { $0.address == address }) {
        throw .malformedContainer("\(parent): \(named) is one of its ancestors")
      }
      guard visited.insert(address).inserted else {
        throw .malformedContainer("\(parent): \(named) is already a child of another node")
      }
      let node = try node(at: address, "\(parent): \(named)")
      guard node.level == top.node.level - 1 else {
        throw .malformedContainer(
          "\(tree)'s B-tree node at block \(address): level \(node.level) under a node of level "
            + "\(top.node.level) (block \(top.address)); the root claims a height of "
            + "\(path[0].node.level + 1)")
      }
      path.append(Frame(node: node, address: address))
    }
  }

  private func node(at address: UInt64, _ what: @autoclosure () -> String) throws(APFSError)
    -> BTreeNodeReader
  {
    try BTreeNodeReader(blocks.read(address, of: what()), at: address, in: tree)
  }
}
