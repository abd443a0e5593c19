import Foundation
import ShipyardTestSupport
import Testing

@Suite(.enabled(if: UploadPeers.shouldRun, "needs python3 with werkzeug"))
struct FormPostCommandTests {
  /// Runs `shipyard form post <server> arguments…` against a fresh upload server.
  private func post(_ arguments: [String]) throws -> ProcessRunner.Output {
    let server = try UploadServer(requests: 1)
    defer { server.stop() }
    return try ProcessRunner.run(
      BuiltProducts.shipyard.path, ["form", "post", server.url.absoluteString] + arguments)
  }

  @Test func printsTheStatusAndTheReplyAndSucceeds() throws {
    let run = try post(["-F", "greeting=hello", "-H", "X-Trace: 1"])
    #expect(run.status == 0)
    #expect(run.standardError == "HTTP 200 OK\n")
    let report = try JSONDecoder().decode(UploadServer.Report.self, from: run.standardOutput)
    #expect(report.parts.map(\.name) == ["greeting"])
  }

  @Test func exitsWith22OnAnHTTPErrorAsCurlFailDoes() throws {
    // The server implements POST only, so PUT gets 501.
    let run = try post(["-X", "PUT", "-F", "a=b"])
    #expect(run.status == 22)
    #expect(run.standardError.contains("HTTP 501 Not Implemented"))
    #expect(
      run.standardError.contains("shipyard: error: the server answered HTTP 501 Not Implemented"))
  }

  @Test func aRefusedConnectionIsAFailureNamingTheURL() throws {
    let url = try SilentServer().url  // closed again at once: nothing listens there
    let run = try ProcessRunner.run(
      BuiltProducts.shipyard.path, ["form", "post", url.absoluteString, "-F", "a=b"])
    #expect(run.status == 1)
    #expect(run.standardError.contains("shipyard: error: upload to \(url.absoluteString) failed"))
  }

  /// A large upload that fails is an error naming why, and leaves no temporary file.
  ///
  /// The body is large enough to go through a temporary file; the server drops the connection
  /// after 1 MiB, or accepts nothing (`--max-time 1`). FoundationNetworking's own file upload
  /// could stop the process instead (SIGILL), leaving its temporary file.
  @Test(arguments: [true, false])
  func aFailedLargeUploadIsAnErrorAndLeavesNothing(dropped: Bool) throws {
    let folder = try ScratchFolder()
    defer { folder.remove() }
    let temporary = try ScratchFolder()
    defer { temporary.remove() }
    let file = try folder.write([UInt8](repeating: 7, count: 24 << 20), to: "big.bin")
    let server = try SilentServer(draining: dropped, closingAfter: 1 << 20)
    let url = server.url.absoluteString
    let run = try ProcessRunner.run(
      "env",
      [
        "TMPDIR=\(temporary.url.path)", BuiltProducts.shipyard.path, "form", "post", url,
        "--max-time", "1",
      ]
        + ["-F", "file=@\(file.path)"])
    #expect(run.status == 1, "\(run.standardError)")
    #expect(run.standardError.contains("shipyard: error: upload to \(url) failed: "))
    #if os(Linux)
    // libcurl's words on Linux; URLSession's own on Apple platforms.
    let reason = dropped ? "Connection reset by peer" : "timed out"
    #expect(run.standardError.contains(reason), "\(run.standardError)")
    #endif
    #expect(temporary.contents.isEmpty, "temporary body file left behind")
  }
}
