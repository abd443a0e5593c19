import SystemSupport

/// The central directory of a zip archive, found through its end records and read entry by
/// entry, every field checked against the file before it is used.
struct ZipCentralDirectory {
  /// Where the central directory starts.
  let offset: Int64
  /// Its entries, in order.
  let entries: [ZipDirectoryEntry]

  /// The fixed part of a central directory header.
  static let headerSize = 46
  /// The end of central directory record without its comment.
  static let endRecordSize = 22
  /// The Zip64 end of central directory locator.
  static let locatorSize = 20
  /// The fixed part of the Zip64 end of central directory record.
  static let zip64EndRecordSize = 56

  init(source: any RandomAccessByteSource, size: Int64) throws {
    guard size >= Int64(Self.endRecordSize) else {
      throw ZipReaderError(
        "archive", at: 0, "has \(size) bytes, fewer than an end of central directory record")
    }
    // The record is the last thing in the file but for a comment of at most 65,535 bytes.
    let tailStart = max(0, size - Int64(Self.endRecordSize) - 0xFFFF)
    let tail = try source.read(at: tailStart, count: Int(size - tailStart))
    let endOffset = try Self.endRecordOffset(in: tail, start: tailStart, size: size)
    let end = ByteReader(tail[Int(endOffset - tailStart)...], bigEndian: false)
    let structure = "end of central directory record"
    guard try end.getInteger(at: 4, as: UInt16.self) == 0,
      try end.getInteger(at: 6, as: UInt16.self) == 0
    else { throw ZipReaderError(structure, at: endOffset, "the archive spans several disks") }
    var count = Int64(try end.getInteger(at: 10, as: UInt16.self))
    var directorySize = Int64(try end.getInteger(at: 12, as: UInt32.self))
    var directoryOffset = Int64(try end.getInteger(at: 16, as: UInt32.self))
    var directoryEnd = endOffset
    if endOffset >= Int64(Self.locatorSize),
      let zip64 = try Self.zip64Record(source: source, before: endOffset)
    {
      (count, directorySize, directoryOffset, directoryEnd) = zip64
    }
    guard directoryOffset <= directoryEnd, directorySize <= directoryEnd - directoryOffset else {
      throw ZipReaderError(
        structure, at: endOffset,
        "its central directory (\(directorySize) bytes at byte \(directoryOffset)) runs past "
          + "byte \(directoryEnd)")
    }
    guard directorySize <= ZipReader.maximumCentralDirectoryBytes else {
      throw ZipReaderError(
        structure, at: endOffset,
        "its central directory has \(directorySize) bytes, more than the "
          + "\(ZipReader.maximumCentralDirectoryBytes) read")
    }
    guard count <= directorySize / Int64(Self.headerSize) else {
      throw ZipReaderError(
        structure, at: endOffset,
        "claims \(count) entries, more than \(directorySize) bytes of central directory hold")
    }
    let bytes = try source.read(at: directoryOffset, count: Int(directorySize))
    guard bytes.count == directorySize else {
      throw ZipReaderError("central directory", at: directoryOffset, "ends early")
    }
    var reader = ByteReader(bytes, bigEndian: false)
    var entries: [ZipDirectoryEntry] = []
    entries.reserveCapacity(Int(count))
    for index in 0..<Int(count) {
      entries.append(
        try Self.readHeader(&reader, index: index, directoryOffset: directoryOffset))
    }
    self.offset = directoryOffset
    self.entries = entries
  }

  /// The offset of the last end of central directory record whose comment ends at the file's
  /// end.
  static func endRecordOffset(in tail: [UInt8], start: Int64, size: Int64) throws -> Int64 {
    let reader = ByteReader(tail, bigEndian: false)
    var position = tail.count - endRecordSize
    while position >= 0 {
      if try reader.getInteger(at: position, as: UInt32.self)
        == ZipFormat.endOfCentralDirectorySignature,
        Int(try reader.getInteger(at: position + 20, as: UInt16.self))
          == tail.count - position - endRecordSize
      {
        return start + Int64(position)
      }
      position -= 1
    }
    throw ZipReaderError(
      "archive", at: start, "no end of central directory record in its last \(tail.count) bytes")
  }

  /// The entry count, central directory size and offset from the Zip64 end record, and where
  /// that record starts (the central directory ends before it), when a locator precedes the
  /// end of central directory record at `endOffset`.
  static func zip64Record(source: any RandomAccessByteSource, before endOffset: Int64) throws
    -> (Int64, Int64, Int64, Int64)?
  {
    let locatorOffset = endOffset - Int64(locatorSize)
    let locator = ByteReader(
      try source.read(at: locatorOffset, count: locatorSize), bigEndian: false)
    guard try locator.getInteger(at: 0, as: UInt32.self) == ZipFormat.zip64LocatorSignature
    else { return nil }
    let structure = "Zip64 end of central directory locator"
    let recordOffset: Int64
    do {
      recordOffset = try locator.getOffset(at: 8)
    } catch {
      throw ZipReaderError(structure, at: locatorOffset, "its record offset is past 2^63")
    }
    guard try locator.getInteger(at: 16, as: UInt32.self) <= 1 else {
      throw ZipReaderError(structure, at: locatorOffset, "the archive spans several disks")
    }
    guard recordOffset <= locatorOffset - Int64(zip64EndRecordSize) else {
      throw ZipReaderError(
        structure, at: locatorOffset,
        "its record at byte \(recordOffset) does not fit before the locator")
    }
    let record = ByteReader(
      try source.read(at: recordOffset, count: zip64EndRecordSize), bigEndian: false)
    let recordName = "Zip64 end of central directory record"
    guard
      try record.getInteger(at: 0, as: UInt32.self)
        == ZipFormat.zip64EndOfCentralDirectorySignature
    else { throw ZipReaderError(recordName, at: recordOffset, "no signature there") }
    do {
      return (
        try record.getOffset(at: 32), try record.getOffset(at: 40), try record.getOffset(at: 48),
        recordOffset
      )
    } catch {
      throw ZipReaderError(recordName, at: recordOffset, "a count or offset is past 2^63")
    }
  }
}
