import CBzip2
import CLzma
import CZlib

/// Compresses and decompresses chunks with the system's zlib, libbz2 and liblzma.
package enum ChunkCodec {
  // liblzma macros Swift does not import (lzma/lzma12.h, lzma/vli.h).
  /// `LZMA_DICT_SIZE_MIN`: 4 KiB.
  static let lzmaDictionarySizeMinimum = 4096
  /// `LZMA_FILTER_LZMA2`: the LZMA2 filter's ID.
  static let lzmaFilterLZMA2: lzma_vli = 0x21
  /// `LZMA_VLI_UNKNOWN`: ends a filter chain.
  static let lzmaVLIUnknown: lzma_vli = .max

  /// The most bytes compressing `length` bytes as any type can take.
  package static func compressedBound(_ length: Int) -> Int {
    max(
      Int(compressBound(uLong(length))), length + length / 100 + 600,
      lzma_stream_buffer_bound(length))
  }

  /// Compresses `input` as `type` at `level` into `output` (at least ``compressedBound(_:)``
  /// bytes); returns the compressed length, or `nil` when it would not be smaller than `input`.
  package static func compress(
    _ input: UnsafeRawBufferPointer,
    into output: UnsafeMutableRawBufferPointer,
    as type: ChunkType,
    level: Int
  ) -> Int? {
    guard let base = input.baseAddress?.assumingMemoryBound(to: UInt8.self), !input.isEmpty,
      let destination = output.baseAddress?.assumingMemoryBound(to: UInt8.self)
    else { return nil }
    let length: Int
    switch type {
    case .zlib:
      var written = uLong(output.count)
      guard compress2(destination, &written, base, uLong(input.count), Int32(level)) == Z_OK else {
        return nil
      }
      length = Int(written)
    case .bzip2:
      var written = UInt32(clamping: output.count)
      let status = BZ2_bzBuffToBuffCompress(
        UnsafeMutableRawPointer(destination).assumingMemoryBound(to: CChar.self), &written,
        UnsafeMutablePointer(mutating: UnsafeRawPointer(base).assumingMemoryBound(to: CChar.self)),
        UInt32(input.count), Int32(max(1, min(9, level))), 0, 0)
      guard status == BZ_OK else { return nil }
      length = Int(written)
    case .lzma:
      // The preset's settings with a dictionary no larger than the chunk: the same output as
      // the preset's 8 MiB dictionary for a 1 MiB chunk, at a tenth of the encoder's memory.
      var options = lzma_options_lzma()
      guard lzma_lzma_preset(&options, UInt32(max(0, min(9, level)))) == 0 else { return nil }
      options.dict_size = max(
        UInt32(Self.lzmaDictionarySizeMinimum), min(options.dict_size, UInt32(input.count)))
      var written = 0
      let status = withUnsafeMutablePointer(to: &options) { optionsPointer in
        var filters = [
          lzma_filter(id: Self.lzmaFilterLZMA2, options: UnsafeMutableRawPointer(optionsPointer)),
          lzma_filter(id: Self.lzmaVLIUnknown, options: nil),
        ]
        return lzma_stream_buffer_encode(
          &filters, LZMA_CHECK_CRC64, nil, base, input.count, destination, &written, output.count)
      }
      guard status == LZMA_OK else { return nil }
      length = written
    default:
      return nil
    }
    return length < input.count ? length : nil
  }

  /// Decompresses a chunk stored as `type` into exactly `expectedLength` bytes.
  ///
  /// - Throws: ``DiskImageError/chunkDecodingFailed(_:)`` when the data does not decode to that length.
  package static func decompress(_ input: [UInt8], as type: ChunkType, expectedLength: Int)
    throws(DiskImageError) -> [UInt8]
  {
    switch type {
    case .zeroFill, .ignore:
      return [UInt8](repeating: 0, count: expectedLength)
    case .raw:
      guard input.count >= expectedLength else {
        throw .chunkDecodingFailed("a raw chunk is shorter than its sectors")
      }
      return Array(input[..<expectedLength])
    case .zlib:
      var output = [UInt8](repeating: 0, count: expectedLength)
      var length = uLong(expectedLength)
      let status = uncompress(&output, &length, input, uLong(input.count))
      guard status == Z_OK, Int(length) == expectedLength else {
        throw .chunkDecodingFailed("zlib error \(status) (\(length) of \(expectedLength) bytes)")
      }
      return output
    case .bzip2:
      var output = [UInt8](repeating: 0, count: expectedLength)
      var length = UInt32(expectedLength)
      var source = input
      let status = output.withUnsafeMutableBytes { out in
        source.withUnsafeMutableBytes { inp in
          BZ2_bzBuffToBuffDecompress(
            out.baseAddress?.assumingMemoryBound(to: CChar.self), &length,
            inp.baseAddress?.assumingMemoryBound(to: CChar.self), UInt32(input.count), 0, 0)
        }
      }
      guard status == BZ_OK, Int(length) == expectedLength else {
        throw .chunkDecodingFailed("bzip2 error \(status) (\(length) of \(expectedLength) bytes)")
      }
      return output
    case .lzma:
      var output = [UInt8](repeating: 0, count: expectedLength)
      // What the stream's dictionary may make the decoder allocate: ours and hdiutil's need
      // a few MiB; a hostile header must not ask for gigabytes.
      var memoryLimit: UInt64 = 256 << 20
      var inputPosition = 0
      var outputPosition = 0
      let status = lzma_stream_buffer_decode(
        &memoryLimit, 0, nil, input, &inputPosition, input.count, &output, &outputPosition,
        expectedLength)
      guard status == LZMA_OK, outputPosition == expectedLength else {
        throw .chunkDecodingFailed(
          "xz error \(status.rawValue) (\(outputPosition) of \(expectedLength) bytes)")
      }
      return output
    case .adc, .lzfse, .comment, .terminator:
      throw .unsupportedChunk(type.name)
    }
  }

  /// The CRC-32 of `bytes`, continuing from `crc`.
  package static func crc32(_ bytes: UnsafeRawBufferPointer, continuing crc: UInt32 = 0) -> UInt32 {
    guard let base = bytes.baseAddress?.assumingMemoryBound(to: UInt8.self) else { return crc }
    return UInt32(CZlib.crc32(uLong(crc), base, uInt(bytes.count)))
  }

  /// The CRC-32 of the concatenation of two runs, from theirs and the second's length.
  package static func crc32Combine(_ first: UInt32, _ second: UInt32, secondLength: Int) -> UInt32 {
    UInt32(crc32_combine(uLong(first), uLong(second), Int(secondLength)))
  }
}
