/// Reads an installer package's bill of materials (`Bom`): every path of its `Paths` tree, its
/// path rebuilt from its parents, with its record's mode, owner, time, size (from `Size64` past
/// 4 GiB), checksum, link target and, for Apple's universal Mach-O records, architectures.
///
/// The Bom is treated as hostile. Every count, offset, block number and length is checked
/// before use; the `Paths` tree is walked from its root down through its branches, each node
/// once and to a bounded depth; its leaves must come in the (parent ID, name) order `lsbom`
/// needs, every parent must be a folder that exists, with no cycle, and no path may come twice.
/// Apple's variations are read as they are: junk between blocks, free lists, `._` sidecar
/// records, several `BomInfo` entries, an empty `HLIndex`. Each problem is a ``BomReaderError``
/// naming its block and byte.
///
/// ```swift
/// let records = try BomReader.records(in: bom)
/// for record in records where record.kind == .file { print(record.path, record.checksum) }
/// ```
package enum BomReader {
  /// The largest Bom read: 256 MiB (a Bom of a million paths is about 100 MiB).
  package static let maximumSize = 256 << 20
  /// The deepest tree read: far more than a tree of 4 KiB nodes needs for any Bom.
  package static let maximumTreeDepth = 32
  /// The longest path: ``PayloadReader/maximumNameSize`` less its NUL.
  package static let maximumPathLength = PayloadReader.maximumNameSize - 1
  /// The most bytes all paths together may take.
  static let maximumTotalPathBytes = 1 << 30

  /// The paths of the Bom `bytes`, in the order of its `Paths` leaves (the root first).
  ///
  /// - Throws: ``BomReaderError`` naming the problem, its block and byte.
  /// - Complexity: O(*n* log *n*) in the Bom's size.
  package static func records(in bytes: [UInt8]) throws(BomReaderError) -> [BomRecord] {
    guard bytes.count <= maximumSize else {
      throw BomReaderError(
        .tooLarge, at: 0, "the Bom is \(bytes.count) bytes, more than the \(maximumSize) read")
    }
    let store = try BomStore(bytes)
    _ = try store.variable("BomInfo")
    let leaves = try BomTree.entries(of: try store.variable("Paths"), named: "Paths", in: store)
    var names: [ArraySlice<UInt8>] = []
    var records: [BomRecord] = []
    names.reserveCapacity(leaves.count)
    records.reserveCapacity(leaves.count)
    for leaf in leaves {
      let (parent, name) = try key(leaf.key, in: store)
      let info = try store.block(leaf.value, "a path's information", minimumLength: 8)
      let pathID = try info.integer(at: 0, as: UInt32.self, "the path's information")
      let record = try store.block(
        try info.integer(at: 4, as: UInt32.self, "the path's information"), "a path's record")
      names.append(name)
      records.append(try BomRecord.parsing(record, pathID: pathID, parentID: parent))
    }
    var paths = BomPathTable(records: records, names: names, leaves: leaves.map(\.leaf))
    try paths.resolve(in: store)
    for index in records.indices { records[index].path = paths.paths[index] }
    try paths.checkOrder(in: store)
    if store.variables["Size64"] != nil { try applySize64(to: &records, in: store) }
    return records
  }

  /// A `Paths` key: the parent's ID and the name, NUL-terminated.
  private static func key(_ index: UInt32, in store: BomStore)
    throws(BomReaderError) -> (parent: UInt32, name: ArraySlice<UInt8>)
  {
    let block = try store.block(index, "a path's name", minimumLength: 5)
    let parent = try block.integer(at: 0, as: UInt32.self, "the path's name")
    let rest = block.bytes.dropFirst(4)
    guard let end = rest.firstIndex(of: 0), end > rest.startIndex else {
      throw BomReaderError(
        .malformedName, block: index, at: block.offset + 4,
        "the path's name is empty or does not end in a NUL")
    }
    return (parent, rest[..<end])
  }

  /// Gives each file its size from `Size64`, keyed by its record's block.
  private static func applySize64(to records: inout [BomRecord], in store: BomStore)
    throws(BomReaderError)
  {
    var byRecord: [UInt32: [Int]] = [:]
    for (index, record) in records.enumerated() {
      byRecord[record.recordBlock, default: []].append(index)
    }
    let entries = try BomTree.entries(of: try store.variable("Size64"), named: "Size64", in: store)
    for entry in entries {
      let key = try store.block(entry.key, "a Size64 key", minimumLength: 4)
      let value = try store.block(entry.value, "a Size64 size", minimumLength: 8)
      let recordBlock = try key.integer(at: 0, as: UInt32.self, "the Size64 key")
      let size = try value.integer(at: 0, as: UInt64.self, "the Size64 size")
      guard let indices = byRecord[recordBlock] else {
        throw BomReaderError(
          .unmatchedSize64, block: entry.key, at: key.offset,
          "Size64 names block \(recordBlock), which holds no path's record")
      }
      guard let exact = Int64(exactly: size) else {
        throw BomReaderError(
          .malformedRecord, block: entry.value, at: value.offset,
          "Size64 gives block \(recordBlock) a size of \(size) bytes")
      }
      for index in indices { records[index].size = exact }
    }
  }
}
