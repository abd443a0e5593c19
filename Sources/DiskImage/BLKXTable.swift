import SystemSupport

/// One entry of a `mish` table: where a run of sectors is stored and how.
package struct BLKXChunk: Sendable, Equatable {
  /// How the run is stored.
  package var type: ChunkType
  /// A value hdiutil writes and readers ignore.
  package var comment: UInt32 = 0
  /// The first sector, relative to the table's partition.
  package var firstSector: Int64
  /// The number of sectors.
  package var sectorCount: Int64
  /// Where the stored bytes start in the file.
  package var compressedOffset: Int64
  /// How many bytes are stored.
  package var compressedLength: Int64
}

/// A partition's block table (`mish`, the `BLKXTable` of the UDIF format): where its sectors
/// are, and the CRC-32 of its uncompressed bytes.
package struct BLKXTable: Sendable, Equatable {
  /// The partition's first sector on the disk.
  package var firstSector: Int64
  /// The partition's length in sectors.
  package var sectorCount: Int64
  /// The partition's index plus one, as hdiutil writes it in GPT images.
  package var blockDescriptor: UInt32
  /// The CRC-32 of the partition's bytes, `ignore` chunks left out.
  package var checksum: UInt32
  /// The chunks, in order, without the terminator.
  package var chunks: [BLKXChunk]

  /// hdiutil's `BuffersNeeded` for 1 MiB chunks: 2048 sectors plus 8.
  static let buffersNeeded: UInt32 = 2056

  /// The table as stored: a 204-byte header, then 40 bytes per chunk and the terminator.
  package var bytes: [UInt8] {
    var writer = ByteWriter(capacity: 204 + 40 * (chunks.count + 1))
    writer.writeBytes(Array("mish".utf8))
    writer.writeInteger(UInt32(1))
    writer.writeInteger(UInt64(firstSector))
    writer.writeInteger(UInt64(sectorCount))
    writer.writeInteger(UInt64(0))  // data offset
    writer.writeInteger(Self.buffersNeeded)
    writer.writeInteger(blockDescriptor)
    writer.writeZeros(24)
    writer.writeInteger(UInt32(2))  // CRC-32
    writer.writeInteger(UInt32(32))
    writer.writeInteger(checksum)
    writer.writeZeros(124)
    writer.writeInteger(UInt32(chunks.count + 1))
    let terminator = BLKXChunk(
      type: .terminator, firstSector: sectorCount, sectorCount: 0, compressedOffset: 0,
      compressedLength: 0)
    for chunk in chunks + [terminator] {
      writer.writeInteger(chunk.type.rawValue)
      writer.writeInteger(chunk.comment)
      writer.writeInteger(UInt64(chunk.firstSector))
      writer.writeInteger(UInt64(chunk.sectorCount))
      writer.writeInteger(UInt64(chunk.compressedOffset))
      writer.writeInteger(UInt64(chunk.compressedLength))
    }
    return writer.bytes
  }

  /// Reads a table.
  package init(_ bytes: some Collection<UInt8>) throws(DiskImageError) {
    do {
      var reader = ByteReader(bytes)
      guard try reader.readBytes(4).elementsEqual("mish".utf8) else {
        throw DiskImageError.malformed("a blkx entry lacks its mish signature")
      }
      try reader.skip(4)
      firstSector = try reader.readOffset()
      sectorCount = try reader.readOffset()
      try Self.checkSectors(firstSector, sectorCount, of: "the mish table's header")
      try reader.skip(12)
      blockDescriptor = try reader.readInteger()
      try reader.moveTo(72)
      checksum = try reader.readInteger()
      try reader.moveTo(200)
      let count = Int(try reader.readInteger(as: UInt32.self))
      guard count <= reader.remaining / 40 else {
        throw DiskImageError.malformed(
          "a mish table claims \(count) chunks at byte 200, but holds room for \(reader.remaining / 40)"
        )
      }
      var chunks: [BLKXChunk] = []
      for index in 0..<count {
        let entryOffset = reader.offset
        let rawType = try reader.readInteger(as: UInt32.self)
        let comment = try reader.readInteger(as: UInt32.self)
        let first = try reader.readOffset()
        let sectors = try reader.readOffset()
        let offset = try reader.readOffset()
        let length = try reader.readOffset()
        guard let type = ChunkType(rawValue: rawType) else {
          throw DiskImageError.unsupportedChunk(
            "type 0x" + String(rawType, radix: 16, uppercase: true))
        }
        try Self.checkSectors(
          first, sectors, of: "the mish table's chunk \(index) (at byte \(entryOffset))")
        if type == .terminator { break }
        if type == .comment { continue }
        chunks.append(
          BLKXChunk(
            type: type, comment: comment, firstSector: first, sectorCount: sectors,
            compressedOffset: offset, compressedLength: length))
      }
      self.chunks = chunks
    } catch let error as DiskImageError {
      throw error
    } catch {
      throw .malformed("a blkx table is truncated: \(error)")
    }
  }

  /// The most sectors a table's field may hold: their byte offsets (×512) stay far inside
  /// `Int64`, so no reader's arithmetic on them can overflow.
  static let maximumSectors: Int64 = 1 << 48

  /// Throws unless a first sector and a sector count are both at most ``maximumSectors``.
  private static func checkSectors(_ first: Int64, _ count: Int64, of structure: String)
    throws(DiskImageError)
  {
    guard first <= maximumSectors, count <= maximumSectors else {
      throw .malformed(
        "\(structure) claims \(count) sectors from sector \(first), past the \(maximumSectors) a disk can have"
      )
    }
  }

  /// Makes a table.
  package init(
    firstSector: Int64, sectorCount: Int64, blockDescriptor: UInt32, checksum: UInt32,
    chunks: [BLKXChunk]
  ) {
    self.firstSector = firstSector
    self.sectorCount = sectorCount
    self.blockDescriptor = blockDescriptor
    self.checksum = checksum
    self.chunks = chunks
  }
}
