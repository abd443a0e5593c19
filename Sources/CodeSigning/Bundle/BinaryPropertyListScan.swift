/// A look at a binary property list's objects before Foundation parses it.
///
/// swift-corelibs-foundation's `PropertyListSerialization` crashes (a null dereference while
/// bridging `NSSet` to `Set<AnyHashable>`) on some binary property lists holding a set (object
/// marker `0xCn`), a type no seal has: found by `Fuzz/image-readers`' coderesources target.
enum BinaryPropertyListScan {
  /// The byte offset of the first set object of a binary property list (`bplist00`), or `nil`
  /// when it holds none, is not one, or its trailer or offset table is damaged (which Foundation
  /// then refuses on its own).
  static func firstSet(in bytes: [UInt8]) -> Int? {
    guard bytes.count >= 40, bytes.starts(with: Array("bplist".utf8)) else { return nil }
    func integer(at offset: Int, size: Int) -> Int? {
      guard size > 0, size <= 8, offset >= 0, offset <= bytes.count - size else { return nil }
      let value = bytes[offset..<(offset + size)].reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
      return Int(exactly: value)
    }
    let trailer = bytes.count - 32
    let offsetSize = Int(bytes[trailer + 6])
    guard let count = integer(at: trailer + 8, size: 8),
      let table = integer(at: trailer + 24, size: 8),
      count <= (trailer - table) / max(offsetSize, 1)
    else { return nil }
    for index in 0..<count {
      guard let object = integer(at: table + index * offsetSize, size: offsetSize),
        object < bytes.count
      else { return nil }
      if bytes[object] >> 4 == 0xC { return object }
    }
    return nil
  }
}
