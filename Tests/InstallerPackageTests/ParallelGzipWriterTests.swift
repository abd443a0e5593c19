import Deflating
import Foundation
import ShipyardTestSupport
import Testing

/// One gzip member compressed on several threads: GNU gzip and Python's zlib read it back as the
/// input, one member with nothing after it, at every size around the blocks' and batches'
/// edges; the bytes are the same whatever the thread count and however the input is fed.
@Suite struct ParallelGzipWriterTests {
  static let block = ParallelGzipWriter.blockSize

  /// 96 KiB, half random and half repeating text, so that they compress somewhat; longer than
  /// deflate's 32 KiB window, so that a tile of them does not compress to nothing.
  static let tile: [UInt8] = {
    var generator = SplitMix(seed: 36)
    let text = Array("the payload of an installer package, ".utf8)
    return (0..<(96 << 10)).map { index in
      (index / 4096) % 2 == 0
        ? UInt8.random(in: 0...255, using: &generator) : text[index % text.count]
    }
  }()

  /// `count` bytes of tiles.
  static func input(_ count: Int) -> [UInt8] {
    var input: [UInt8] = []
    input.reserveCapacity(count)
    while input.count < count { input += tile.prefix(count - input.count) }
    return input
  }

  /// The member of `input` written on `threads` threads, fed in pieces of `piece` bytes.
  static func member(_ input: [UInt8], threads: Int, piece: Int) throws -> [UInt8] {
    var output: [UInt8] = []
    let writer = ParallelGzipWriter(level: 6, threads: threads) { output += $0 }
    var offset = 0
    while offset < input.count {
      let end = min(input.count, offset + piece)
      try input[offset..<end].withUnsafeBytes { try writer.write($0) }
      offset = end
    }
    try writer.finish()
    return output
  }

  @Test(arguments: [
    0, 1, 4095, block - 1, block, block + 1, 8 * block, 8 * block + 7, 19 * block / 2,
  ])
  func gzipAndPythonReadBackTheInput(_ count: Int) throws {
    let input = Self.input(count)
    let member = try Self.member(input, threads: 2, piece: 300_000)
    #expect(try Self.member(input, threads: 1, piece: 65_536) == member)
    #expect(try Self.member(input, threads: 3, piece: max(1, count)) == member)

    let folder = try ScratchFolder()
    defer { folder.remove() }
    let file = try folder.write(member, to: "member.gz")
    let gunzipped = try ProcessRunner.check("gzip", ["-dc", file.path])
    #expect(Array(gunzipped) == input)
    let python = try ProcessRunner.run(
      "python3",
      [
        "-c",
        """
        import sys, zlib
        data = open(sys.argv[1], 'rb').read()
        d = zlib.decompressobj(31)
        out = d.decompress(data)
        assert d.eof and not d.unused_data, 'not exactly one gzip member'
        sys.stdout.buffer.write(out)
        """,
        file.path,
      ])
    #expect(python.status == 0, "\(python.standardError)")
    #expect(Array(python.standardOutput) == input)
  }
}
