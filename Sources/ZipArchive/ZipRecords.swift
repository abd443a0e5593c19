import SystemSupport

/// The byte layouts of the zip records the writer emits (APPNOTE.TXT 4.3.7, 4.3.12, 4.3.14–16,
/// 4.5.3 and Info-ZIP's extended timestamp), little-endian, built in memory: each is small.
enum ZipRecords {
  /// What the central directory keeps of one written entry.
  struct CentralEntry {
    var name: [UInt8]
    var method: UInt16
    var time: ZipDOSTime
    var modificationTime: Int64
    var crc: UInt32
    var compressedSize: UInt64
    var size: UInt64
    var localHeaderOffset: UInt64
    var externalAttributes: UInt32
  }

  /// Offsets of the fields a streamed entry fills in later, from its local header's start.
  enum LocalField {
    static let method: Int64 = 8
    static let crc: Int64 = 14
    static let compressedSize: Int64 = 18
    /// The compressed size inside the Zip64 extra field (after its size), when there is one.
    static func zip64CompressedSize(nameCount: Int) -> Int64 { 30 + Int64(nameCount) + 4 + 8 }
  }

  static let max32 = UInt64(ZipFormat.zip64Marker32)

  /// Info-ZIP's extended timestamp (0x5455) with the modification time alone: flag 1 and the
  /// time as a 32-bit count of seconds since 1970.
  static func extendedTimestamp(_ seconds: Int64) -> [UInt8] {
    var writer = ByteWriter(bigEndian: false)
    writer.writeInteger(UInt16(0x5455))
    writer.writeInteger(UInt16(5))
    writer.writeInteger(UInt8(1))
    writer.writeInteger(Int32(clamping: seconds))
    return writer.bytes
  }

  /// A local file header for an entry of `size` bytes whose CRC-32 and compressed size are
  /// filled in later (zeros now); with a Zip64 field when `size` needs one.
  static func localHeader(
    name: [UInt8], method: UInt16, time: ZipDOSTime, modificationTime: Int64, size: UInt64
  ) -> [UInt8] {
    let zip64 = size >= max32
    var writer = ByteWriter(bigEndian: false)
    writer.writeInteger(ZipFormat.localHeaderSignature)
    writer.writeInteger(zip64 ? ZipFormat.versionNeededZip64 : ZipFormat.versionNeededDefault)
    writer.writeInteger(ZipFormat.flagUTF8)
    writer.writeInteger(method)
    writer.writeInteger(time.time)
    writer.writeInteger(time.date)
    writer.writeInteger(UInt32(0))
    writer.writeInteger(zip64 ? ZipFormat.zip64Marker32 : 0)
    writer.writeInteger(zip64 ? ZipFormat.zip64Marker32 : UInt32(size))
    writer.writeInteger(UInt16(name.count))
    let timestamp = extendedTimestamp(modificationTime)
    writer.writeInteger(UInt16((zip64 ? 20 : 0) + timestamp.count))
    writer.writeBytes(name)
    if zip64 {
      writer.writeInteger(ZipFormat.zip64ExtraFieldID)
      writer.writeInteger(UInt16(16))
      writer.writeInteger(size)
      writer.writeInteger(UInt64(0))
    }
    writer.writeBytes(timestamp)
    return writer.bytes
  }

  /// The central directory header of `entry`, with a Zip64 field holding whichever of its size,
  /// compressed size and offset do not fit in 32 bits.
  static func centralHeader(_ entry: CentralEntry) -> [UInt8] {
    var zip64 = ByteWriter(bigEndian: false)
    if entry.size >= max32 { zip64.writeInteger(entry.size) }
    if entry.compressedSize >= max32 { zip64.writeInteger(entry.compressedSize) }
    if entry.localHeaderOffset >= max32 { zip64.writeInteger(entry.localHeaderOffset) }
    let timestamp = extendedTimestamp(entry.modificationTime)
    var writer = ByteWriter(bigEndian: false)
    writer.writeInteger(ZipFormat.centralHeaderSignature)
    writer.writeInteger(ZipFormat.versionMadeByUnix)
    writer.writeInteger(
      zip64.count > 0 ? ZipFormat.versionNeededZip64 : ZipFormat.versionNeededDefault)
    writer.writeInteger(ZipFormat.flagUTF8)
    writer.writeInteger(entry.method)
    writer.writeInteger(entry.time.time)
    writer.writeInteger(entry.time.date)
    writer.writeInteger(entry.crc)
    writer.writeInteger(UInt32(min(entry.compressedSize, max32)))
    writer.writeInteger(UInt32(min(entry.size, max32)))
    writer.writeInteger(UInt16(entry.name.count))
    writer.writeInteger(UInt16((zip64.count > 0 ? 4 + zip64.count : 0) + timestamp.count))
    writer.writeInteger(UInt16(0))  // comment
    writer.writeInteger(UInt16(0))  // disk number
    writer.writeInteger(UInt16(0))  // internal attributes
    writer.writeInteger(entry.externalAttributes)
    writer.writeInteger(UInt32(min(entry.localHeaderOffset, max32)))
    writer.writeBytes(entry.name)
    if zip64.count > 0 {
      writer.writeInteger(ZipFormat.zip64ExtraFieldID)
      writer.writeInteger(UInt16(zip64.count))
      writer.writeBytes(zip64.bytes)
    }
    writer.writeBytes(timestamp)
    return writer.bytes
  }

  /// The end of the archive: the Zip64 end record and its locator when the count, the
  /// directory's size or its offset need them, then the classic end record (with markers).
  static func end(count: UInt64, directoryOffset: UInt64, directorySize: UInt64) -> [UInt8] {
    let zip64 =
      count >= UInt64(ZipFormat.zip64Marker16) || directoryOffset >= max32
      || directorySize >= max32
    var writer = ByteWriter(bigEndian: false)
    if zip64 {
      let recordOffset = directoryOffset + directorySize
      writer.writeInteger(ZipFormat.zip64EndOfCentralDirectorySignature)
      writer.writeInteger(UInt64(44))
      writer.writeInteger(ZipFormat.versionMadeByUnix)
      writer.writeInteger(ZipFormat.versionNeededZip64)
      writer.writeInteger(UInt32(0))
      writer.writeInteger(UInt32(0))
      writer.writeInteger(count)
      writer.writeInteger(count)
      writer.writeInteger(directorySize)
      writer.writeInteger(directoryOffset)
      writer.writeInteger(ZipFormat.zip64LocatorSignature)
      writer.writeInteger(UInt32(0))
      writer.writeInteger(recordOffset)
      writer.writeInteger(UInt32(1))
    }
    let count16 = UInt16(min(count, UInt64(ZipFormat.zip64Marker16)))
    writer.writeInteger(ZipFormat.endOfCentralDirectorySignature)
    writer.writeInteger(UInt16(0))
    writer.writeInteger(UInt16(0))
    writer.writeInteger(count16)
    writer.writeInteger(count16)
    writer.writeInteger(UInt32(min(directorySize, max32)))
    writer.writeInteger(UInt32(min(directoryOffset, max32)))
    writer.writeInteger(UInt16(0))
    return writer.bytes
  }
}
