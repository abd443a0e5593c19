import SystemSupport

/// The container's space manager (`spaceman_phys_t`) and the blocks it owns: chunk-info blocks,
/// one allocation bitmap per chunk in use, and the internal pool's bitmaps.
///
/// Apple File System Reference, "Space Manager": blocks are grouped in chunks of one bitmap
/// block's bits (32768 blocks of 4 KiB); chunk-info blocks describe up to 126 chunks each. The
/// bitmaps and chunk-info blocks live in the internal pool, whose own bitmap is kept in 16
/// copies. The layout follows newfs_apfs: the pool holds three blocks per chunk and chunk-info
/// block, its bitmaps come right before it, and in an image every block up to `usedEnd` is in
/// use and every block after it free. Containers needing chunk-info address blocks (over 7 TiB)
/// are not laid out.
struct SpaceManager {
  let blockSize: Int
  let totalBlocks: Int64
  /// Blocks `0..<usedEnd` are in use, the rest free.
  let usedEnd: Int64
  /// Where the internal pool's 16 bitmap copies start; the pool follows them.
  let poolBitmapBase: Int64

  var blocksPerChunk: Int64 { Int64(blockSize) * 8 }
  var chunksPerInfoBlock: Int { (blockSize - 40) / 32 }
  var chunkCount: Int64 { (totalBlocks + blocksPerChunk - 1) / blocksPerChunk }
  var infoBlockCount: Int64 {
    (chunkCount + Int64(chunksPerInfoBlock) - 1) / Int64(chunksPerInfoBlock)
  }
  /// Chunks holding at least one used block: these have a bitmap block.
  var usedChunkCount: Int64 { (usedEnd + blocksPerChunk - 1) / blocksPerChunk }
  /// The internal pool's size, as newfs_apfs sizes it.
  var poolBlocks: Int64 { (chunkCount + infoBlockCount) * 3 }
  /// Blocks of one copy of the pool's bitmap.
  var poolBitmapSize: Int64 { (poolBlocks + blocksPerChunk - 1) / blocksPerChunk }
  var poolBitmapBlocks: Int64 { 16 * poolBitmapSize }
  var poolBase: Int64 { poolBitmapBase + poolBitmapBlocks }
  /// The first chunk bitmap, then the chunk-info blocks, at the start of the pool.
  var firstChunkBitmap: Int64 { poolBase }
  var firstInfoBlock: Int64 { poolBase + usedChunkCount }

  /// Where the transaction of each pool bitmap is kept, in a container that is not versioned.
  static let bitmapTransactionOffset = 0x150
  var bitmapOffsetOffset: Int { Self.bitmapTransactionOffset + 8 * Int(poolBitmapSize) }
  var freeNextOffset: Int { bitmapOffsetOffset + (2 * Int(poolBitmapSize) + 7) / 8 * 8 }
  var infoAddressOffset: Int { freeNextOffset + 2 * Int(poolBitmapBlocks) }

  /// The space manager's size in blocks.
  var objectBlocks: Int {
    (infoAddressOffset + 8 * Int(infoBlockCount) + blockSize - 1) / blockSize
  }

  /// The largest container laid out: one chunk-info address block's worth of chunks would be
  /// the next step.
  var fitsWithoutAddressBlocks: Bool { infoBlockCount <= Int64((blockSize - 40) / 8) }

  // MARK: - Objects

  /// The space manager object, with identifier `oid`, and its free queues' identifiers.
  func object(oid: UInt64, poolQueue: UInt64, mainQueue: UInt64) -> [UInt8] {
    var writer = ByteWriter(bigEndian: false, capacity: objectBlocks * blockSize)
    ObjectHeader(oid: oid, type: ObjectHeader.ephemeral | ObjectHeader.spaceManager)
      .write(into: &writer)
    writer.writeInteger(UInt32(blockSize))
    writer.writeInteger(UInt32(blocksPerChunk))
    writer.writeInteger(UInt32(chunksPerInfoBlock))
    writer.writeInteger(UInt32((blockSize - 40) / 8))  // chunk-info blocks per address block
    // The main device, then the absent tier-2 device.
    writer.writeInteger(UInt64(totalBlocks))
    writer.writeInteger(UInt64(chunkCount))
    writer.writeInteger(UInt32(infoBlockCount))
    writer.writeInteger(UInt32(0))  // no chunk-info address blocks
    writer.writeInteger(UInt64(totalBlocks - usedEnd))
    writer.writeInteger(UInt32(infoAddressOffset))
    writer.writeZeros(12)
    writer.writeZeros(32)
    writer.writeInteger(UInt32(infoAddressOffset + 8 * Int(infoBlockCount)))
    writer.writeZeros(12)
    writer.writeInteger(UInt32(0))  // flags: not versioned
    writer.writeInteger(UInt32(16))  // SPACEMAN_IP_BM_TX_MULTIPLIER
    writer.writeInteger(UInt64(poolBlocks))
    writer.writeInteger(UInt32(poolBitmapSize))
    writer.writeInteger(UInt32(poolBitmapBlocks))
    writer.writeInteger(UInt64(poolBitmapBase))
    writer.writeInteger(UInt64(poolBase))
    writer.writeZeros(16)  // file-system reserves
    // The free queues: internal pool, main device, tier 2.
    let queues: [(UInt64, UInt16)] = [
      (poolQueue, Self.poolQueueNodeLimit(chunks: chunkCount)),
      (mainQueue, Self.mainQueueNodeLimit(blocks: totalBlocks)), (0, 0),
    ]
    for (queue, limit) in queues {
      writer.writeInteger(UInt64(0))
      writer.writeInteger(queue)
      writer.writeInteger(UInt64(0))
      writer.writeInteger(limit)
      writer.writeZeros(14)
    }
    writer.writeInteger(UInt16(poolBitmapSize))  // free head: the first copy not in use
    writer.writeInteger(UInt16(poolBitmapBlocks - 1))  // free tail
    writer.writeInteger(UInt32(Self.bitmapTransactionOffset))
    writer.writeInteger(UInt32(bitmapOffsetOffset))
    writer.writeInteger(UInt32(freeNextOffset))
    writer.writeZeros(Self.bitmapTransactionOffset - writer.count)
    for _ in 0..<poolBitmapSize { writer.writeInteger(ObjectHeader.transaction) }
    for index in 0..<poolBitmapSize { writer.writeInteger(UInt16(index)) }
    writer.writeZeros(freeNextOffset - writer.count)
    // The free copies form a list; the ones in use, and the tail, are 0xFFFF.
    for index in 0..<poolBitmapBlocks {
      let isFree = index >= poolBitmapSize && index < poolBitmapBlocks - 1
      writer.writeInteger(isFree ? UInt16(index + 1) : 0xFFFF)
    }
    for index in 0..<infoBlockCount { writer.writeInteger(UInt64(firstInfoBlock + index)) }
    writer.writeZeros(objectBlocks * blockSize - writer.count)
    var bytes = writer.bytes
    Fletcher64.seal(&bytes)
    return bytes
  }

  /// The chunk-info blocks, in order.
  func infoBlocks() -> [UInt8] {
    var blocks: [UInt8] = []
    for index in 0..<infoBlockCount {
      let address = firstInfoBlock + index
      var writer = ByteWriter(bigEndian: false, capacity: blockSize)
      ObjectHeader(
        oid: UInt64(address), type: ObjectHeader.physical | ObjectHeader.chunkInfoBlock
      ).write(into: &writer)
      let first = index * Int64(chunksPerInfoBlock)
      let chunks = first..<min(chunkCount, first + Int64(chunksPerInfoBlock))
      writer.writeInteger(UInt32(index))
      writer.writeInteger(UInt32(chunks.count))
      for chunk in chunks {
        let start = chunk * blocksPerChunk
        let count = min(blocksPerChunk, totalBlocks - start)
        let used = max(0, min(usedEnd, start + count) - start)
        writer.writeInteger(ObjectHeader.transaction)
        writer.writeInteger(UInt64(start))
        writer.writeInteger(UInt32(count))
        writer.writeInteger(UInt32(count - used))
        writer.writeInteger(UInt64(used > 0 ? firstChunkBitmap + chunk : 0))
      }
      writer.writeZeros(blockSize - writer.count)
      var bytes = writer.bytes
      Fletcher64.seal(&bytes)
      blocks += bytes
    }
    return blocks
  }

  /// The bitmaps of the chunks in use: bit `n % 8` of byte `n / 8` for block `n`.
  func chunkBitmaps() -> [UInt8] {
    Self.bitmap(blocks: Int(usedChunkCount) * blockSize, used: usedEnd)
  }

  /// The internal pool's 16 bitmap copies: the first marks the chunk bitmaps and chunk-info
  /// blocks, the others are unused and zero.
  func poolBitmaps() -> [UInt8] {
    Self.bitmap(
      blocks: Int(poolBitmapBlocks) * blockSize, used: usedChunkCount + infoBlockCount)
  }

  /// `byteCount` bytes with the first `used` bits set, least significant bit first.
  static func bitmap(blocks byteCount: Int, used: Int64) -> [UInt8] {
    var bytes = [UInt8](repeating: 0, count: byteCount)
    let full = Int(used / 8)
    for index in 0..<full { bytes[index] = 0xFF }
    if used % 8 != 0 { bytes[full] = UInt8((1 << (used % 8)) - 1) }
    return bytes
  }

  // MARK: - Free queue limits (as apfsprogs computes them)

  static func poolQueueNodeLimit(chunks: Int64) -> UInt16 {
    let limit = UInt16(truncatingIfNeeded: 3 * (chunks + 751) / 1127 - 1)
    return limit == 2 ? 3 : limit
  }

  static func mainQueueNodeLimit(blocks: Int64) -> UInt16 {
    let limit: Int64 =
      blocks < 0x40000
      ? 1 + (blocks - 1) / 4544 : blocks < 0x100000 ? 116 + (blocks - 261_281) / 2272 : 512
    return limit == 2 ? 3 : UInt16(limit)
  }
}
