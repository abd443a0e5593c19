/// One block of a Bom being read: its number, where it starts in the file and its bytes, each
/// read checked against its length.
struct BomBlock {
  /// The block's number in the block table.
  let index: UInt32
  /// Where it starts in the file.
  let offset: Int64
  /// Its bytes.
  let bytes: ArraySlice<UInt8>

  /// The block's length.
  var count: Int { bytes.count }

  /// The big-endian integer at `position` in the block.
  ///
  /// - Throws: ``BomReaderError/Code/blockTooShort`` naming `what` when the block ends first.
  func integer<T: FixedWidthInteger & UnsignedInteger>(
    at position: Int, as type: T.Type = T.self, _ what: @autoclosure () -> String
  ) throws(BomReaderError) -> T {
    let size = MemoryLayout<T>.size
    guard position >= 0, position <= bytes.count - size else {
      throw tooShort(needing: position + size, for: what())
    }
    let start = bytes.startIndex + position
    return bytes[start..<start + size].reduce(T.zero) { $0 << 8 | T($1) }
  }

  /// The error of a block of ``count`` bytes that `what` needs `needed` of.
  func tooShort(needing needed: Int, for what: String) -> BomReaderError {
    BomReaderError(
      .blockTooShort, block: index, at: offset,
      "\(what) needs \(needed) bytes, the block has \(count)")
  }
}
