import SystemSupport

/// One key and value of a B-tree.
struct BTreeRecord: Sendable {
  var key: [UInt8]
  var value: [UInt8]
}

/// Which tree a B-tree is, and so how its nodes are flagged and sized.
struct BTreeKind: Sendable {
  /// The nodes' object subtype, such as ``ObjectHeader/objectMap``.
  var subtype: UInt32
  /// The nodes' storage: ``ObjectHeader/physical`` (identifiers are block addresses),
  /// ``ObjectHeader/virtual`` (found through an object map) or ``ObjectHeader/ephemeral``.
  var storage: UInt32
  /// Key and value sizes of a tree whose leaf records all have one size (object maps).
  var fixedSizes: (key: Int, value: Int)?
  /// The info footer's `bt_flags`.
  var footerFlags: UInt32

  /// An object map: fixed 16-byte keys and values, physical, aligned.
  static let objectMap = BTreeKind(
    subtype: ObjectHeader.objectMap, storage: ObjectHeader.physical, fixedSizes: (16, 16),
    footerFlags: 0x10)
  /// A volume's file-system tree: virtual nodes, unaligned records.
  static let fileSystem = BTreeKind(
    subtype: ObjectHeader.fileSystemTree, storage: ObjectHeader.virtual, fixedSizes: nil,
    footerFlags: 0x40)
  /// A volume's extent-reference tree: physical, unaligned.
  static let extentReference = BTreeKind(
    subtype: ObjectHeader.extentReferenceTree, storage: ObjectHeader.physical, fixedSizes: nil,
    footerFlags: 0x50)
  /// A space-manager free queue: ephemeral, fixed 16-byte keys and 8-byte values.
  static let freeQueue = BTreeKind(
    subtype: ObjectHeader.freeQueue, storage: ObjectHeader.ephemeral, fixedSizes: (16, 8),
    footerFlags: 0x0C)
  /// A volume's snapshot-metadata tree: physical, unaligned.
  static let snapshotMetadata = BTreeKind(
    subtype: ObjectHeader.snapshotMetadataTree, storage: ObjectHeader.physical, fixedSizes: nil,
    footerFlags: 0x50)
}

/// Builds a B-tree bottom-up from records sorted in the tree's order, packing each node full
/// (``BTreeShape`` measures it, then makes its nodes).
///
/// Apple File System Reference, "B-Trees": a node is the object header, flags, level and key
/// count, the table of contents, the keys growing forward, the values growing backward from the
/// end, and, in the root only, a 40-byte info footer. Leaves are level 0; an index record's key
/// is its child's first key and its value the child's 8-byte identifier. Nodes are returned with
/// identifiers `first`, `first + 1`, ...: the leaves in order, then each level up, the root last.
enum BTreeBuilder {
  static let headerLength = 56
  static let footerLength = 40
  static let childPointerLength = 8

  /// The nodes of the tree holding `records` (few enough to hold), their checksums set.
  static func build(
    _ records: [BTreeRecord], kind: BTreeKind, firstIdentifier: UInt64, blockSize: Int
  ) -> [[UInt8]] {
    let shape = BTreeShape(measuring: records, kind: kind, blockSize: blockSize)
    return Array(shape.nodes(of: records, firstIdentifier: firstIdentifier))
  }

  /// Whether `count` records of `bytes` bytes (keys and values) fit in one node.
  static func fits(
    count: Int, bytes: Int, isLeaf: Bool, isRoot: Bool, kind: BTreeKind, blockSize: Int
  ) -> Bool {
    let available = blockSize - headerLength - (isRoot ? footerLength : 0)
    if let fixed = kind.fixedSizes {
      let table = tableLength(isLeaf: isLeaf, kind: kind, blockSize: blockSize, count: count)
      let value = isLeaf ? fixed.value : childPointerLength
      return table + count * (fixed.key + value) <= available
    }
    return max(count, 1) * 8 + bytes <= available
  }

  /// The table of contents' length: fixed-size trees preallocate it for a full node.
  static func tableLength(isLeaf: Bool, kind: BTreeKind, blockSize: Int, count: Int) -> Int {
    // A variable-size table has room for one entry at least, even in an empty tree.
    guard let fixed = kind.fixedSizes else { return max(count, 1) * 8 }
    let value = isLeaf ? fixed.value : childPointerLength
    return (blockSize - headerLength) / (fixed.key + value + 4) * 4
  }

  static func littleEndian(_ value: UInt64) -> [UInt8] {
    withUnsafeBytes(of: value.littleEndian) { Array($0) }
  }
}
