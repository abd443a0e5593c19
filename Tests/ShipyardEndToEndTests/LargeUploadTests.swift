import Foundation
import Multipart
import ShipyardTestSupport
import Testing

/// `shipyard form post` with a 1 GiB file against a real HTTP server on loopback.
///
/// The server (Python's http.server with werkzeug's decoder, `Peers/upload_server.py`) hashes
/// what it receives; `sha256sum` hashes the file; `/usr/bin/time -v` measures the client's peak
/// memory. `SHIPYARD_UPLOAD_TEST_BYTES` changes the size for local runs.
@Suite(
  .enabled(if: UploadPeers.shouldRun, "needs python3 with werkzeug, sha256sum and /usr/bin/time"))
struct LargeUploadTests {
  static let size =
    Int(ProcessInfo.processInfo.environment["SHIPYARD_UPLOAD_TEST_BYTES"] ?? "") ?? 1 << 30

  @Test func uploadsAGibibyteWithExactLengthAndBoundedMemory() throws {
    let folder = try ScratchFolder()
    defer { folder.remove() }
    let file = folder.file("big.bin")
    try Self.writeDistinctMebibytes(count: Self.size, to: file)
    let expectedHash = String(
      decoding: try ProcessRunner.check("sha256sum", [file.path]), as: UTF8.self
    ).prefix(64)

    let server = try UploadServer(requests: 1)
    defer { server.stop() }
    let run = try ProcessRunner.run(
      "/usr/bin/time",
      [
        "-v", BuiltProducts.shipyard.path, "form", "post", "http://127.0.0.1:\(server.port)/", "-F",
        "note=hello",
        "-F", "file=@\(file.path)", "--no-progress",
      ]
    )
    #expect(run.status == 0, "\(run.standardError)")
    let report = try JSONDecoder().decode(UploadServer.Report.self, from: run.standardOutput)

    var form = MultipartFormData()
    form.addString("hello", forField: "note")
    try form.addFile(at: file, forField: "file")
    #expect(report.transferEncoding == nil)
    #expect(report.contentLength.map(Int64.init) == form.contentLength)
    #expect(report.bytesReceived == report.contentLength)
    #expect(report.parts.map(\.name) == ["note", "file"])
    #expect(report.parts.last?.filename == "big.bin")
    #expect(report.parts.last?.size == Self.size)
    #expect(report.parts.last?.sha256 == String(expectedHash))

    let peak = try #require(Self.maximumResidentKilobytes(in: run.standardError))
    #expect(peak < 64 * 1024, "peak memory \(peak) KiB is not under 64 MiB")
    print(
      "1 GiB upload: peak resident memory \(peak / 1024) MiB, Content-Length \(report.contentLength ?? 0)"
    )
  }

  /// Writes `count` bytes made of 1 MiB blocks that each start with their own index.
  static func writeDistinctMebibytes(count: Int, to url: URL) throws {
    _ = FileManager.default.createFile(atPath: url.path, contents: nil)
    let handle = try FileHandle(forWritingTo: url)
    defer { try? handle.close() }
    var block = (0..<(1 << 20)).map { UInt8(truncatingIfNeeded: $0 &* 2_654_435_761 >> 13) }
    var written = 0
    var index: UInt64 = 0
    while written < count {
      withUnsafeBytes(of: index) { block.replaceSubrange(0..<8, with: $0) }
      let length = min(block.count, count - written)
      try handle.write(contentsOf: block[..<length])
      written += length
      index += 1
    }
  }

  static func maximumResidentKilobytes(in timeOutput: String) -> Int? {
    let line = timeOutput.split(separator: "\n").first { $0.contains("Maximum resident set size") }
    return line.flatMap {
      Int($0.split(separator: ":").last?.trimmingCharacters(in: .whitespaces) ?? "")
    }
  }
}

/// The programs the upload test needs.
enum UploadPeers {
  static let shouldRun = PeerPolicy.shouldRun(
    whenAvailable: ProcessRunner.succeeds("python3", ["-c", "import werkzeug"])
      && ProcessRunner.succeeds("/usr/bin/time", ["-v", "true"])
      && ProcessRunner.succeeds("sha256sum", ["--version"])
  )
}
