import DiskImage
import Foundation
import ShipyardTestSupport
import Testing

/// UDZO chunks through libdeflate: zlib streams that Python's zlib (the reference zlib) reads at
/// every level, and zlib's own streams read back by our decoder.
@Suite struct ChunkCodecTests {
  /// 1 MiB of text-like bytes that compress, as a chunk of a volume does.
  static let chunk: [UInt8] = (0..<(1 << 20)).map { index in
    UInt8(truncatingIfNeeded: (index / 7) % 61 + (index % 13 == 0 ? index >> 9 : 0) + 32)
  }

  @Test(arguments: ImageFormat.udzo.levels)
  func zlibReadsEveryLevel(level: Int) throws {
    let folder = try ScratchFolder()
    defer { folder.remove() }
    let bound = ChunkCodec.compressedBound(Self.chunk.count)
    var output = [UInt8](repeating: 0, count: bound)
    let length = try #require(
      Self.chunk.withUnsafeBytes { input in
        output.withUnsafeMutableBytes { out in
          ChunkCodec.compress(input, into: out, as: .zlib, level: level)
        }
      })
    let path = try folder.write(output[..<length], to: "chunk.zlib").path
    let script =
      "import sys, zlib; sys.stdout.buffer.write(zlib.decompress(open(sys.argv[1], 'rb').read()))"
    #expect(Array(try ProcessRunner.check("python3", ["-c", script, path])) == Self.chunk)
    #expect(
      try ChunkCodec.decompress(
        Array(output[..<length]), as: .zlib, expectedLength: Self.chunk.count)
        == Self.chunk)
  }

  @Test(arguments: [1, 6, 9])
  func ourDecoderReadsZlibsStreams(level: Int) throws {
    let folder = try ScratchFolder()
    defer { folder.remove() }
    let path = try folder.write(Self.chunk, to: "chunk").path
    let script =
      "import sys, zlib; sys.stdout.buffer.write(zlib.compress(open(sys.argv[1], 'rb').read(), int(sys.argv[2])))"
    let stream = Array(try ProcessRunner.check("python3", ["-c", script, path, String(level)]))
    #expect(
      try ChunkCodec.decompress(stream, as: .zlib, expectedLength: Self.chunk.count) == Self.chunk)
  }

  @Test(arguments: [0, 1, 511, 512, 513, 4096, 1 << 20, (1 << 20) + 7, 3 << 20])
  func theCRCOfZerosIsCombinedExactly(count: Int) {
    let zeros = [UInt8](repeating: 0, count: count)
    let start = Self.chunk.withUnsafeBytes {
      ChunkCodec.crc32(UnsafeRawBufferPointer(rebasing: $0[..<999]))
    }
    #expect(
      ChunkCodec.crc32OfZeros(count, continuing: start)
        == zeros.withUnsafeBytes { ChunkCodec.crc32($0, continuing: start) })
  }

  @Test func aDamagedOrShortStreamIsAnError() throws {
    var output = [UInt8](repeating: 0, count: ChunkCodec.compressedBound(Self.chunk.count))
    let length = try #require(
      Self.chunk.withUnsafeBytes { input in
        output.withUnsafeMutableBytes { ChunkCodec.compress(input, into: $0, as: .zlib, level: 5) }
      })
    var damaged = Array(output[..<length])
    damaged[length - 1] ^= 0x01  // the Adler-32
    #expect(throws: DiskImageError.self) {
      try ChunkCodec.decompress(damaged, as: .zlib, expectedLength: Self.chunk.count)
    }
    #expect(throws: DiskImageError.self) {
      try ChunkCodec.decompress(
        Array(output[..<length]), as: .zlib, expectedLength: Self.chunk.count + 512)
    }
    #expect(throws: DiskImageError.self) {
      try ChunkCodec.decompress(
        Array(output[..<length]), as: .zlib, expectedLength: Self.chunk.count - 512)
    }
  }
}
