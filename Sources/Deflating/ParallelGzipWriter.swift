import CZlib
import Dispatch
import Foundation
import SystemSupport

/// One gzip member (RFC 1952) compressed on several threads, as pigz makes one.
///
/// The input is cut into blocks of ``blockSize`` bytes, whatever the thread count. Each block
/// becomes a piece of one deflate stream of its own: primed with the 32 KiB of input before it
/// (`deflateSetDictionary`), so it compresses as if the stream had gone on, and ended by a sync
/// flush (an empty stored block, so the next piece starts on a byte), the last one by the final
/// block. The pieces one after another are one deflate stream; the member's CRC-32 is the
/// blocks' CRCs combined (`crc32_combine`). A batch of `threads × 4` blocks is compressed at a
/// time and written in order, so memory stays bounded by two batches' worth, and the bytes
/// depend on the input, the level and the block size only: the same input gives the same member
/// on any machine.
///
/// ```swift
/// let writer = try ParallelGzipWriter(level: 6) { piece in try output.writeAll(piece) }
/// try writer.write(bytes)
/// try writer.finish()
/// ```
package final class ParallelGzipWriter {
  /// The input each block holds: 1 MiB.
  package static let blockSize = 1 << 20
  /// The input before a block that primes its compression: deflate's whole window.
  static let dictionarySize = 32 << 10
  /// Blocks per thread compressed at a time.
  static let batchDepth = 4

  private let level: Int32
  private let threads: Int
  private let emit: (UnsafeRawBufferPointer) throws -> Void
  /// The input of the batch being filled.
  private var pending: [UInt8] = []
  /// The last input of the batch before, the next block's dictionary.
  private var dictionary: [UInt8] = []
  private var crc = crc32(0, nil, 0)
  private var length: UInt64 = 0
  private var started = false

  /// A writer handing the member's bytes to `emit`, compressing at zlib `level` (1–9) on
  /// `threads` threads.
  package init(
    level: Int32, threads: Int = ProcessInfo.processInfo.activeProcessorCount,
    emit: @escaping (UnsafeRawBufferPointer) throws -> Void
  ) {
    self.level = level
    self.threads = max(1, threads)
    self.emit = emit
    pending.reserveCapacity(Self.blockSize * self.threads * Self.batchDepth)
  }

  /// Takes the next bytes of the input.
  ///
  /// - Throws: ``DeflateError``, or what `emit` throws.
  package func write(_ bytes: UnsafeRawBufferPointer) throws {
    let batch = Self.blockSize * threads * Self.batchDepth
    var rest = bytes[...]
    while !rest.isEmpty {
      // A full batch waits for more input: the last block of all must end the stream.
      if pending.count == batch { try flush(last: false) }
      let taken = rest.prefix(batch - pending.count)
      pending.append(contentsOf: taken)
      rest = rest.dropFirst(taken.count)
    }
  }

  /// Compresses what is left, ending the stream, and writes the member's trailer.
  ///
  /// - Throws: ``DeflateError``, or what `emit` throws.
  package func finish() throws {
    try flush(last: true)
    var trailer: [UInt8] = []
    for value in [UInt32(truncatingIfNeeded: crc), UInt32(truncatingIfNeeded: length)] {
      trailer += (0..<4).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) }
    }
    try trailer.withUnsafeBytes { try emit($0) }
  }

  // MARK: - Batches

  /// Compresses the pending batch, its blocks at once, and emits them in order.
  private func flush(last: Bool) throws {
    if !started {
      // ID, deflate, no flags, no time, no extra flags, Unix: what zlib's gzip wrapper writes.
      let header: [UInt8] = [0x1F, 0x8B, 8, 0, 0, 0, 0, 0, 0, 3]
      try header.withUnsafeBytes { try emit($0) }
      started = true
    }
    let count = max(1, (pending.count + Self.blockSize - 1) / Self.blockSize)
    let results = try compress(count: count, last: last)
    for result in results {
      try result.output.withUnsafeBytes { try emit($0) }
      crc = crc32_combine(crc, result.crc, off_t(result.length))
      length += UInt64(result.length)
    }
    dictionary = Array(pending.suffix(Self.dictionarySize))
    pending.removeAll(keepingCapacity: true)
  }

  /// A block compressed: its deflate piece, and the CRC-32 and length of its input.
  private struct Block: Sendable {
    var output: [UInt8] = []
    var crc: UInt = 0
    var length = 0
    var failure: DeflateError?
  }

  /// The pending input's `count` blocks compressed, on up to ``threads`` threads.
  private func compress(count: Int, last: Bool) throws -> [Block] {
    let input = pending
    let before = dictionary
    let level = level
    let blocks = Locked([Block](repeating: Block(), count: count))
    let next = Locked(0)
    DispatchQueue.concurrentPerform(iterations: min(threads, count)) { _ in
      while let index = next.withLock({ next -> Int? in
        guard next < count else { return nil }
        defer { next += 1 }
        return next
      }) {
        let start = index * Self.blockSize
        let end = min(input.count, start + Self.blockSize)
        let primer =
          index == 0 ? before[...] : input[max(0, start - Self.dictionarySize)..<start]
        let block = Self.compress(
          input[start..<end], primer: primer, level: level, last: last && index == count - 1)
        blocks.withLock { $0[index] = block }
      }
    }
    let done = blocks.withLock { $0 }
    if let failure = done.lazy.compactMap(\.failure).first { throw failure }
    return done
  }

  /// One block's deflate piece: primed with `primer`, ended by a sync flush, or by the final
  /// block when it is the `last`.
  private static func compress(
    _ input: ArraySlice<UInt8>, primer: ArraySlice<UInt8>, level: Int32, last: Bool
  ) -> Block {
    var block = Block()
    block.length = input.count
    var stream = z_stream()
    var status = deflateInit2_(
      &stream, level, Z_DEFLATED, DeflateFormat.raw.windowBits, 8, Z_DEFAULT_STRATEGY,
      ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size))
    guard status == Z_OK else {
      block.failure = DeflateError("deflateInit2 returned \(status)")
      return block
    }
    defer { deflateEnd(&stream) }
    if !primer.isEmpty {
      status = primer.withUnsafeBytes { bytes in
        deflateSetDictionary(
          &stream, bytes.baseAddress?.assumingMemoryBound(to: Bytef.self), uInt(bytes.count))
      }
      guard status == Z_OK else {
        block.failure = DeflateError("deflateSetDictionary returned \(status)")
        return block
      }
    }
    var output = [UInt8](repeating: 0, count: Int(deflateBound(&stream, uLong(input.count))) + 64)
    let produced: Int = input.withUnsafeBytes { source in
      block.crc = crc32(
        0, source.baseAddress?.assumingMemoryBound(to: Bytef.self), uInt(source.count))
      return output.withUnsafeMutableBytes { target in
        stream.next_in = UnsafeMutablePointer(
          mutating: source.baseAddress?.assumingMemoryBound(to: Bytef.self))
        stream.avail_in = uInt(source.count)
        stream.next_out = target.baseAddress?.assumingMemoryBound(to: Bytef.self)
        stream.avail_out = uInt(target.count)
        status = CZlib.deflate(&stream, last ? Z_FINISH : Z_SYNC_FLUSH)
        return target.count - Int(stream.avail_out)
      }
    }
    guard status == (last ? Z_STREAM_END : Z_OK), stream.avail_in == 0, stream.avail_out > 0 else {
      block.failure = DeflateError("deflate returned \(status) with room for the whole block")
      return block
    }
    output.removeSubrange(produced...)
    block.output = output
    return block
  }
}
