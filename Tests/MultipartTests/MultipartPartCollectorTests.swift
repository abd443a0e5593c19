import Foundation
import Multipart
import ShipyardTestSupport
import Testing

@Suite struct MultipartPartCollectorTests {
  static func body() -> (Data, String, [UInt8]) {
    var form = MultipartFormData()
    form.addString("small", forField: "note")
    let big = (0..<300_000).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) }
    form.addData(
      Data(big), forField: "file", filename: "big.bin", mimeType: "application/octet-stream")
    return (form.makeBody(), form.boundary.value, big)
  }

  @Test func smallBodiesStayInMemoryAndBigOnesSpillToAFile() throws {
    let (body, boundary, big) = Self.body()
    let parts = try MultipartParser.parts(of: body, boundary: boundary, spillThreshold: 64 * 1024)
    #expect(parts.map(\.head.name) == ["note", "file"])
    #expect(parts[0].content == .memory(Data("small".utf8)) && parts[0].fileURL == nil)
    let url = try #require(parts[1].fileURL)
    let spilled = try parts[1].data()
    #expect(parts[1].size == 300_000 && spilled == Data(big))
    parts[1].removeFile()
    #expect(!FileManager.default.fileExists(atPath: url.path))
  }

  @Test func aFailedParseLeavesNoSpilledFile() throws {
    let folder = try ScratchFolder()
    defer { folder.remove() }
    let (body, boundary, _) = Self.body()
    var parser = try MultipartParser(boundary: boundary)
    var collector = MultipartPartCollector(spillThreshold: 1024, temporaryDirectory: folder.url)
    try body.prefix(body.count - 100).withUnsafeBytes { bytes in
      try parser.feed(bytes) { try collector.handle($0) }
    }
    #expect(folder.contents.count == 1)  // the big part, half written
    #expect(throws: MultipartParseError.self) { try parser.finish() }
    collector.discard()
    #expect(folder.contents.isEmpty)
  }

  @Test func partsArriveFromAnAsyncSequenceOfChunks() async throws {
    let (body, boundary, big) = Self.body()
    let chunks = AsyncStream<Data> { continuation in
      var offset = 0
      while offset < body.count {
        continuation.yield(body.subdata(in: offset..<min(body.count, offset + 4096)))
        offset += 4096
      }
      continuation.finish()
    }
    var names: [String?] = []
    var sizes: [Int64] = []
    for try await part in MultipartParser.parts(of: chunks, boundary: boundary) {
      names.append(part.head.name)
      sizes.append(part.size)
      if part.head.name == "file" {
        let data = try part.data()
        #expect(data == Data(big))
      }
      part.removeFile()
    }
    #expect(names == ["note", "file"] && sizes == [5, 300_000])
  }
}
