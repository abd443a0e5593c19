import Foundation
import ShipyardTestSupport
import SystemSupport
import Testing

/// Streams of segments: bytes, zeros, files and generated chunks, from arrays and lazy
/// sequences, read through buffers of every size.
@Suite struct SegmentedByteStreamTests {
  /// Reads the whole stream through buffers of `bufferSize` bytes.
  static func readAll(_ stream: SegmentedByteStream, bufferSize: Int) throws -> [UInt8] {
    var result: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: bufferSize)
    while true {
      let count = try buffer.withUnsafeMutableBytes { try stream.read(into: $0) }
      if count == 0 { return result }
      result += buffer[..<count]
    }
  }

  /// Chunks of 1, 2, 3 … bytes holding 0, 1, 2 …, `total` bytes in all.
  static func counting(_ total: Int) -> SegmentedByteStream.GeneratedBytes {
    .init(length: Int64(total)) {
      var next = 0
      var size = 1
      return AnyIterator {
        guard next < total else { return nil }
        let chunk = (next..<min(total, next + size)).map { UInt8($0 % 251) }
        next += chunk.count
        size += 1
        return chunk
      }
    }
  }

  @Test(arguments: [1, 3, 7, 64, 4096])
  func generatedChunksReadBackWhole(bufferSize: Int) throws {
    let segments: [SegmentedByteStream.Segment] = [
      .bytes([9, 9]), .generated(Self.counting(300)), .zeros(5), .generated(Self.counting(0)),
      .generated(Self.counting(17)),
    ]
    let expected =
      [9, 9] + (0..<300).map { UInt8($0 % 251) } + [UInt8](repeating: 0, count: 5)
      + (0..<17).map { UInt8($0) }
    let stream = SegmentedByteStream(segments)
    #expect(stream.length == Int64(expected.count))
    #expect(try Self.readAll(stream, bufferSize: bufferSize) == expected)
  }

  @Test func aLazySequenceOfSegmentsIsMadeAsItIsRead() throws {
    let made = Locked(0)
    let segments = (0..<1000).lazy.map { index -> SegmentedByteStream.Segment in
      made.withLock { $0 += 1 }
      return .bytes([UInt8(index % 256)])
    }
    let stream = SegmentedByteStream(segments)
    let afterLength = made.withLock { $0 }
    #expect(stream.length == 1000)
    var buffer = [UInt8](repeating: 0, count: 10)
    _ = try buffer.withUnsafeMutableBytes { try stream.read(into: $0) }
    // Measuring went through every segment once; reading ten bytes made about ten more.
    #expect(made.withLock { $0 } - afterLength <= 12)
    #expect(buffer == (0..<10).map { UInt8($0) })
  }

  @Test func aFileInAFolderIsReadThroughItsSharedFolderPath() throws {
    let scratch = try ScratchFolder()
    defer { scratch.remove() }
    let folder = scratch.url
    try Data("hello".utf8).write(to: folder.appendingPathComponent("a.txt"))
    let path = SourcePath("a.txt", in: SourcePath.Folder(folder.path))
    #expect(path.string == folder.path + "/a.txt")
    let stream = SegmentedByteStream([.file(path: path, length: 5), .bytes([33])])
    #expect(try Self.readAll(stream, bufferSize: 2) == Array("hello!".utf8))
    let gone = SegmentedByteStream([
      .file(path: SourcePath("gone.txt", in: SourcePath.Folder(folder.path)), length: 5)
    ])
    #expect(throws: FileChangedError.self) { try Self.readAll(gone, bufferSize: 8) }
  }

  /// More files than the stream opens ahead of itself, small and large among zeros, read back
  /// byte for byte through buffers smaller and larger than a file.
  @Test(arguments: [5, 4096, 1 << 20])
  func manyFilesReadAheadReadBackInOrder(bufferSize: Int) throws {
    let scratch = try ScratchFolder()
    defer { scratch.remove() }
    let folder = scratch.url
    let shared = SourcePath.Folder(folder.path)
    var segments: [SegmentedByteStream.Segment] = []
    var expected: [UInt8] = []
    for index in 0..<300 {
      let size = index % 50 == 7 ? 3 << 20 : index % 13
      let bytes = (0..<size).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ index) }
      try Data(bytes).write(to: folder.appendingPathComponent("f\(index)"))
      segments += [
        .file(path: SourcePath("f\(index)", in: shared), length: Int64(size)), .zeros(3),
      ]
      expected += bytes + [0, 0, 0]
    }
    let stream = SegmentedByteStream(segments)
    #expect(try Self.readAll(stream, bufferSize: bufferSize) == expected)
  }
}
