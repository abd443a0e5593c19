import SystemSupport

/// The 512-byte `koly` trailer at the end of every UDIF image.
package struct KolyTrailer: Sendable, Equatable {
  /// The trailer's size.
  package static let size = 512

  /// The data fork's length (it starts at 0).
  package var dataForkLength: Int64
  /// Where the XML plist starts.
  package var plistOffset: Int64
  /// The plist's length.
  package var plistLength: Int64
  /// Where an embedded code signature starts (0 when unsigned).
  package var codeSignatureOffset: Int64 = 0
  /// The code signature's length.
  package var codeSignatureLength: Int64 = 0
  /// The master checksum: CRC-32 over the partitions' CRC-32s.
  package var masterChecksum: UInt32
  /// The disk's length in sectors.
  package var sectorCount: Int64

  /// The trailer as hdiutil writes it: flags 1 (flattened), no segments, no data-fork checksum,
  /// image variant 1 (a disk with a partition map).
  package var bytes: [UInt8] {
    var writer = ByteWriter(capacity: Self.size)
    writer.writeBytes(Array("koly".utf8))
    writer.writeInteger(UInt32(4))  // version
    writer.writeInteger(UInt32(Self.size))
    writer.writeInteger(UInt32(1))  // flags
    writer.writeInteger(UInt64(0))  // running data fork offset
    writer.writeInteger(UInt64(0))  // data fork offset
    writer.writeInteger(UInt64(dataForkLength))
    writer.writeInteger(UInt64(0))  // resource fork offset
    writer.writeInteger(UInt64(0))  // resource fork length
    writer.writeInteger(UInt32(0))  // segment number
    writer.writeInteger(UInt32(0))  // segment count
    writer.writeZeros(16)  // segment ID
    writer.writeInteger(UInt32(0))  // data fork checksum type: none
    writer.writeInteger(UInt32(0))
    writer.writeZeros(128)
    writer.writeInteger(UInt64(plistOffset))
    writer.writeInteger(UInt64(plistLength))
    writer.writeZeros(64)
    writer.writeInteger(UInt64(codeSignatureOffset))
    writer.writeInteger(UInt64(codeSignatureLength))
    writer.writeZeros(40)
    writer.writeInteger(UInt32(2))  // master checksum: CRC-32
    writer.writeInteger(UInt32(32))
    writer.writeInteger(masterChecksum)
    writer.writeZeros(124)
    writer.writeInteger(UInt32(1))  // image variant
    writer.writeInteger(UInt64(sectorCount))
    writer.writeZeros(12)
    return writer.bytes
  }

  /// Makes a trailer.
  package init(
    dataForkLength: Int64, plistOffset: Int64, plistLength: Int64, masterChecksum: UInt32,
    sectorCount: Int64
  ) {
    self.dataForkLength = dataForkLength
    self.plistOffset = plistOffset
    self.plistLength = plistLength
    self.masterChecksum = masterChecksum
    self.sectorCount = sectorCount
  }

  /// Reads a trailer.
  package init(_ bytes: [UInt8]) throws(DiskImageError) {
    let reader = ByteReader(bytes)
    do {
      guard bytes.count == Self.size,
        try reader.getBytes(at: 0, count: 4).elementsEqual("koly".utf8)
      else {
        throw DiskImageError.notAnImage("no koly trailer in the last 512 bytes")
      }
      dataForkLength = try reader.getOffset(at: 32)
      plistOffset = try reader.getOffset(at: 216)
      plistLength = try reader.getOffset(at: 224)
      codeSignatureOffset = try reader.getOffset(at: 296)
      codeSignatureLength = try reader.getOffset(at: 304)
      masterChecksum = try reader.getInteger(at: 360)
      sectorCount = try reader.getOffset(at: 492)
    } catch let error as DiskImageError {
      throw error
    } catch {
      throw .malformed("\(error)")
    }
  }
}
