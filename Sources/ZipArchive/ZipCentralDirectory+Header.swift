import SystemSupport

extension ZipCentralDirectory {
  /// Reads the central directory header at the cursor, with its name, its Zip64 fields and
  /// past its extra field and comment.
  static func readHeader(_ reader: inout ByteReader, index: Int, directoryOffset: Int64) throws
    -> ZipDirectoryEntry
  {
    let start = reader.offset
    let at = directoryOffset + Int64(start)
    let structure = "central directory header \(index)"
    guard reader.remaining >= headerSize else {
      throw ZipReaderError(structure, at: at, "runs past the central directory")
    }
    guard try reader.readInteger(as: UInt32.self) == ZipFormat.centralHeaderSignature else {
      throw ZipReaderError(structure, at: at, "no central directory header signature there")
    }
    let madeBy = try reader.readInteger(as: UInt16.self)
    try reader.skip(2)  // version needed
    let flags = try reader.readInteger(as: UInt16.self)
    let method = try reader.readInteger(as: UInt16.self)
    try reader.skip(4)  // time and date
    let crc = try reader.readInteger(as: UInt32.self)
    var compressed = Int64(try reader.readInteger(as: UInt32.self))
    var uncompressed = Int64(try reader.readInteger(as: UInt32.self))
    let nameLength = Int(try reader.readInteger(as: UInt16.self))
    let extraLength = Int(try reader.readInteger(as: UInt16.self))
    let commentLength = Int(try reader.readInteger(as: UInt16.self))
    var disk = UInt32(try reader.readInteger(as: UInt16.self))
    try reader.skip(2)  // internal attributes
    let external = try reader.readInteger(as: UInt32.self)
    var localOffset = Int64(try reader.readInteger(as: UInt32.self))
    guard nameLength + extraLength + commentLength <= reader.remaining else {
      throw ZipReaderError(
        structure, at: at, "its name, extra field and comment run past the central directory")
    }
    let nameBytes = try reader.readBytes(nameLength)
    guard let name = String(validating: nameBytes, as: UTF8.self), !name.isEmpty else {
      throw ZipReaderError(structure, at: at, "its name is empty or not UTF-8")
    }
    var extra = ByteReader(try reader.readBytes(extraLength), bigEndian: false)
    try reader.skip(commentLength)
    // The Zip64 field holds, in this order, each value whose 32- or 16-bit field is all ones.
    while extra.remaining >= 4 {
      let id = try extra.readInteger(as: UInt16.self)
      let length = Int(try extra.readInteger(as: UInt16.self))
      guard length <= extra.remaining else {
        throw ZipReaderError(structure, at: at, "extra field \(id) runs past the extra fields")
      }
      var field = ByteReader(try extra.readBytes(length), bigEndian: false)
      guard id == ZipFormat.zip64ExtraFieldID else { continue }
      do {
        if uncompressed == ZipFormat.zip64Marker32 { uncompressed = try field.readOffset() }
        if compressed == ZipFormat.zip64Marker32 { compressed = try field.readOffset() }
        if localOffset == ZipFormat.zip64Marker32 { localOffset = try field.readOffset() }
        if disk == ZipFormat.zip64Marker16 { disk = try field.readInteger(as: UInt32.self) }
      } catch {
        throw ZipReaderError(
          structure, at: at, "its Zip64 extra field is too short or holds a size past 2^63")
      }
    }
    guard disk == 0 else {
      throw ZipReaderError(structure, at: at, "its entry is on disk \(disk), not this one")
    }
    guard localOffset < directoryOffset else {
      throw ZipReaderError(
        structure, at: at,
        "its local header at byte \(localOffset) is not before the central directory")
    }
    return ZipDirectoryEntry(
      name: name, method: method, flags: flags, crc32: crc, compressedSize: compressed,
      uncompressedSize: uncompressed, localHeaderOffset: localOffset,
      hostSystem: UInt8(madeBy >> 8), externalAttributes: external, index: index)
  }
}
