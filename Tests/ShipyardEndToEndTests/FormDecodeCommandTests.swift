import Foundation
import ShipyardTestSupport
import Testing

@Suite struct FormDecodeCommandTests {
  private func shipyard(_ arguments: [String]) throws -> ProcessRunner.Output {
    try ProcessRunner.run(BuiltProducts.shipyard.path, arguments)
  }

  @Test func encodedBodiesDecodeToTheirFieldsWithDigests() throws {
    let folder = try ScratchFolder()
    defer { folder.remove() }
    let file = try folder.write(
      (0..<100_000).map { UInt8(truncatingIfNeeded: $0 &* 7) }, to: "blob.bin")
    let encode = try shipyard([
      "form", "encode", "-F", "title=Hello", "-F", "we\"ird=x", "-F", "blob=@\(file.path)",
      "-o", folder.path("body"),
    ])
    #expect(encode.status == 0, "\(encode.standardError)")
    let contentType = String(decoding: encode.standardOutput, as: UTF8.self)
      .trimmingCharacters(in: .whitespacesAndNewlines)
    let decode = try shipyard([
      "form", "decode", "--content-type", contentType, folder.path("body"), "--json",
    ])
    #expect(decode.status == 0, "\(decode.standardError)")
    let report = try #require(
      try JSONSerialization.jsonObject(with: decode.standardOutput) as? [String: Any])
    let parts = try #require(report["parts"] as? [[String: Any]])
    #expect(parts.map { $0["name"] as? String } == ["title", "we\"ird", "blob"])
    #expect(parts[2]["filename"] as? String == "blob.bin" && parts[2]["size"] as? Int == 100_000)
    let digest = try ProcessRunner.check("sha256sum", [file.path])
    #expect(parts[2]["sha256"] as? String == String(decoding: digest.prefix(64), as: UTF8.self))
    #expect(parts[0]["filename"] is NSNull && parts[0]["contentType"] is NSNull)

    let lines = try shipyard([
      "form", "decode", "--content-type", contentType, folder.path("body"), "--no-digest",
    ])
    let text = String(decoding: lines.standardOutput, as: UTF8.self)
    #expect(text.contains("name=\"title\" size=5\n") && !text.contains("sha256"))
  }

  @Test(arguments: [
    ("--b\r\nContent-Disposition: form-data; name=a\r\n\r\nunfinished", "ended inside part 1"),
    ("--b\r\nno colon\r\n\r\nx\r\n--b--", "is not name: value (at byte 5)"),
    ("--b\r\nContent-Type: text/plain\r\n\r\nx\r\n--b--", "no Content-Disposition header"),
    (
      "--b\r\nContent-Disposition: form-data; name=a\r\n\r\nx\r\n--b\r\nContent-Disposition: form-data\r\n\r\ny\r\n--b--",
      "part 2's Content-Disposition has no name parameter (form-data parts need one) (at byte 55)"
    ),
  ])
  func malformedBodiesExit1NamingTheOffset(body: String, message: String) throws {
    let folder = try ScratchFolder()
    defer { folder.remove() }
    try folder.write(Array(body.utf8), to: "body")
    let run = try shipyard([
      "form", "decode", "--content-type", "multipart/form-data; boundary=b", folder.path("body"),
    ])
    #expect(run.status == 1)
    #expect(
      run.standardError.contains("malformed multipart body") && run.standardError.contains(message),
      "\(run.standardError)")
  }

  @Test func lenientAcceptsPartsWithoutAFormDataName() throws {
    let folder = try ScratchFolder()
    defer { folder.remove() }
    try folder.write(
      Array("--b\r\nContent-Type: text/plain\r\n\r\nx\r\n--b--".utf8), to: "body")
    let run = try shipyard([
      "form", "decode", "--content-type", "multipart/mixed; boundary=b", folder.path("body"),
      "--lenient", "--no-digest",
    ])
    #expect(run.status == 0, "\(run.standardError)")
    #expect(
      String(decoding: run.standardOutput, as: UTF8.self) == "name=\"\" type=text/plain size=1\n")
  }

  @Test(arguments: [
    (["form", "decode", "x"], 64, "missing --content-type"),
    (["form", "decode", "--content-type", "text/plain", "/dev/null"], 1, "is not multipart"),
    (["form", "decode", "--content-type", "multipart/form-data", "/dev/null"], 1, "no boundary"),
    (
      ["form", "decode", "--content-type", "multipart/form-data; boundary=b", "/nonexistent"], 1,
      "/nonexistent"
    ),
  ])
  func badInvocationsAreNamed(arguments: [String], status: Int32, message: String) throws {
    let run = try shipyard(arguments)
    #expect(run.status == status && run.standardError.contains(message), "\(run.standardError)")
  }
}
