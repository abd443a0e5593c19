/// The paths of a Bom's `Paths` leaves, rebuilt from each one's (parent ID, name): one root `.`
/// of parent 0, every other parent a folder that exists, no cycle, no path too long; and the
/// order of the leaves `lsbom` needs, (parent ID, then the name's bytes), strictly rising.
struct BomPathTable {
  /// Each leaf's path ID, parent ID and whether it is a folder.
  private let records: [(id: UInt32, parent: UInt32, isFolder: Bool)]
  /// Each leaf's name.
  private let names: [ArraySlice<UInt8>]
  /// Each leaf's node block.
  private let leaves: [UInt32]
  /// Each leaf's path, once ``resolve(in:)`` has run.
  private(set) var paths: [String] = []

  /// A table of the leaves' `records`, with their `names` and the blocks of their `leaves`.
  init(records: [BomRecord], names: [ArraySlice<UInt8>], leaves: [UInt32]) {
    self.records = records.map { ($0.pathID, $0.parentID, $0.kind == .folder) }
    self.names = names
    self.leaves = leaves
  }

  /// Rebuilds every path.
  ///
  /// - Throws: ``BomReaderError`` for a path ID used twice or 0, no root or two, a name that is
  ///   not one, a parent that does not exist or is not a folder, a cycle, a path too long.
  mutating func resolve(in store: BomStore) throws(BomReaderError) {
    var indexOfID: [UInt32: Int] = [:]
    var roots: [Int] = []
    for (index, record) in records.enumerated() {
      guard record.id != 0, indexOfID.updateValue(index, forKey: record.id) == nil else {
        throw try error(
          .duplicatePathID, at: index, in: store, "path ID \(record.id) is 0 or comes twice")
      }
      if record.parent == 0 { roots.append(index) }
      try checkName(at: index, in: store)
    }
    guard roots.count == 1, let root = roots.first, names[root].elementsEqual(".".utf8) else {
      throw BomReaderError(
        .missingRoot, at: 0, "the Bom has \(roots.count) paths of parent 0, not one root .")
    }
    var resolved = [String?](repeating: nil, count: records.count)
    resolved[root] = "."
    var visit = [Int](repeating: -1, count: records.count)
    var total = 0
    for start in records.indices where resolved[start] == nil {
      // Climb to a resolved ancestor, then join the names on the way back down.
      var chain: [Int] = []
      var index = start
      while resolved[index] == nil {
        guard visit[index] != start else {
          throw try error(.parentCycle, at: index, in: store, "the path is its own ancestor")
        }
        visit[index] = start
        chain.append(index)
        let parent = records[index].parent
        guard let parentIndex = indexOfID[parent] else {
          throw try error(.unknownParent, at: index, in: store, "no path has ID \(parent)")
        }
        guard records[parentIndex].isFolder else {
          throw try error(.parentNotFolder, at: index, in: store, "its parent is not a folder")
        }
        index = parentIndex
      }
      for child in chain.reversed() {
        let path = (resolved[index] ?? ".") + "/" + String(decoding: names[child], as: UTF8.self)
        total += path.utf8.count
        guard path.utf8.count <= BomReader.maximumPathLength,
          total <= BomReader.maximumTotalPathBytes
        else {
          throw try error(
            .pathTooLong, at: child, in: store,
            "the path \(path.prefix(64))… is longer than \(BomReader.maximumPathLength) bytes, "
              + "or the paths are more than \(BomReader.maximumTotalPathBytes) bytes")
        }
        resolved[child] = path
        index = child
      }
    }
    paths = resolved.map { $0 ?? "" }
  }

  /// Checks that the leaves' (parent ID, name) rise strictly, as `lsbom` needs.
  ///
  /// - Throws: ``BomReaderError/Code/leavesOutOfOrder`` naming the leaf before and the leaf out
  ///   of order, or ``BomReaderError/Code/duplicatePath`` for two leaves of one key.
  func checkOrder(in store: BomStore) throws(BomReaderError) {
    for index in records.indices.dropFirst() {
      let before = (records[index - 1].parent, names[index - 1])
      let after = (records[index].parent, names[index])
      if before.0 == after.0 && before.1.elementsEqual(after.1) {
        throw try error(
          .duplicatePath, at: index, in: store, "the path \(paths[index]) comes twice")
      }
      guard
        before.0 < after.0 || (before.0 == after.0 && before.1.lexicographicallyPrecedes(after.1))
      else {
        let key = "(\(after.0), \(String(decoding: after.1, as: UTF8.self).debugDescription))"
        throw BomReaderError(
          .leavesOutOfOrder, block: leaves[index],
          at: try store.block(leaves[index], "a Paths leaf").offset,
          paths: [paths[index - 1], paths[index]],
          "leaf \(key) of \(paths[index]) comes after \(paths[index - 1]); lsbom stops there")
      }
    }
  }

  /// Checks the name of the leaf `index`: the root's is `.`, the others' are names.
  private func checkName(at index: Int, in store: BomStore) throws(BomReaderError) {
    let name = names[index]
    guard records[index].parent != 0 else { return }
    let dot = UInt8(ascii: ".")
    guard !name.contains(UInt8(ascii: "/")), !name.elementsEqual([dot]),
      !name.elementsEqual([dot, dot])
    else {
      throw try error(
        .malformedName, at: index, in: store,
        "the name \(String(decoding: name, as: UTF8.self).debugDescription) is not a file name")
    }
  }

  /// The error `code` about the leaf `index`, in its leaf node.
  private func error(
    _ code: BomReaderError.Code, at index: Int, in store: BomStore, _ message: String
  ) throws(BomReaderError) -> BomReaderError {
    let node = try store.block(leaves[index], "a Paths leaf")
    let name = String(decoding: names[index], as: UTF8.self).debugDescription
    return BomReaderError(
      code, block: leaves[index], at: node.offset,
      paths: paths.indices.contains(index) ? [paths[index]] : [],
      "leaf (\(records[index].parent), \(name)): \(message)")
  }
}
