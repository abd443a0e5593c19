import Dispatch
import Foundation
package import SystemSupport
import ToolingSupport

/// Writes a UDIF disk image around a volume: hdiutil's GPT layout, 1 MiB chunks compressed in
/// parallel, the checksums, the resource plist and the `koly` trailer.
package struct DiskImageWriter: Sendable {
  /// The image format.
  package var format: ImageFormat
  /// The compression level (``ImageFormat/levels``: libdeflate 1–12, bzip2 1–9, xz 0–9).
  package var level: Int
  /// How many chunks are compressed at once; by default one per core.
  package var threads: Int
  /// Chunks per thread read ahead: memory is bounded by `threads × batchDepth × 2 MiB`.
  package var batchDepth = 4
  /// A license agreement the Finder shows before mounting.
  package var license: LicenseAgreement?

  /// The size of a chunk: 2048 sectors, as hdiutil uses.
  package static let chunkSectors = 2048

  /// Makes a writer.
  package init(
    format: ImageFormat, level: Int? = nil,
    threads: Int = ProcessInfo.processInfo.activeProcessorCount
  ) {
    self.format = format
    self.level = level ?? format.defaultLevel
    self.threads = max(1, threads)
  }

  /// What was written.
  package struct Summary: Sendable {
    /// The image's length in bytes.
    package var imageBytes: Int64
    /// The disk's length in sectors.
    package var sectors: Int64
    /// Chunks by type, over all partitions.
    package var chunkCounts: [ChunkType: Int]
    /// The master checksum.
    package var masterChecksum: UInt32
  }

  /// Writes the image of a volume of `volumeBytes` bytes read from `volume` to `output`.
  ///
  /// - Parameters:
  ///   - volume: The HFS+ volume's bytes, in order.
  ///   - volumeBytes: Its length, a multiple of 512.
  ///   - identifier: Seeds the disk and partition GUIDs.
  ///   - partitionType: The volume partition's type: `Apple_HFS` or `Apple_APFS`.
  ///   - output: Where to write, from its current position (normally an empty file).
  ///   - progress: Receives the volume bytes done so far, after each batch of chunks; what it
  ///     throws (such as a `CancellationError`) stops the writer there and is rethrown.
  /// - Returns: What was written.
  /// - Throws: ``DiskImageError`` or a system error when reading the volume or writing fails.
  package func write(
    volume: some SequentialByteSource,
    volumeBytes: Int64,
    identifier: UInt64,
    partitionType: PartitionType = .hfs,
    to output: FileDescriptor,
    progress: ((Int64) throws -> Void)? = nil
  ) throws -> Summary {
    var volume = volume
    let layout = GPTLayout(
      partitionBytes: volumeBytes, identifier: identifier, partitionType: partitionType)
    var sink = OutputSink(descriptor: output)
    var partitions: [ResourceFork.Partition] = []
    var counts: [ChunkType: Int] = [:]

    func addSmall(_ bytes: [UInt8], id: Int, name: String, firstSector: Int64) throws {
      let (table, chunkTypes) = try writeInMemoryPartition(
        bytes, firstSector: firstSector, descriptor: UInt32(id + 1), sink: &sink)
      for type in chunkTypes { counts[type, default: 0] += 1 }
      partitions.append(ResourceFork.Partition(id: id, name: name, table: table))
    }
    func addFree(id: Int, index: Int, firstSector: Int64, sectors: Int64) {
      let chunk = BLKXChunk(
        type: .ignore, firstSector: 0, sectorCount: sectors, compressedOffset: sink.offset,
        compressedLength: 0)
      counts[.ignore, default: 0] += 1
      let table = BLKXTable(
        firstSector: firstSector, sectorCount: sectors, blockDescriptor: UInt32(id + 1),
        checksum: 0, chunks: [chunk])
      partitions.append(
        ResourceFork.Partition(id: id, name: " (Apple_Free : \(index))", table: table))
    }

    try addSmall(
      layout.protectiveMBR, id: -1, name: "Protective Master Boot Record (MBR : 0)", firstSector: 0)
    try addSmall(
      layout.header(isBackup: false), id: 0, name: "GPT Header (Primary GPT Header : 1)",
      firstSector: 1)
    try addSmall(
      layout.partitionTable, id: 1, name: "GPT Partition Data (Primary GPT Table : 2)",
      firstSector: 2)
    addFree(id: 2, index: 3, firstSector: 34, sectors: 6)
    let (hfsTable, hfsTypes) = try writeVolumePartition(
      &volume, sectors: layout.partitionSectors, descriptor: 4, sink: &sink, progress: progress)
    for (type, count) in hfsTypes { counts[type, default: 0] += count }
    partitions.append(
      ResourceFork.Partition(
        id: 3, name: "disk image (\(partitionType.name) : 4)", table: hfsTable))
    if layout.trailingFreeSectors > 0 {
      addFree(
        id: 4, index: 5, firstSector: GPTLayout.partitionStart + layout.partitionSectors,
        sectors: layout.trailingFreeSectors)
    }
    let backupID = partitions.count - 1
    try addSmall(
      layout.partitionTable, id: backupID,
      name: "GPT Partition Data (Backup GPT Table : \(backupID + 1))",
      firstSector: layout.backupTableSector)
    try addSmall(
      layout.header(isBackup: true), id: backupID + 1,
      name: "GPT Header (Backup GPT Header : \(backupID + 2))", firstSector: layout.totalSectors - 1
    )

    var master = ByteWriter()
    for partition in partitions { master.writeInteger(partition.table.checksum) }
    let masterChecksum = master.bytes.withUnsafeBytes { ChunkCodec.crc32($0) }
    let plist = try ResourceFork.xml(partitions: partitions, license: license)
    let plistOffset = sink.offset
    try sink.write(plist)
    let trailer = KolyTrailer(
      dataForkLength: plistOffset, plistOffset: plistOffset, plistLength: Int64(plist.count),
      masterChecksum: masterChecksum, sectorCount: layout.totalSectors)
    try sink.write(trailer.bytes)
    return Summary(
      imageBytes: sink.offset, sectors: layout.totalSectors, chunkCounts: counts,
      masterChecksum: masterChecksum)
  }

  // MARK: - Partitions

  private func writeInMemoryPartition(
    _ bytes: [UInt8], firstSector: Int64, descriptor: UInt32, sink: inout OutputSink
  ) throws -> (BLKXTable, [ChunkType]) {
    let slot = UnsafeMutableRawBufferPointer.allocate(
      byteCount: ChunkCodec.compressedBound(bytes.count), alignment: 16)
    defer { slot.deallocate() }
    let encoded = bytes.withUnsafeBytes { encode($0, into: slot) }
    let chunk = BLKXChunk(
      type: encoded.type, firstSector: 0, sectorCount: Int64(bytes.count / GPTLayout.sectorSize),
      compressedOffset: sink.offset, compressedLength: Int64(encoded.length))
    switch encoded.type {
    case .zeroFill: break
    case .raw: try sink.write(bytes)
    default: try sink.write(UnsafeRawBufferPointer(rebasing: slot[0..<encoded.length]))
    }
    let table = BLKXTable(
      firstSector: firstSector, sectorCount: chunk.sectorCount, blockDescriptor: descriptor,
      checksum: encoded.crc,
      chunks: [chunk])
    return (table, [encoded.type])
  }

  private func writeVolumePartition(
    _ volume: inout some SequentialByteSource,
    sectors: Int64,
    descriptor: UInt32,
    sink: inout OutputSink,
    progress: ((Int64) throws -> Void)?
  ) throws -> (BLKXTable, [ChunkType: Int]) {
    let chunkBytes = Self.chunkSectors * GPTLayout.sectorSize
    let batchChunks = threads * batchDepth
    // Every buffer is allocated once: the batch's input, and one output slot per chunk.
    let buffer = UnsafeMutableRawBufferPointer.allocate(
      byteCount: batchChunks * chunkBytes, alignment: 64)
    defer { buffer.deallocate() }
    let slotSize = ChunkCodec.compressedBound(chunkBytes)
    let slots = UnsafeMutableRawBufferPointer.allocate(
      byteCount: batchChunks * slotSize, alignment: 64)
    defer { slots.deallocate() }
    let totalBytes = sectors * Int64(GPTLayout.sectorSize)
    var done: Int64 = 0
    var chunks: [BLKXChunk] = []
    var counts: [ChunkType: Int] = [:]
    var crc: UInt32 = 0
    while done < totalBytes {
      let wanted = Int(min(Int64(buffer.count), totalBytes - done))
      var filled = 0
      while filled < wanted {
        let count = try volume.read(
          into: UnsafeMutableRawBufferPointer(rebasing: buffer[filled..<wanted]))
        guard count > 0 else {
          throw DiskImageError.writeFailed(
            "the volume ended after \(done + Int64(filled)) of \(totalBytes) bytes")
        }
        filled += count
      }
      let pieces = (0..<((filled + chunkBytes - 1) / chunkBytes)).map { index in
        UnsafeRawBufferPointer(
          rebasing: buffer[(index * chunkBytes)..<min(filled, (index + 1) * chunkBytes)])
      }
      for (index, encoded) in encodeInParallel(pieces, slots: slots, slotSize: slotSize)
        .enumerated()
      {
        let piece = pieces[index]
        let stored: UnsafeRawBufferPointer =
          switch encoded.type {
          case .zeroFill: UnsafeRawBufferPointer(rebasing: piece[0..<0])
          case .raw: piece
          default:
            UnsafeRawBufferPointer(
              rebasing: slots[(index * slotSize)..<(index * slotSize + encoded.length)])
          }
        let chunk = BLKXChunk(
          type: encoded.type,
          firstSector: (done + Int64(index * chunkBytes)) / Int64(GPTLayout.sectorSize),
          sectorCount: Int64(piece.count / GPTLayout.sectorSize), compressedOffset: sink.offset,
          compressedLength: Int64(stored.count))
        try sink.write(stored)
        chunks.append(chunk)
        counts[encoded.type, default: 0] += 1
        crc = ChunkCodec.crc32Combine(crc, encoded.crc, secondLength: piece.count)
      }
      done += Int64(filled)
      try progress?(done)
    }
    let table = BLKXTable(
      firstSector: GPTLayout.partitionStart, sectorCount: sectors, blockDescriptor: descriptor,
      checksum: crc, chunks: chunks)
    return (table, counts)
  }

  // MARK: - Chunks

  /// How a chunk of the volume is stored: its type, the length written in its slot, its CRC.
  struct SlotChunk: Sendable {
    let type: ChunkType
    let length: Int
    let crc: UInt32
  }

  /// Compresses `pieces` with exactly `threads` workers, each taking the next chunk, into the
  /// chunks' output slots.
  private func encodeInParallel(
    _ pieces: [UnsafeRawBufferPointer],
    slots: UnsafeMutableRawBufferPointer,
    slotSize: Int
  ) -> [SlotChunk] {
    let results = UnsafeMutableBufferPointer<SlotChunk>.allocate(capacity: pieces.count)
    defer { results.deallocate() }
    nonisolated(unsafe) let shared = results
    nonisolated(unsafe) let inputs = pieces
    nonisolated(unsafe) let outputs = slots
    // The next chunk no worker has taken yet.
    let next = Locked(0)
    let writer = self
    DispatchQueue.concurrentPerform(iterations: min(threads, pieces.count)) { _ in
      while let index = next.withLock({ next -> Int? in
        guard next < inputs.count else { return nil }
        defer { next += 1 }
        return next
      }) {
        let slot = UnsafeMutableRawBufferPointer(
          rebasing: outputs[(index * slotSize)..<((index + 1) * slotSize)])
        shared.initializeElement(at: index, to: writer.encode(inputs[index], into: slot))
      }
    }
    return Array(results)
  }

  /// A chunk as stored in its slot: zero-fill, compressed when smaller, else raw (the input).
  func encode(_ bytes: UnsafeRawBufferPointer, into slot: UnsafeMutableRawBufferPointer)
    -> SlotChunk
  {
    let crc = ChunkCodec.crc32(bytes)
    if Self.isAllZeros(bytes) { return SlotChunk(type: .zeroFill, length: 0, crc: crc) }
    if format.chunkType != .raw,
      let length = ChunkCodec.compress(bytes, into: slot, as: format.chunkType, level: level)
    {
      return SlotChunk(type: format.chunkType, length: length, crc: crc)
    }
    return SlotChunk(type: .raw, length: bytes.count, crc: crc)
  }

  /// Whether every byte is zero: the first is, and every byte equals the next.
  static func isAllZeros(_ bytes: UnsafeRawBufferPointer) -> Bool {
    guard let base = bytes.baseAddress, !bytes.isEmpty else { return true }
    guard bytes[0] == 0 else { return false }
    return bytes.count == 1 || memcmp(base, base + 1, bytes.count - 1) == 0
  }
}

/// Writes the image sequentially and keeps count of the offset; what is written goes to disk
/// behind it (``WriteBehind``), so a multi-GiB image does not fill memory.
struct OutputSink {
  let descriptor: FileDescriptor
  private(set) var offset: Int64 = 0
  private var writeBehind = WriteBehind()

  init(descriptor: FileDescriptor) {
    self.descriptor = descriptor
  }

  mutating func write(_ bytes: [UInt8]) throws {
    try bytes.withUnsafeBytes { try write($0) }
  }

  mutating func write(_ bytes: UnsafeRawBufferPointer) throws {
    try descriptor.writeAll(bytes)
    offset += Int64(bytes.count)
    writeBehind.wrote(upTo: offset, in: descriptor)
  }
}
