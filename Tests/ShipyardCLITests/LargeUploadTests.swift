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

  struct ServerReport: Decodable {
    struct Part: Decodable {
      var name: String
      var filename: String?
      var size: Int
      var sha256: String
    }
    var contentLength: Int
    var transferEncoding: String?
    var bytesReceived: Int
    var parts: [Part]
  }

  @Test func uploadsAGibibyteWithExactLengthAndBoundedMemory() throws {
    let folder = try ScratchFolder()
    defer { folder.remove() }
    let file = folder.file("big.bin")
    try Self.writeDistinctMebibytes(count: Self.size, to: file)
    let expectedHash = String(
      decoding: try ProcessRunner.check("sha256sum", [file.path]), as: UTF8.self
    ).prefix(64)

    let server = try LoopbackServer(
      script: PeerPolicy.multipartPeers.appendingPathComponent("upload_server.py"))
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
    let report = try JSONDecoder().decode(ServerReport.self, from: run.standardOutput)

    var form = MultipartFormData()
    form.addString("hello", forField: "note")
    try form.addFile(at: file, forField: "file")
    #expect(report.transferEncoding == nil)
    #expect(Int64(report.contentLength) == form.contentLength)
    #expect(report.bytesReceived == report.contentLength)
    #expect(report.parts.map(\.name) == ["note", "file"])
    #expect(report.parts.last?.filename == "big.bin")
    #expect(report.parts.last?.size == Self.size)
    #expect(report.parts.last?.sha256 == String(expectedHash))

    let peak = try #require(Self.maximumResidentKilobytes(in: run.standardError))
    #expect(peak < 64 * 1024, "peak memory \(peak) KiB is not under 64 MiB")
    print(
      "1 GiB upload: peak resident memory \(peak / 1024) MiB, Content-Length \(report.contentLength)"
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

/// The upload server, started on a free loopback port.
final class LoopbackServer {
  let port: Int
  private let process: Process

  init(script: URL) throws {
    process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["python3", script.path, "--requests", "1", "--seconds", "600"]
    let output = Pipe()
    process.standardOutput = output
    try process.run()
    var line = Data()
    while !line.contains(0x0A) {
      let chunk = output.fileHandleForReading.availableData
      if chunk.isEmpty { break }
      line += chunk
    }
    guard
      let port = Int(
        String(decoding: line, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines))
    else {
      process.terminate()
      throw ProcessFailure(
        command: "upload_server.py", status: -1, errorOutput: "did not print its port")
    }
    self.port = port
  }

  func stop() {
    if process.isRunning { process.terminate() }
    process.waitUntilExit()
  }
}
