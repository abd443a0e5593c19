import Foundation
import SystemSupport

/// Reads a UDIF image: its partitions, their chunks and checksums, and their bytes.
package final class DiskImageReader {
  /// A partition of the image.
  package struct Partition: Sendable {
    /// The blkx entry's ID (-1 for the MBR in GPT images).
    package let id: Int
    /// The name, such as `disk image (Apple_HFS : 4)`.
    package let name: String
    /// The block table.
    package let table: BLKXTable
  }

  /// How a partition's bytes compare with its checksum, as 7-Zip reports them.
  package enum PartitionStatus: Equatable, Sendable {
    /// The CRC-32 matches.
    case ok
    /// Every chunk decodes but the CRC-32 differs ("CRC Failed").
    case checksumMismatch(computed: UInt32)
    /// A chunk does not decode ("Data Error").
    case dataError(String)
  }

  /// The image's trailer.
  package let trailer: KolyTrailer
  /// The partitions, in order.
  package let partitions: [Partition]
  /// The license agreement shown before mounting, if the image has one.
  package let license: LicenseAgreement?
  private let descriptor: FileDescriptor
  /// Sees the stored bytes of each chunk ``check(_:)`` and ``decode(_:)`` read, with their offset
  /// in the file: how a verification digests the file in the same pass (``SequentialDigest``).
  package var storedBytesObserver: ((_ offset: Int64, _ bytes: [UInt8]) throws -> Void)?
  /// The image file's size.
  package let fileSize: Int64

  /// The most bytes one chunk may stand for: hdiutil writes 1 MiB, 64 MiB leaves room.
  static let maximumChunkBytes: Int64 = 64 << 20
  /// The most bytes a chunk may store: a stored (raw) chunk of the largest size, plus what a
  /// compressor adds to incompressible data.
  static let maximumStoredChunkBytes: Int64 = maximumChunkBytes + (1 << 20)
  /// The longest resource property list read: hdiutil's for a terabyte in 1 MiB chunks is
  /// about 60 MiB.
  static let maximumPlistBytes: Int64 = 256 << 20

  /// Opens the image at `path`.
  package init(path: String) throws {
    descriptor = try FileDescriptor.openForReading(path)
    do {
      let size = try descriptor.status().size
      fileSize = size
      guard size >= Int64(KolyTrailer.size) else {
        throw DiskImageError.notAnImage("\(path) has \(size) bytes")
      }
      let kolyOffset = size - Int64(KolyTrailer.size)
      do {
        trailer = try KolyTrailer(try descriptor.read(at: kolyOffset, count: KolyTrailer.size))
      } catch DiskImageError.notAnImage {
        throw DiskImageError.notAnImage(
          "the last 512 bytes of \(path) hold no koly trailer: the file is cut short (an "
            + "interrupted download or copy) or is not a .dmg")
      }
      // Subtractions, not sums: hostile offsets near Int64.max must not overflow.
      guard trailer.plistLength > 0, trailer.plistOffset <= size,
        trailer.plistLength <= size - trailer.plistOffset
      else {
        throw DiskImageError.malformed(
          "the koly trailer (at byte \(kolyOffset)) puts the resource property list at byte \(trailer.plistOffset), \(trailer.plistLength) bytes long, outside the file's \(size) bytes"
        )
      }
      guard trailer.plistLength <= Self.maximumPlistBytes else {
        throw DiskImageError.malformed(
          "the koly trailer (at byte \(kolyOffset)) gives the resource property list \(trailer.plistLength) bytes, more than the \(Self.maximumPlistBytes) read"
        )
      }
      guard
        trailer.codeSignatureLength == 0
          || (trailer.codeSignatureOffset <= size
            && trailer.codeSignatureLength <= size - trailer.codeSignatureOffset)
      else {
        throw DiskImageError.malformed(
          "the koly trailer (at byte \(kolyOffset)) puts the code signature at byte \(trailer.codeSignatureOffset), \(trailer.codeSignatureLength) bytes long, outside the file's \(size) bytes"
        )
      }
      let contents = try ResourceFork.contents(
        from: try descriptor.read(at: trailer.plistOffset, count: Int(trailer.plistLength)))
      let partitions = contents.partitions.map {
        Partition(id: $0.id, name: $0.name, table: $0.table)
      }
      try Self.checkStoredRangesAreDisjoint(partitions, fileSize: size)
      // Nothing may throw from here on: once every stored property is set, a throw would run
      // `deinit` as well as this `catch`, closing the descriptor twice (the second close could
      // hit a descriptor another thread has just opened under the same number).
      self.partitions = partitions
      license = contents.license
    } catch {
      descriptor.close()
      throw error
    }
  }

  deinit { descriptor.close() }

  /// Throws when two chunks store their data in overlapping bytes of the file, or past its end.
  ///
  /// hdiutil gives every chunk bytes of its own; a hostile image that points many chunks at the
  /// same compressed bytes would have every check decode them again and again (a small image
  /// expanding without end), so such an image is refused before anything is decoded.
  static func checkStoredRangesAreDisjoint(_ partitions: [Partition], fileSize: Int64)
    throws(DiskImageError)
  {
    var ranges: [(offset: Int64, length: Int64, place: String)] = []
    for partition in partitions {
      for (index, chunk) in partition.table.chunks.enumerated() where chunk.compressedLength > 0 {
        let place = "chunk \(index) of \(partition.name.debugDescription)"
        guard chunk.compressedOffset >= 0, chunk.compressedOffset <= fileSize,
          chunk.compressedLength <= fileSize - chunk.compressedOffset
        else {
          throw .malformed(
            "\(place) stores its data at byte \(chunk.compressedOffset), \(chunk.compressedLength) bytes long, outside the file's \(fileSize) bytes"
          )
        }
        ranges.append((chunk.compressedOffset, chunk.compressedLength, place))
      }
    }
    ranges.sort { $0.offset < $1.offset }
    for (previous, next) in zip(ranges, ranges.dropFirst())
    where next.offset < previous.offset + previous.length {
      throw .malformed(
        "\(next.place) stores its data at bytes \(next.offset)+\(next.length), inside the bytes of \(previous.place) (\(previous.offset)+\(previous.length)); chunks may not share stored bytes"
      )
    }
  }

  // MARK: - Checksums

  /// The CRC-32 over the partitions' stored CRC-32s, as the master checksum should be.
  package var computedMasterChecksum: UInt32 {
    var writer = ByteWriter()
    for partition in partitions { writer.writeInteger(partition.table.checksum) }
    return writer.bytes.withUnsafeBytes { ChunkCodec.crc32($0) }
  }

  /// Decodes every chunk of `partition` and compares the CRC-32 with the stored one.
  ///
  /// Zero-fill chunks are not decoded: their CRC-32 is combined from that of a run of zeros, so a
  /// table of many huge zero-fill chunks costs no memory and little time.
  package func check(_ partition: Partition) -> PartitionStatus {
    var crc: UInt32 = 0
    do {
      for chunk in partition.table.chunks where chunk.type != .ignore {
        if chunk.type == .zeroFill {
          try checkSectorCount(of: chunk)
          crc = ChunkCodec.crc32OfZeros(Int(chunk.sectorCount) * 512, continuing: crc)
          continue
        }
        let bytes = try decode(chunk)
        crc = bytes.withUnsafeBytes { ChunkCodec.crc32($0, continuing: crc) }
      }
    } catch {
      return .dataError("\(error)")
    }
    return crc == partition.table.checksum ? .ok : .checksumMismatch(computed: crc)
  }

  /// The bytes a chunk stands for.
  ///
  /// - Throws: ``DiskImageError`` naming the chunk by its first sector when its sector count or
  ///   stored length is past what a chunk holds or its data lies outside the file, and when its
  ///   data does not decode. Nothing is allocated before those checks.
  package func decode(_ chunk: BLKXChunk) throws -> [UInt8] {
    try checkSectorCount(of: chunk)
    guard chunk.compressedOffset <= fileSize,
      chunk.compressedLength <= fileSize - chunk.compressedOffset
    else {
      throw DiskImageError.malformed(
        "the chunk at sector \(chunk.firstSector) stores its data at byte \(chunk.compressedOffset), \(chunk.compressedLength) bytes long, outside the file's \(fileSize) bytes"
      )
    }
    guard chunk.compressedLength <= Self.maximumStoredChunkBytes else {
      throw DiskImageError.malformed(
        "the chunk at sector \(chunk.firstSector) stores \(chunk.compressedLength) bytes, more than a chunk of \(Self.maximumChunkBytes) bytes needs"
      )
    }
    let length = Int(chunk.sectorCount) * 512
    let stored: [UInt8] =
      chunk.compressedLength > 0
      ? try descriptor.read(at: chunk.compressedOffset, count: Int(chunk.compressedLength)) : []
    try storedBytesObserver?(chunk.compressedOffset, stored)
    return try ChunkCodec.decompress(stored, as: chunk.type, expectedLength: length)
  }

  /// Throws unless `chunk` stands for at most ``maximumChunkBytes``.
  private func checkSectorCount(of chunk: BLKXChunk) throws(DiskImageError) {
    // A division, not a product: a hostile count near Int64.max must not overflow.
    guard chunk.sectorCount <= Self.maximumChunkBytes / 512 else {
      throw .malformed(
        "the chunk at sector \(chunk.firstSector) claims \(chunk.sectorCount) sectors, more than the \(Self.maximumChunkBytes / 512) a chunk holds"
      )
    }
  }

  /// The first partition that holds an APFS container.
  package var apfsPartition: Partition? {
    partitions.first { $0.name.contains("Apple_APFS") }
  }

  /// The first partition that holds an HFS+ volume.
  package var hfsPartition: Partition? {
    partitions.first { $0.name.contains("Apple_HFS") }
      ?? partitions.max { $0.table.sectorCount < $1.table.sectorCount }
  }

  /// Random access to a partition's bytes, decoding chunks as they are needed.
  package func bytes(of partition: Partition) -> PartitionBytes {
    PartitionBytes(reader: self, table: partition.table)
  }
}

/// A partition's bytes, decoded chunk by chunk with a small cache.
package final class PartitionBytes: RandomAccessByteSource {
  private let reader: DiskImageReader
  private let table: BLKXTable
  private var cache: [Int: [UInt8]] = [:]
  private var order: [Int] = []

  init(reader: DiskImageReader, table: BLKXTable) {
    self.reader = reader
    self.table = table
  }

  /// The partition's length in bytes.
  package var length: Int64 { table.sectorCount * 512 }

  /// The bytes in `offset..<offset + count`, fewer past the end.
  package func read(at offset: Int64, count: Int) throws -> [UInt8] {
    var result: [UInt8] = []
    result.reserveCapacity(count)
    var position = offset
    let end = min(offset + Int64(count), length)
    while position < end {
      let sector = position / 512
      guard let index = table.chunks.lastIndex(where: { $0.firstSector <= sector }) else {
        throw DiskImageError.malformed("no chunk covers sector \(sector)")
      }
      let chunk = table.chunks[index]
      let bytes = try decoded(index, chunk)
      let start = Int(position - chunk.firstSector * 512)
      guard start < bytes.count else {
        throw DiskImageError.malformed("no chunk covers sector \(sector)")
      }
      let take = min(bytes.count - start, Int(end - position))
      result += bytes[start..<(start + take)]
      position += Int64(take)
    }
    return result
  }

  private func decoded(_ index: Int, _ chunk: BLKXChunk) throws -> [UInt8] {
    if let bytes = cache[index] { return bytes }
    let bytes = try reader.decode(chunk)
    cache[index] = bytes
    order.append(index)
    if order.count > 16 { cache[order.removeFirst()] = nil }
    return bytes
  }
}
