import Foundation
import ShipyardTestSupport
import Testing

/// `form post --retry` sends the form again only when the server cannot have taken it.
///
/// That is after connections reset before any answer, or a 503; never after a success or another
/// error. The server's log shows every connection, so a second upload cannot go unseen.
@Suite(.enabled(if: UploadPeers.shouldRun, "needs python3 with werkzeug"))
struct FormPostRetryTests {
  /// A run of `form post` and what the server logged, one line a connection.
  private struct Exchange {
    var run: ProcessRunner.Output
    var log: [String]
    var retries: [Substring] {
      run.standardError.split(separator: "\n").filter { $0.hasPrefix("retrying") }
    }
  }

  /// Posts `greeting=hello` and `arguments` to `path` of a server that drops and answers as
  /// told, then stops it and reads its log.
  private func post(
    requests: Int, dropping: Int = 0, unavailable: Int = 0, path: String = "",
    _ arguments: [String]
  ) throws -> Exchange {
    let folder = try ScratchFolder()
    defer { folder.remove() }
    let log = folder.url.appendingPathComponent("server.log")
    let server = try UploadServer(
      requests: requests, dropping: dropping, unavailable: unavailable, log: log)
    defer { server.stop() }
    let run = try ProcessRunner.run(
      BuiltProducts.shipyard.path,
      ["form", "post", server.url.absoluteString + path, "--no-progress", "-F", "greeting=hello"]
        + arguments)
    server.stop()
    let lines =
      FileManager.default.fileExists(atPath: log.path)
      ? try String(contentsOf: log, encoding: .utf8).split(separator: "\n").map(String.init) : []
    return Exchange(run: run, log: lines)
  }

  /// Two connections reset, then the upload: with `--retry 3` the body arrives whole, once, for
  /// a small body and a large one; each retry is one line.
  @Test(arguments: [0, 11_000_000])
  func resetConnectionsAreRetriedAndTheBodyArrivesOnce(fileSize: Int) throws {
    let folder = try ScratchFolder()
    defer { folder.remove() }
    var fields: [String] = []
    if fileSize > 0 {
      let file = try folder.write([UInt8](repeating: 3, count: fileSize), to: "big.bin")
      fields = ["-F", "file=@\(file.path)"]
    }
    let exchange = try post(requests: 1, dropping: 2, fields + ["--retry", "3"])
    let run = exchange.run
    #expect(run.status == 0, "\(run.standardError)")
    #expect(exchange.retries.count == 2, "\(run.standardError)")
    #expect(exchange.retries.first?.hasPrefix("retrying in 1 s (attempt 2 of 4): ") == true)
    #expect(exchange.retries.last?.hasPrefix("retrying in 2 s (attempt 3 of 4): ") == true)
    let report = try JSONDecoder().decode(UploadServer.Report.self, from: run.standardOutput)
    #expect(report.bytesReceived == report.contentLength)
    #expect(report.parts.last?.size == (fileSize > 0 ? fileSize : 5))
    #expect(exchange.log == ["dropped", "dropped", "POST / 200"])
  }

  @Test func withoutRetriesAResetConnectionFails() throws {
    let exchange = try post(requests: 0, dropping: 1, ["--retry", "0"])
    #expect(exchange.run.status == 1, "\(exchange.run.standardError)")
    #expect(exchange.run.standardError.contains("shipyard: error: upload to http://127.0.0.1:"))
    #expect(exchange.retries.isEmpty)
    #expect(exchange.log == ["dropped"])
  }

  /// A 503 with `Retry-After: 1` is waited out and sent again.
  @Test func anUnavailableServerIsRetried() throws {
    let exchange = try post(requests: 1, unavailable: 1, ["--retry", "2"])
    #expect(exchange.run.status == 0, "\(exchange.run.standardError)")
    #expect(
      exchange.retries.map(String.init) == [
        "retrying in 1 s (attempt 2 of 3): the server answered HTTP 503 Service Unavailable"
      ], "\(exchange.run.standardError)")
    #expect(exchange.log == ["POST / 503", "POST / 200"])
  }

  /// A success, a client error and server errors the body may have reached are final (a retry
  /// would be refused, retried again and fail: seen in the exit status and the log).
  @Test(arguments: [(200, 0), (400, 22), (500, 22), (502, 22)])
  func noOtherAnswerIsRetried(status: Int, exitStatus: Int32) throws {
    let path = status == 200 ? "" : "status/\(status)"
    let exchange = try post(requests: 1, path: path, ["--retry", "3"])
    #expect(exchange.run.status == exitStatus, "\(exchange.run.standardError)")
    #expect(exchange.retries.isEmpty, "\(exchange.run.standardError)")
    #expect(exchange.log == ["POST /\(path) \(status)"])
  }
}
