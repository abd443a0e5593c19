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

  @Test func exitsWithOneOnAnHTTPError() throws {
    // The server implements POST only, so PUT gets 501.
    let run = try post(["-X", "PUT", "-F", "a=b"])
    #expect(run.status == 1)
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
}
