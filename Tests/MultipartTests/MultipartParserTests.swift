import Foundation
import Multipart
import Testing

/// The parser on bodies from our encoder and by hand, in every chunking, and its limits.
@Suite struct MultipartParserTests {
  struct Part: Equatable {
    var name: String?
    var filename: String?
    var contentType: String?
    var body: [UInt8]
  }

  static func parse(
    _ body: [UInt8], boundary: String, chunks: [Int], limits: MultipartParserLimits = .init(),
    requiresFormData: Bool = true
  ) throws -> [Part] {
    var parser = try MultipartParser(
      boundary: boundary, limits: limits, requiresFormDataDisposition: requiresFormData)
    var parts: [Part] = []
    var offset = 0
    var index = 0
    while offset < body.count {
      let size = max(1, chunks[index % chunks.count])
      let end = min(body.count, offset + size)
      try parser.feed(Array(body[offset..<end])) { event in
        switch event {
        case .partBegin(let head):
          parts.append(
            Part(name: head.name, filename: head.filename, contentType: head.contentType, body: []))
        case .bodyBytes(let bytes): parts[parts.count - 1].body += bytes
        case .partEnd: break
        }
      }
      offset = end
      index += 1
    }
    try parser.finish()
    return parts
  }

  static let chunkings: [[Int]] = [
    [Int.max], [1], [2], [3], [7, 1, 64], [4096], (0..<50).map { ($0 * 7919) % 97 + 1 },
  ]

  @Test(arguments: chunkings)
  func ourEncodersBodyParsesToItsFields(chunks: [Int]) throws {
    var form = MultipartFormData()
    form.addString("Istanbul", forField: "location")
    form.addString("", forField: "empty")
    form.addString("line\r\nbreaks\r\n--and dashes\r\n", forField: "tricky \"name\"\r\n")
    let file = (0..<5000).map { UInt8(truncatingIfNeeded: $0 &* 13) } + Array("\r\n\r\n".utf8)
    form.addData(Data(file), forField: "avatar", filename: "a\"b.jpg", mimeType: "image/jpeg")
    let body = [UInt8](form.makeBody())
    let parts = try Self.parse(body, boundary: form.boundary.value, chunks: chunks)
    #expect(
      parts == [
        Part(name: "location", body: Array("Istanbul".utf8)),
        Part(name: "empty", body: []),
        Part(name: "tricky \"name\"\r\n", body: Array("line\r\nbreaks\r\n--and dashes\r\n".utf8)),
        Part(name: "avatar", filename: "a\"b.jpg", contentType: "image/jpeg", body: file),
      ])
  }

  @Test(arguments: chunkings)
  func preambleEpilogueBareLineFeedsAndQuotedPairs(chunks: [Int]) throws {
    let body = Array(
      """
      This is the preamble.\r
      --XyZ\r
      content-DISPOSITION: form-data; NAME=plain; filename*=UTF-8''ignored.txt\r
      \r
      one\r
      --XyZ  \n\
      Content-Disposition: form-data; name="q\\"uote"; filename="C:\\\\dir\\\\f%22.txt"\n\
      Content-Type: text/plain;\n\
        charset=utf-8\n\
      \n\
      two\n\
      --XyZ--\r
      epilogue --XyZ more
      """.utf8)
    let parts = try Self.parse(body, boundary: "XyZ", chunks: chunks)
    #expect(
      parts == [
        Part(name: "plain", body: Array("one".utf8)),
        Part(
          name: "q\"uote", filename: "C:\\dir\\f\".txt",
          contentType: "text/plain; charset=utf-8", body: Array("two".utf8)),
      ])
  }

  @Test func aFilenameIsMadeSafe() throws {
    let body = Array(
      "--b\r\nContent-Disposition: form-data; name=f; filename=\"../../etc/pass\\\\wd\"\r\n\r\nx\r\n--b--"
        .utf8)
    var heads: [MultipartPartHead] = []
    var parser = try MultipartParser(boundary: "b")
    try parser.feed(body) { if case .partBegin(let head) = $0 { heads.append(head) } }
    try parser.finish()
    #expect(heads.first?.filename == "../../etc/pass\\wd")
    #expect(heads.first?.safeFilename == "wd")
  }

  @Test(arguments: [
    (
      "--b\r\nContent-Disposition: form-data; name=a\r\n\r\n",
      MultipartParseError.Code.unexpectedEnd
    ),
    ("no boundary here", .unexpectedEnd),
    ("--b\r\nnot a header\r\n\r\nx\r\n--b--", .malformedHeader),
    ("--bXX\r\n\r\nx\r\n--b--", .malformedDelimiter),
  ])
  func malformedBodiesNameTheProblem(body: String, code: MultipartParseError.Code) throws {
    #expect {
      _ = try Self.parse(Array(body.utf8), boundary: "b", chunks: [3])
    } throws: { error in
      (error as? MultipartParseError)?.code == code
    }
  }

  @Test func eachLimitHasItsOwnErrorAndOffset() throws {
    func failure(_ body: String, _ configure: (inout MultipartParserLimits) -> Void)
      -> MultipartParseError?
    {
      var limits = MultipartParserLimits()
      configure(&limits)
      do {
        _ = try Self.parse(
          Array(body.utf8), boundary: "b", chunks: [5], limits: limits, requiresFormData: false)
        return nil
      } catch {
        return error as? MultipartParseError
      }
    }
    let two = "--b\r\nA: 1\r\n\r\nxx\r\n--b\r\nA: 2\r\n\r\nyyyy\r\n--b--"
    #expect(
      failure(two) { $0.maximumParts = 1 }.map { [$0.code.rawValue, "\($0.offset)"] } == [
        "tooManyParts", "20",
      ])
    #expect(failure(two) { $0.maximumFieldBytes = 3 }?.code == .fieldTooLarge)
    #expect(failure(two) { $0.maximumHeaderBytes = 5 }?.code == .headersTooLarge)
    #expect(failure(two) { $0.maximumHeadersPerPart = 0 }?.code == .tooManyHeaders)
    #expect(failure(two) { $0.maximumTotalBytes = 20 }?.offset == 20)
    #expect(throws: MultipartParseError.self) {
      try MultipartParser(boundary: String(repeating: "a", count: 201))
    }
    #expect(throws: MultipartParseError.self) { try MultipartParser(boundary: "") }
  }

  @Test func aLongHeaderLineStopsAtTheLimitWithoutGrowing() throws {
    var parser = try MultipartParser(boundary: "b")
    try parser.feed(Array("--b\r\nX: ".utf8)) { _ in }
    let chunk = [UInt8](repeating: 0x61, count: 4096)
    var thrown: MultipartParseError?
    for _ in 0..<100 {
      do { try parser.feed(chunk) { _ in } } catch {
        thrown = error as? MultipartParseError
        break
      }
    }
    #expect(thrown?.code == .headersTooLarge)
  }

  @Test func aBodyOfLineBreaksOnlyEndsAsUnexpectedEnd() throws {
    var parser = try MultipartParser(boundary: "boundary")
    let chunk: [UInt8] = (0..<(1 << 16)).map { $0 % 2 == 0 ? 0x0D : 0x0A }
    for _ in 0..<64 { try parser.feed(chunk) { _ in } }
    #expect(throws: MultipartParseError.self) { try parser.finish() }
  }
}

/// Bodies built to hurt a parser end in the right limit error, or parse, while streaming.
@Suite struct MultipartParserAdversarialTests {
  /// Feeds `chunk` `count` times, stopping at the first error.
  static func feed(
    _ parser: inout MultipartParser, _ chunk: [UInt8], times count: Int,
    onEvent: (MultipartParser.Event) -> Void = { _ in }
  ) -> MultipartParseError? {
    for _ in 0..<count {
      do { try parser.feed(chunk, onEvent) } catch { return error as? MultipartParseError }
    }
    return nil
  }

  @Test func aHeaderLineOfAGigabyteStopsAtTheHeaderLimit() throws {
    var parser = try MultipartParser(boundary: "b")
    try parser.feed(Array("--b\r\nX-Long: ".utf8)) { _ in }
    let error = Self.feed(&parser, [UInt8](repeating: 0x41, count: 1 << 20), times: 1024)
    #expect(error?.code == .headersTooLarge && error?.offset == 5)
  }

  @Test func aMillionTinyPartsHitThePartLimitOrParse() throws {
    let part = Array("--b\r\nContent-Disposition: form-data; name=x\r\n\r\ny\r\n".utf8)
    var limited = try MultipartParser(boundary: "b")
    let error = Self.feed(&limited, part, times: 1_000_000)
    #expect(error?.code == .tooManyParts && error?.offset == Int64(part.count * 1000 + 3))

    var limits = MultipartParserLimits()
    limits.maximumParts = 1_000_000
    var parser = try MultipartParser(boundary: "b", limits: limits)
    var ends = 0
    let chunk = Array(repeating: part, count: 1000).flatMap { $0 }
    #expect(Self.feed(&parser, chunk, times: 1000) { if case .partEnd = $0 { ends += 1 } } == nil)
    try parser.feed(Array("--b--".utf8)) { if case .partEnd = $0 { ends += 1 } }
    try parser.finish()
    #expect(ends == 1_000_000)
  }

  @Test func aRepeatedBoundaryPrefixIsBodyContent() throws {
    let boundary = "----WebKitFormBoundary7MA4YWxkTrZu0gW"
    var parser = try MultipartParser(boundary: boundary)
    try parser.feed(Array("--\(boundary)\r\nContent-Disposition: form-data; name=f\r\n\r\n".utf8)) {
      _ in
    }
    let almost = Array("\r\n--\(boundary.dropLast())".utf8)
    let chunk = Array(repeating: almost, count: 1000).flatMap { $0 }
    var size = 0
    #expect(
      Self.feed(&parser, chunk, times: 256) { if case .bodyBytes(let b) = $0 { size += b.count } }
        == nil)
    try parser.feed(Array("\r\n--\(boundary)--".utf8)) {
      if case .bodyBytes(let b) = $0 { size += b.count }
    }
    try parser.finish()
    #expect(size == chunk.count * 256)
  }

  @Test func aBodyOfOnlyLineBreaksNeverGrowsAndEndsUnfinished() throws {
    var parser = try MultipartParser(boundary: "boundary")
    let chunk: [UInt8] = (0..<(1 << 16)).map { $0 % 2 == 0 ? 0x0D : 0x0A }
    #expect(Self.feed(&parser, chunk, times: 1024) == nil)  // 64 MiB of CR LF: all preamble
    #expect(throws: MultipartParseError.self) { try parser.finish() }
  }

  @Test func theTotalLimitStopsAnEndlessBody() throws {
    var limits = MultipartParserLimits()
    limits.maximumTotalBytes = 10 << 20
    var parser = try MultipartParser(boundary: "b", limits: limits)
    try parser.feed(Array("--b\r\nContent-Disposition: form-data; name=f\r\n\r\n".utf8)) { _ in }
    let error = Self.feed(&parser, [UInt8](repeating: 0, count: 1 << 16), times: 1000)
    #expect(error?.code == .bodyTooLarge && error?.offset == 10 << 20)
  }
}

/// The delimiter search on bodies built against Boyer–Moore–Horspool, which switch it to its
/// line-feed-anchored mode: the parts must come out exact.
@Suite struct DelimiterSearchFallbackTests {
  @Test(arguments: [[Int.max], [4096], [1, 7, 300]])
  func aBoundaryOfOneCharacterInABodyOfIt(chunks: [Int]) throws {
    let boundary = String(repeating: "b", count: 70)
    let near = "\n--" + String(repeating: "b", count: 69) + "X"
    let content = Array(
      (String(repeating: "b", count: 100_000) + String(repeating: near, count: 2000) + "\r\n--b")
        .utf8)
    let body =
      Array("--\(boundary)\r\nContent-Disposition: form-data; name=\"f\"\r\n\r\n".utf8) + content
      + Array(
        "\r\n--\(boundary)\r\nContent-Disposition: form-data; name=\"g\"\r\n\r\nx\n--\(boundary)--"
          .utf8)
    let parts = try MultipartParserTests.parse(body, boundary: boundary, chunks: chunks)
    #expect(parts.map(\.name) == ["f", "g"])
    #expect(parts.first?.body == content && parts.last?.body == Array("x".utf8))
  }
}
