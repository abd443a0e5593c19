import Foundation
import ShipyardTestSupport
import Testing

/// `form post` never reports success for a form the final server did not receive whole: a
/// redirect is followed only with `-L`, and then only a 307 or 308, which send the form again;
/// every other answer that is not a success exits 22 and names the redirect's location.
@Suite(.enabled(if: UploadPeers.shouldRun, "needs python3 with werkzeug"))
struct FormPostRedirectTests {
  /// A form below the in-memory threshold (URLSession), and one above it (libcurl on Linux).
  enum Body: CaseIterable, Sendable {
    case small, large
  }

  @Test(arguments: [301, 302, 303, 307, 308, 500], [false, true])
  func onlyAWholeUploadSucceeds(status: Int, follows: Bool) throws {
    for body in Body.allCases {
      try check(status: status, follows: follows, body: body)
    }
  }

  private func check(status: Int, follows: Bool, body: Body) throws {
    let folder = try ScratchFolder()
    defer { folder.remove() }
    var fields = ["-F", "greeting=hello"]
    var fileSize = 0
    if body == .large {
      fileSize = 11_000_000
      let file = try folder.write([UInt8](repeating: 7, count: fileSize), to: "big.bin")
      fields += ["-F", "file=@\(file.path)"]
    }
    let resent = follows && (status == 307 || status == 308)
    // The server stops after the requests it expects (stopping it before hangs on Linux).
    let server = try UploadServer(requests: resent ? 2 : 1)
    defer { server.stop() }
    let url = server.url.appendingPathComponent("status/\(status)").absoluteString
    let run = try ProcessRunner.run(
      BuiltProducts.shipyard.path,
      ["form", "post", url] + fields + (follows ? ["-L"] : []) + ["--no-progress"])
    let label = "\(status) \(follows ? "-L" : "") \(body)"

    if resent {
      #expect(run.status == 0, "\(label): \(run.standardError)")
      let report = try JSONDecoder().decode(UploadServer.Report.self, from: run.standardOutput)
      #expect(report.method == "POST", "\(label)")
      #expect(report.bytesReceived == report.contentLength, "\(label)")
      #expect(report.parts.map(\.name) == (fileSize > 0 ? ["greeting", "file"] : ["greeting"]))
      #expect(report.parts.last?.size == (fileSize > 0 ? fileSize : 5), "\(label)")
      return
    }
    #expect(run.status == 22, "\(label): \(run.standardError)")
    if status < 400 {
      #expect(
        run.standardError.contains(server.url.absoluteString), "\(label): \(run.standardError)")
      #expect(run.standardError.contains("the form was not uploaded"), "\(label)")
      #expect(run.standardError.contains(follows ? "post to" : "-L") || status < 307, "\(label)")
    } else {
      #expect(run.standardError.contains("the server answered HTTP 500"), "\(label)")
    }
  }

  @Test func noFailPrintsTheRedirectAndExitsZero() throws {
    let server = try UploadServer(requests: 1)
    defer { server.stop() }
    let url = server.url.appendingPathComponent("status/302").absoluteString
    let run = try ProcessRunner.run(
      BuiltProducts.shipyard.path, ["form", "post", url, "-F", "a=b", "--no-fail"])
    #expect(run.status == 0)
    #expect(run.standardError.contains("HTTP 302 Found"))
    #expect(
      run.standardError.contains("warning: the server redirects to \(server.url.absoluteString)"))
  }

  @Test func theOutputFolderIsMadeBeforeTheUpload() throws {
    let folder = try ScratchFolder()
    defer { folder.remove() }
    let server = try UploadServer(requests: 1)
    defer { server.stop() }
    let output = folder.url.appendingPathComponent("replies/today/reply.json").path
    let run = try ProcessRunner.run(
      BuiltProducts.shipyard.path,
      ["form", "post", server.url.absoluteString, "-F", "a=b", "-o", output])
    #expect(run.status == 0, "\(run.standardError)")
    let report = try JSONDecoder().decode(
      UploadServer.Report.self, from: Data(contentsOf: URL(fileURLWithPath: output)))
    #expect(report.parts.map(\.name) == ["a"])
  }

  @Test func anOutputThatCannotBeWrittenStopsBeforeAnythingIsSent() throws {
    let folder = try ScratchFolder()
    defer { folder.remove() }
    let blocker = try folder.write([1], to: "file")
    let url = try SilentServer().url  // closed again at once: a request would fail to connect
    let output = blocker.path + "/reply.json"  // a folder where a file is
    let run = try ProcessRunner.run(
      BuiltProducts.shipyard.path, ["form", "post", url.absoluteString, "-F", "a=b", "-o", output])
    #expect(run.status == 1)
    #expect(run.standardError.contains(output), "\(run.standardError)")
    #expect(!run.standardError.contains("upload to"), "the form was sent: \(run.standardError)")
  }
}
