import SystemSupport

/// Reads the records of one B-tree node, the inverse of ``NodeImage``.
///
/// The record count and the table of contents come from the image: the count is checked
/// against the table's length, and the table against the node, before anything is allocated.
struct BTreeNodeReader {
  let level: Int
  let isRoot: Bool
  let records: [(key: ArraySlice<UInt8>, value: ArraySlice<UInt8>)]

  /// Parses `block`, the node at block `address` of `tree` (which names it in errors).
  init(_ block: [UInt8], at address: UInt64, in tree: String) throws(APFSError) {
    let node = "\(tree)'s B-tree node at block \(address)"
    guard Fletcher64.isValid(block) else { throw .malformedContainer("\(node) has a bad checksum") }
    let reader = ByteReader(block, bigEndian: false)
    do {
      let flags = try reader.getInteger(at: 32, as: UInt16.self)
      level = Int(try reader.getInteger(at: 34, as: UInt16.self))
      isRoot = flags & 1 != 0
      let isFixed = flags & 4 != 0
      let count = Int(try reader.getInteger(at: 36, as: UInt32.self))
      let tableStart =
        BTreeBuilder.headerLength
        + Int(try reader.getInteger(at: 40, as: UInt16.self))
      let tableLength = Int(try reader.getInteger(at: 42, as: UInt16.self))
      let keyStart = tableStart + tableLength
      let valueEnd = block.count - (isRoot ? BTreeBuilder.footerLength : 0)
      guard keyStart <= valueEnd else {
        throw APFSError.malformedContainer(
          "\(node): its table of contents (\(tableLength) bytes at byte \(tableStart)) passes "
            + "the node's \(valueEnd) bytes")
      }
      let entryLength = isFixed ? 4 : 8
      guard count <= tableLength / entryLength else {
        throw APFSError.malformedContainer(
          "\(node): \(count) records, more than its table of contents of \(tableLength) bytes "
            + "holds")
      }
      let fixedValue = level == 0 ? 16 : 8
      var records: [(ArraySlice<UInt8>, ArraySlice<UInt8>)] = []
      records.reserveCapacity(count)
      for index in 0..<count {
        let entry = tableStart + index * entryLength
        let keyOffset = Int(try reader.getInteger(at: entry, as: UInt16.self))
        let keyLength = isFixed ? 16 : Int(try reader.getInteger(at: entry + 2, as: UInt16.self))
        let valueOffset = Int(
          try reader.getInteger(at: entry + (isFixed ? 2 : 4), as: UInt16.self))
        let valueLength =
          isFixed ? fixedValue : Int(try reader.getInteger(at: entry + 6, as: UInt16.self))
        guard keyStart + keyOffset + keyLength <= valueEnd, valueOffset <= valueEnd - keyStart,
          valueLength <= valueOffset
        else {
          throw APFSError.malformedContainer(
            "\(node): record \(index)'s key (\(keyLength) bytes at \(keyOffset)) or value "
              + "(\(valueLength) bytes at \(valueOffset) from the end) lies outside its areas")
        }
        records.append(
          (
            try reader.getBytes(at: keyStart + keyOffset, count: keyLength),
            try reader.getBytes(at: valueEnd - valueOffset, count: valueLength)
          ))
      }
      self.records = records
    } catch let error as APFSError {
      throw error
    } catch {
      throw .malformedContainer("\(node) is cut short")
    }
  }

  /// The little-endian 64-bit integer at the start of `bytes` (an index record's child, an
  /// object identifier); missing bytes count as zero.
  static func child(_ bytes: ArraySlice<UInt8>) -> UInt64 {
    bytes.prefix(8).reversed().reduce(0) { $0 << 8 | UInt64($1) }
  }
}
