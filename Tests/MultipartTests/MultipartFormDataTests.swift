import Foundation
import Multipart
import ShipyardTestSupport
import Testing

@Suite struct MultipartFormDataTests {
  private let boundary = try? MultipartBoundary("XyZ")

  private func fixedForm() throws -> MultipartFormData {
    MultipartFormData(boundary: try #require(boundary))
  }

  private func text(_ form: MultipartFormData) throws -> String {
    String(decoding: try form.encodedData(), as: UTF8.self)
  }

  @Test func encodesAnEmptyFormAsTheCloseDelimiterAlone() throws {
    let form = try fixedForm()
    #expect(try text(form) == "--XyZ--\r\n")
    #expect(form.contentLength == 9)
  }

  @Test func writesNonFilePartsWithoutContentType() throws {
    var form = try fixedForm()
    form.addString("a", forField: "one")
    form.addString("", forField: "empty")
    #expect(
      try text(form)
        == "--XyZ\r\nContent-Disposition: form-data; name=\"one\"\r\n\r\na\r\n"
        + "--XyZ\r\nContent-Disposition: form-data; name=\"empty\"\r\n\r\n\r\n--XyZ--\r\n"
    )
  }

  @Test func writesExtraHeadersAfterContentType() throws {
    var form = try fixedForm()
    form.addData(
      Data("x".utf8),
      forField: "f",
      filename: "a.txt",
      mimeType: "text/plain; charset=utf-8",
      headers: [try MultipartHeader(name: "Content-ID", value: "<part-1>")]
    )
    #expect(
      try text(form)
        == "--XyZ\r\nContent-Disposition: form-data; name=\"f\"; filename=\"a.txt\"\r\n"
        + "Content-Type: text/plain; charset=utf-8\r\nContent-ID: <part-1>\r\n\r\nx\r\n--XyZ--\r\n"
    )
  }

  @Test(arguments: [
    ("plain", "plain"),
    ("we\"ird", "we%22ird"),
    ("a\r\nb", "a%0D%0Ab"),
    ("a\nb", "a%0D%0Ab"),
    ("a\rb", "a%0D%0Ab"),
    ("back\\slash", "back\\slash"),
    ("semi;colon=x", "semi;colon=x"),
    ("100%22", "100%22"),
    ("日本語 résumé", "日本語 résumé"),
  ])
  func escapesFieldNamesAsBrowsersDo(name: String, escaped: String) throws {
    var form = try fixedForm()
    form.addString("v", forField: name)
    #expect(try text(form).contains("Content-Disposition: form-data; name=\"\(escaped)\"\r\n"))
  }

  @Test(arguments: [
    ("a\"b.txt", "a%22b.txt"),
    ("a\r\nb.txt", "a%0D%0Ab.txt"),
    ("a\nb.txt", "a%0Ab.txt"),
    ("a\rb.txt", "a%0Db.txt"),
    ("C:\\x\\y.txt", "C:\\x\\y.txt"),
    ("日本.txt", "日本.txt"),
  ])
  func escapesFilenamesAsBrowsersDo(filename: String, escaped: String) throws {
    var form = try fixedForm()
    form.addFile(named: filename, data: Data(), mimeType: "text/plain", forField: "f")
    #expect(try text(form).contains("; filename=\"\(escaped)\"\r\n"))
  }

  @Test func noInputStartsANewHeaderLineOrPart() throws {
    var form = try fixedForm()
    let attack =
      "x\"\r\nContent-Type: text/evil\r\n\r\n--XyZ\r\nContent-Disposition: form-data; name=\"injected"
    form.addString("v", forField: attack)
    form.addFile(
      named: attack, data: Data("w".utf8), mimeType: "text/plain\r\nX-Evil: 1", forField: attack)
    let lines = try text(form).components(separatedBy: "\r\n")
    #expect(lines.filter { $0.hasPrefix("--XyZ") }.count == 3)
    #expect(lines.filter { $0.hasPrefix("Content-Disposition") }.count == 2)
    #expect(!lines.contains { $0.hasPrefix("X-Evil") || $0.hasPrefix("Content-Type: text/evil") })
  }

  @Test func rejectsHeadersThatCouldBreakFraming() {
    #expect(throws: MultipartEncodingError.self) {
      try MultipartHeader(name: "X-A", value: "a\r\nb")
    }
    #expect(throws: MultipartEncodingError.self) { try MultipartHeader(name: "X A", value: "a") }
    #expect(throws: MultipartEncodingError.self) { try MultipartHeader(name: "", value: "a") }
    #expect(throws: MultipartEncodingError.self) {
      try MultipartHeader(name: "content-type", value: "a/b")
    }
    #expect(throws: MultipartEncodingError.self) {
      try MultipartHeader(name: "X-A", value: "nul\0")
    }
  }

  @Test func contentLengthEqualsEncodedBytesForMixedForms() throws {
    let folder = try ScratchFolder()
    defer { folder.remove() }
    let file = try folder.write(Array(repeating: 0x41, count: 300_001), to: "part.bin")
    var form = MultipartFormData()
    form.addString("é", forField: "ünïcode")
    form.addString("", forField: "empty")
    try form.addFile(at: file, forField: "file")
    form.addStream(length: 5, forField: "stream", filename: "s.bin") {
      BytesSource(Array("12345".utf8))
    }
    form.addData(Data(), forField: "nothing", filename: "")
    #expect(Int64(try form.encodedData().count) == form.contentLength)
  }

  @Test(arguments: [1, 2, 3, 7, 64, 4096, 1 << 20])
  func chunkedEncodingEqualsEncodedData(chunkSize: Int) throws {
    let folder = try ScratchFolder()
    defer { folder.remove() }
    let file = try folder.write(
      (0..<100_000).map { UInt8(truncatingIfNeeded: $0 &* 31) }, to: "part.bin")
    var form = MultipartFormData()
    form.addString("first", forField: "a")
    try form.addFile(at: file, forField: "b", mimeType: "application/x-test")
    form.addStream(length: 3, forField: "c") { BytesSource([1, 2, 3]) }
    var chunks = Data()
    var largest = 0
    try form.encode(chunkSize: chunkSize) { chunk in
      largest = max(largest, chunk.count)
      chunks.append(contentsOf: chunk)
    }
    #expect(chunks == (try form.encodedData()))
    #expect(largest <= chunkSize)
  }

  @Test func fileMIMETypeComesFromTheExtension() throws {
    let folder = try ScratchFolder()
    defer { folder.remove() }
    let file = try folder.write([1], to: "photo.PNG")
    var form = MultipartFormData()
    try form.addFile(at: file, forField: "p")
    try form.addFile(at: file, forField: "q", filename: "other.pdf")
    #expect(form.parts.map(\.contentType) == ["image/png", "application/pdf"])
    #expect(form.parts.map(\.filename) == ["photo.PNG", "other.pdf"])
  }

  @Test func randomBoundaryIsReplacedWhenAPartContainsIt() throws {
    var form = MultipartFormData()
    let first = form.boundary
    form.addString("prefix \(first.value) suffix", forField: "echo")
    #expect(form.boundary != first)
    #expect(!(try text(form)).dropFirst(2).contains("prefix \(form.boundary.value)"))
  }

  @Test func fixedBoundaryInAPartIsAnError() throws {
    var form = try fixedForm()
    form.addString("has --XyZ inside", forField: "x")
    let error = try #require(throws: MultipartEncodingError.self) { try form.encodedData() }
    #expect(error.code == .boundaryInPart)
    #expect(error.description.contains("part 1 (field \"x\")"))
  }

  @Test func streamOfWrongLengthIsAnError() throws {
    var short = MultipartFormData()
    short.addStream(length: 4, forField: "s") { BytesSource([1, 2]) }
    #expect(throws: MultipartEncodingError.self) { try short.encodedData() }
    var long = MultipartFormData()
    long.addStream(length: 1, forField: "s") { BytesSource([1, 2]) }
    let error = try #require(throws: MultipartEncodingError.self) { try long.encodedData() }
    #expect(error.code == .lengthMismatch)
  }

  @Test func fileThatChangedSizeIsAnError() throws {
    let folder = try ScratchFolder()
    defer { folder.remove() }
    let file = try folder.write([1, 2, 3], to: "part.bin")
    var form = MultipartFormData()
    try form.addFile(at: file, forField: "f")
    try Data([1, 2, 3, 4, 5]).write(to: file)
    let error = try #require(throws: MultipartEncodingError.self) { try form.encodedData() }
    #expect(error.code == .lengthMismatch)
    #expect(error.description.contains(file.path))
  }

  /// The reader's up-front check finds a file that changed size or went away, naming it, and
  /// passes files as they were added without reading them.
  @Test func checkingFilesFindsAChangedOrMissingFileBeforeEncoding() throws {
    let folder = try ScratchFolder()
    defer { folder.remove() }
    let file = try folder.write([1, 2, 3], to: "part.bin")
    var form = MultipartFormData()
    form.addString("v", forField: "s")
    try form.addFile(at: file, forField: "f")
    try MultipartBodyReader(form).checkFiles()
    try Data([1, 2]).write(to: file)
    let changed = try #require(throws: MultipartEncodingError.self) {
      try MultipartBodyReader(form).checkFiles()
    }
    #expect(changed.code == .lengthMismatch)
    #expect(changed.description.contains("\(file.path) (field \"f\")"))
    try FileManager.default.removeItem(at: file)
    let missing = try #require(throws: MultipartEncodingError.self) {
      try MultipartBodyReader(form).checkFiles()
    }
    #expect(missing.code == .readFailed)
    #expect(missing.description.contains(file.path))
  }

  @Test func missingFileIsAnErrorNamingIt() throws {
    var form = MultipartFormData()
    let url = URL(fileURLWithPath: "/nonexistent/shipyard/file.bin")
    let error = try #require(throws: MultipartEncodingError.self) {
      try form.addFile(at: url, forField: "up")
    }
    #expect(error.code == .fileNotFound)
    #expect(error.description == "file not found: /nonexistent/shipyard/file.bin (field \"up\")")
  }

  @Test func directoryIsNotAFile() throws {
    var form = MultipartFormData()
    let error = try #require(throws: MultipartEncodingError.self) {
      try form.addFile(at: URL(fileURLWithPath: NSTemporaryDirectory()), forField: "d")
    }
    #expect(error.code == .fileNotReadable)
  }

  @Test func writeToFileLeavesNothingBehindOnFailure() throws {
    let folder = try ScratchFolder()
    defer { folder.remove() }
    let target = folder.file("body.multipart")
    var form = MultipartFormData()
    form.addString("ok", forField: "a")
    form.addStream(length: 10, forField: "broken") { BytesSource([1]) }
    #expect(throws: MultipartEncodingError.self) { try form.write(to: target) }
    #expect(folder.contents.isEmpty)
  }

  @Test func writeToFileProducesTheBody() throws {
    let folder = try ScratchFolder()
    defer { folder.remove() }
    let target = folder.file("body.multipart")
    var form = MultipartFormData()
    form.addString("ok", forField: "a")
    try form.write(to: target)
    #expect(try Data(contentsOf: target) == (try form.encodedData()))
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: folder.url.path) == ["body.multipart"])
  }
}
