import Foundation
import ShipyardTestSupport
import Testing

/// `form post -u` sends HTTP Basic authentication with a password read from the environment and
/// printed nowhere; `--cacert` trusts a private CA's HTTPS server, on every path a body can take.
@Suite(.enabled(if: UploadPeers.shouldRun, "needs python3 with werkzeug"))
struct FormPostCredentialTests {
  private let password = "pa55:wörd-\(UUID().uuidString)"

  @Test func basicAuthenticationSendsTheHeaderAndPrintsNoPassword() throws {
    let folder = try ScratchFolder()
    defer { folder.remove() }
    let server = try UploadServer(requests: 1)
    defer { server.stop() }
    let reply = folder.path("reply.json")
    let run = try ProcessRunner.run(
      "env",
      [
        "FORM_PASSWORD=\(password)", BuiltProducts.shipyard.path, "form", "post",
        server.url.absoluteString, "-F", "a=b", "-u", "alice", "--password-env", "FORM_PASSWORD",
        "-o", reply,
      ])
    #expect(run.status == 0, "\(run.standardError)")
    let report = try JSONDecoder().decode(
      UploadServer.Report.self, from: Data(contentsOf: URL(fileURLWithPath: reply)))
    let expected = "Basic " + Data("alice:\(password)".utf8).base64EncodedString()
    #expect(report.headers?["authorization"] == expected)
    #expect(report.parts.map(\.name) == ["a"])
    #expect(run.standardOutput.isEmpty)
    #expect(!run.standardError.contains(password) && !run.standardError.contains(expected))
  }

  /// A 307 to the same host, followed with `-L`, keeps the credentials (another host's does not:
  /// `UploadRedirectionTests`).
  @Test func aRedirectToTheSameHostKeepsTheCredentials() throws {
    let server = try UploadServer(requests: 2)
    defer { server.stop() }
    let run = try ProcessRunner.run(
      "env",
      [
        "FORM_PASSWORD=\(password)", BuiltProducts.shipyard.path, "form", "post",
        server.url.appendingPathComponent("status/307").absoluteString, "-F", "a=b", "-L",
        "-u", "alice", "--password-env", "FORM_PASSWORD",
      ])
    #expect(run.status == 0, "\(run.standardError)")
    let report = try JSONDecoder().decode(UploadServer.Report.self, from: run.standardOutput)
    let expected = "Basic " + Data("alice:\(password)".utf8).base64EncodedString()
    #expect(report.headers?["authorization"] == expected)
    #expect(!run.standardError.contains(password))
  }

  /// Each mistake is a usage error (64) naming the variable or the option, never the password,
  /// before anything is sent (nothing listens at the URL).
  @Test(
    arguments: [
      (
        ["FORM_PASSWORD=x"], ["-u", "alice", "--password-env", "UNSET_PASSWORD"],
        "--password-env UNSET_PASSWORD: the environment variable UNSET_PASSWORD is not set"
      ),
      (
        ["FORM_PASSWORD="], ["-u", "alice", "--password-env", "FORM_PASSWORD"],
        "the environment variable FORM_PASSWORD is empty"
      ),
      ([], ["-u", "alice"], "-u needs --password-env <VAR>"),
      ([], ["--password-env", "FORM_PASSWORD"], "--password-env needs -u <name>"),
      (
        [], ["-u", "alice:inline-secret", "--password-env", "FORM_PASSWORD"],
        "-u takes the user name only"
      ),
    ] as [([String], [String], String)])
  func aMissingPasswordIsAUsageErrorNamingTheVariable(
    environment: [String], arguments: [String], message: String
  ) throws {
    let url = try SilentServer().url  // closed again at once: an upload would fail to connect
    let run = try ProcessRunner.run(
      "env",
      ["-u", "UNSET_PASSWORD"] + environment
        + [BuiltProducts.shipyard.path, "form", "post", url.absoluteString, "-F", "a=b"]
        + arguments)
    #expect(run.status == 64, "\(run.standardError)")
    #expect(run.standardError.contains(message), "\(run.standardError)")
    #expect(!run.standardError.contains("inline-secret"))
    #expect(!run.standardError.contains("upload to"))
  }

  /// A private CA's server: trusted with `--cacert ca.pem`, for a body sent from memory and one
  /// sent in bounded memory (both through libcurl on Linux); refused with no `--cacert` or
  /// another CA's, and a `--cacert` file that holds no certificate stops before connecting.
  @Test(arguments: [0, 11_000_000])
  func aPrivateCAIsTrustedOnlyWithCACert(fileSize: Int) throws {
    let folder = try ScratchFolder()
    defer { folder.remove() }
    try ProcessRunner.check(
      "bash", [TestPKI.doubles.appendingPathComponent("make_tls_server.sh").path, folder.url.path])
    var fields = ["-F", "greeting=hello"]
    if fileSize > 0 {
      let file = try folder.write([UInt8](repeating: 9, count: fileSize), to: "big.bin")
      fields += ["-F", "file=@\(file.path)"]
    }
    func post(trusting ca: String?) throws -> ProcessRunner.Output {
      let server = try UploadServer(
        requests: 1,
        tls: (
          folder.url.appendingPathComponent("server.pem"),
          folder.url.appendingPathComponent("server.key")
        ))
      defer { server.stop() }
      return try ProcessRunner.run(
        BuiltProducts.shipyard.path,
        ["form", "post", server.url.absoluteString, "--no-progress"] + fields
          + (ca.map { ["--cacert", folder.path($0)] } ?? []))
    }

    let trusted = try post(trusting: "ca.pem")
    #expect(trusted.status == 0, "\(trusted.standardError)")
    let report = try JSONDecoder().decode(UploadServer.Report.self, from: trusted.standardOutput)
    #expect(report.parts.map(\.name) == (fileSize > 0 ? ["greeting", "file"] : ["greeting"]))
    #expect(report.bytesReceived == report.contentLength)

    for ca in [nil, "other-ca.pem"] {
      let refused = try post(trusting: ca)
      #expect(refused.status == 1, "\(ca ?? "system CAs"): \(refused.standardError)")
      #expect(refused.standardError.contains("upload to https://127.0.0.1:"))
      #expect(
        refused.standardError.lowercased().contains("certificate"), "\(refused.standardError)")
    }

    let url = try SilentServer().url
    let notPEM = try ProcessRunner.run(
      BuiltProducts.shipyard.path,
      ["form", "post", url.absoluteString, "-F", "a=b", "--cacert", folder.path("server.key")])
    #expect(notPEM.status == 1)
    #expect(
      notPEM.standardError.contains(
        "--cacert \(folder.path("server.key")): it holds no PEM certificate"),
      "\(notPEM.standardError)")
    #expect(!notPEM.standardError.contains("upload to"))
  }
}
