import SystemSupport

/// Reads the records of one B-tree node, the inverse of ``NodeImage``.
struct BTreeNodeReader {
  let level: Int
  let isRoot: Bool
  let records: [(key: ArraySlice<UInt8>, value: ArraySlice<UInt8>)]

  /// Parses `block`, the node of a tree of `blockSize` blocks.
  init(_ block: [UInt8], blockSize: Int) throws(APFSError) {
    guard block.count == blockSize, Fletcher64.isValid(block) else {
      throw .malformedContainer("a B-tree node has a bad checksum")
    }
    let reader = ByteReader(block, bigEndian: false)
    do {
      let flags = try reader.getInteger(at: 32, as: UInt16.self)
      level = Int(try reader.getInteger(at: 34, as: UInt16.self))
      isRoot = flags & 1 != 0
      let isFixed = flags & 4 != 0
      let count = Int(try reader.getInteger(at: 36, as: UInt32.self))
      let tableLength = Int(try reader.getInteger(at: 42, as: UInt16.self))
      let keyStart = BTreeBuilder.headerLength + tableLength
      let valueEnd = blockSize - (isRoot ? BTreeBuilder.footerLength : 0)
      let fixedKey = 16
      let fixedValue = level == 0 ? 16 : 8
      var records: [(ArraySlice<UInt8>, ArraySlice<UInt8>)] = []
      records.reserveCapacity(count)
      for index in 0..<count {
        let entry = BTreeBuilder.headerLength + index * (isFixed ? 4 : 8)
        let keyOffset = Int(try reader.getInteger(at: entry, as: UInt16.self))
        let keyLength =
          isFixed ? fixedKey : Int(try reader.getInteger(at: entry + 2, as: UInt16.self))
        let valueOffset = Int(
          try reader.getInteger(at: entry + (isFixed ? 2 : 4), as: UInt16.self))
        let valueLength =
          isFixed ? fixedValue : Int(try reader.getInteger(at: entry + 6, as: UInt16.self))
        let key = try reader.getBytes(at: keyStart + keyOffset, count: keyLength)
        let value = try reader.getBytes(at: valueEnd - valueOffset, count: valueLength)
        records.append((key, value))
      }
      self.records = records
    } catch {
      throw .malformedContainer("a B-tree node's table points outside it")
    }
  }

  /// The child identifier an index record's value holds.
  static func child(_ value: ArraySlice<UInt8>) -> UInt64 {
    value.prefix(8).reversed().reduce(0) { $0 << 8 | UInt64($1) }
  }
}
