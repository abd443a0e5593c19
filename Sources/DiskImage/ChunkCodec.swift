import CBzip2
import CDeflate
import CLzma
import CZlib

/// Compresses and decompresses chunks with the system's libdeflate, libbz2 and liblzma.
///
/// zlib chunks (UDZO) are whole 1 MiB buffers, each one zlib stream: libdeflate's whole-buffer
/// API writes and reads exactly that format, several times faster than zlib's streaming one.
/// zlib itself stays for one thing libdeflate lacks, `crc32_combine`, which joins the CRC-32s of
/// chunks checksummed in parallel.
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
      libdeflate_zlib_compress_bound(nil, length), length + length / 100 + 600,
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
      // One compressor per chunk: its allocation is well under 1% of compressing 1 MiB, and
      // the workers share nothing.
      guard let compressor = libdeflate_alloc_compressor(Int32(max(0, min(12, level)))) else {
        return nil
      }
      defer { libdeflate_free_compressor(compressor) }
      length = libdeflate_zlib_compress(compressor, base, input.count, destination, output.count)
      guard length > 0 else { return nil }
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
      guard let decompressor = libdeflate_alloc_decompressor() else {
        throw .chunkDecodingFailed("libdeflate could not allocate a decompressor")
      }
      defer { libdeflate_free_decompressor(decompressor) }
      var output = [UInt8](repeating: 0, count: expectedLength)
      // No actual-length pointer: fewer bytes than expected is LIBDEFLATE_SHORT_OUTPUT, more is
      // LIBDEFLATE_INSUFFICIENT_SPACE, and the Adler-32 is checked.
      let status = output.withUnsafeMutableBytes { out in
        libdeflate_zlib_decompress(
          decompressor, input, input.count, out.baseAddress, expectedLength, nil)
      }
      guard status == LIBDEFLATE_SUCCESS else {
        throw .chunkDecodingFailed(
          "zlib data does not decode to \(expectedLength) bytes (libdeflate result \(status.rawValue))"
        )
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
    guard let base = bytes.baseAddress else { return crc }
    return libdeflate_crc32(crc, base, bytes.count)
  }

  /// The CRC-32 of `count` zero bytes following bytes whose CRC-32 is `crc`, without the
  /// zeros: combined from the CRC-32 of 512 zeros by doubling, in O(log count).
  package static func crc32OfZeros(_ count: Int, continuing crc: UInt32) -> UInt32 {
    let block = [UInt8](repeating: 0, count: 512)
    var power = block.withUnsafeBytes { crc32($0) }  // the CRC-32 of 512 << k zeros
    var powerLength = 512
    var result = crc
    var remaining = count
    if remaining % 512 != 0 {
      result = block.withUnsafeBytes {
        crc32(UnsafeRawBufferPointer(rebasing: $0[..<(remaining % 512)]), continuing: result)
      }
      remaining -= remaining % 512
    }
    remaining /= 512
    while remaining > 0 {
      if remaining & 1 == 1 {
        result = crc32Combine(result, power, secondLength: powerLength)
      }
      remaining >>= 1
      if remaining > 0 {
        power = crc32Combine(power, power, secondLength: powerLength)
        powerLength *= 2
      }
    }
    return result
  }

  /// The CRC-32 of the concatenation of two runs, from theirs and the second's length.
  package static func crc32Combine(_ first: UInt32, _ second: UInt32, secondLength: Int) -> UInt32 {
    UInt32(crc32_combine(uLong(first), uLong(second), Int(secondLength)))
  }
}
