import Foundation
import ShipyardTestSupport
import Testing

@Suite struct FormEncodeCommandTests {
  @Test func writesTheBodyToStandardOutputAndTheTypeToStandardError() async throws {
    let folder = try ScratchFolder()
    defer { folder.remove() }
    try folder.write(Array("hello file\n".utf8), to: "plain.txt")
    let console = CapturingConsole()
    let status = await console.run([
      "form", "encode", "-F", "field=value", "-F", "file=@\(folder.path("plain.txt"))",
      "--boundary", "XyZ",
    ])
    #expect(status == 0)
    #expect(console.errors == "Content-Type: multipart/form-data; boundary=XyZ\n")
    #expect(
      console.outputText
        == "--XyZ\r\nContent-Disposition: form-data; name=\"field\"\r\n\r\nvalue\r\n"
        + "--XyZ\r\nContent-Disposition: form-data; name=\"file\"; filename=\"plain.txt\"\r\n"
        + "Content-Type: text/plain\r\n\r\nhello file\n\r\n--XyZ--\r\n"
    )
  }

  @Test func writesTheBodyToAFileAndPrintsTheContentType() async throws {
    let folder = try ScratchFolder()
    defer { folder.remove() }
    let console = CapturingConsole()
    let status = await console.run([
      "form", "encode", "-F", "a=b", "--form-string", "c=@d;e", "-o", folder.path("body"),
    ])
    #expect(status == 0)
    let contentType = console.outputText.trimmingCharacters(in: .newlines)
    #expect(contentType.hasPrefix("multipart/form-data; boundary=----ShipyardBoundary"))
    let body = String(decoding: try Data(contentsOf: folder.file("body")), as: UTF8.self)
    let boundary = String(contentType.dropFirst("multipart/form-data; boundary=".count))
    #expect(
      body.hasPrefix("--\(boundary)\r\nContent-Disposition: form-data; name=\"a\"\r\n\r\nb\r\n"))
    #expect(body.contains("name=\"c\"\r\n\r\n@d;e\r\n"))
    #expect(folder.contents == ["body"])
  }

  @Test func appliesTypeFilenameAndHeaders() async throws {
    let folder = try ScratchFolder()
    defer { folder.remove() }
    try folder.write(Array("# notes".utf8), to: "notes.txt")
    try folder.write(Array("# comment\nX-One: 1\nX-Two: a\n  b\n".utf8), to: "headers")
    let console = CapturingConsole()
    let status = await console.run([
      "form", "encode", "--boundary", "B",
      "-F",
      "doc=@\(folder.path("notes.txt"));type=text/markdown;filename=README.md;headers=@\(folder.path("headers"))",
      "-F", "meta=<\(folder.path("notes.txt"));type=application/json",
    ])
    #expect(status == 0, "\(console.errors)")
    #expect(
      console.outputText
        == "--B\r\nContent-Disposition: form-data; name=\"doc\"; filename=\"README.md\"\r\nContent-Type: text/markdown\r\n"
        + "X-One: 1\r\nX-Two: a b\r\n\r\n# notes\r\n--B\r\nContent-Disposition: form-data; name=\"meta\"\r\n"
        + "Content-Type: application/json\r\n\r\n# notes\r\n--B--\r\n"
    )
  }

  /// Each bad input gets a clear error naming the problem, the right exit code, and no output file.
  @Test(arguments: [
    (
      ["-F", "a=@/nonexistent/missing.bin"], Int32(1),
      "file not found: /nonexistent/missing.bin (field \"a\")"
    ),
    (["-F", "a=@/tmp"], 1, "cannot upload /tmp: it is a directory (field \"a\")"),
    (["-F", "a=</nonexistent/text.txt"], 1, "cannot read /nonexistent/text.txt (field \"a\")"),
    (
      ["-F", "a=b", "--boundary", "bad;boundary"], 64,
      "invalid boundary: character 4 (\";\") is not allowed by RFC 2046"
    ),
    (
      ["-F", "a=b", "--boundary", String(repeating: "b", count: 71)], 64,
      "71 bytes, more than the 70 RFC 2046 allows"
    ),
    (["-F", "novalue"], 64, "invalid -F \"novalue\": expected name=value"),
    (["-F", "a=b;headers=\"X-A\""], 1, "has no ':'"),
    ([], 64, "no fields"),
    (["-F", "a=b", "--frobnicate"], 64, "unknown option --frobnicate"),
    (["-F"], 64, "option -F needs a value"),
  ])
  func badInputIsAClearErrorAndLeavesNoOutput(arguments: [String], exitCode: Int32, message: String)
    async throws
  {
    let folder = try ScratchFolder()
    defer { folder.remove() }
    let console = CapturingConsole()
    let status = await console.run(
      ["form", "encode", "-o", folder.path("out.multipart")] + arguments)
    #expect(status == exitCode)
    #expect(console.errors.contains(message), "\(console.errors)")
    #expect(console.errors.hasPrefix("shipyard: error: "))
    #expect(folder.contents.isEmpty)
  }

  @Test func aFailedWriteKeepsThePreviousFile() async throws {
    let folder = try ScratchFolder()
    defer { folder.remove() }
    try folder.write(Array("previous".utf8), to: "out")
    let console = CapturingConsole()
    let status = await console.run([
      "form", "encode", "-F", "a=@/nonexistent", "-o", folder.path("out"),
    ])
    #expect(status == 1)
    #expect(try Data(contentsOf: folder.file("out")) == Data("previous".utf8))
    #expect(folder.contents == ["out"])
  }
}
