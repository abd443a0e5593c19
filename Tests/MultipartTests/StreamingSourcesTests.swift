import Foundation
import Multipart
import Testing

@Suite struct StreamingSourcesTests {
  @Test(arguments: [1, 5, 100, 1 << 20])
  func asyncChunksEqualTheEncodedBody(chunkSize: Int) async throws {
    var form = MultipartFormData()
    form.addString("value", forField: "text")
    form.addStream(length: 1000, forField: "stream", filename: "s.bin") {
      BytesSource((0..<1000).map { UInt8(truncatingIfNeeded: $0) })
    }
    var body = Data()
    for try await chunk in form.chunks(ofSize: chunkSize) {
      #expect(chunk.count <= chunkSize && !chunk.isEmpty)
      body += chunk
    }
    #expect(body == (try form.encodedData()))
  }

  @Test func inputStreamPartsAreReadWhole() throws {
    let payload = Data((0..<70_000).map { UInt8(truncatingIfNeeded: $0 &* 13) })
    var form = MultipartFormData()
    form.addStream(length: Int64(payload.count), forField: "log", filename: "app.log") {
      InputStreamSource(InputStream(data: payload))
    }
    var expected = MultipartFormData(boundary: form.boundary)
    expected.addData(payload, forField: "log", filename: "app.log", mimeType: "text/plain")
    #expect(try form.encodedData() == expected.encodedData())
  }

  @Test func aMissingInputStreamIsAReadError() throws {
    var form = MultipartFormData()
    form.addStream(length: 1, forField: "gone") {
      InputStreamSource(InputStream(url: URL(fileURLWithPath: "/nonexistent/file")))
    }
    let error = try #require(throws: MultipartEncodingError.self) { try form.encodedData() }
    #expect(error.code == .readFailed)
    #expect(error.description.contains("part 1 (field \"gone\")"))
  }
}
