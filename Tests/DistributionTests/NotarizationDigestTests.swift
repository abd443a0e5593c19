import Digests
import Distribution
import Foundation
import NotaryService
import ShipyardTestSupport
import SystemSupport
import Testing

/// A notarization hashes the image once: the state file, the Notary API's submission and S3's
/// payload digest all take the Notarizer's one digest, and a rerun hashes once to find its state.
@Suite struct NotarizationDigestTests {
  /// A digest no pass over the image gives: whatever holds it had it from the Notarizer's hook.
  static let marker = FileDigest(
    algorithm: .sha256, value: [UInt8](repeating: 0xAB, count: 32), byteCount: 12)

  @Test(
    .enabled(
      if: PeerPolicy.shouldRun(whenAvailable: ProcessRunner.succeeds("openssl", ["version"])),
      "needs openssl to make an App Store Connect-style key"))
  func theNativeEngineSubmitsAndUploadsTheNotarizersOneDigest() async throws {
    let folder = try ScratchFolder()
    defer { folder.remove() }
    let image = try folder.write(Array("a disk image".utf8), to: "Hello.dmg").path
    let key = folder.path("AuthKey_TESTKEY123.p8")
    try TestAPIKey.write(to: key)
    let service = RecordingNotaryService()
    let engine = NativeEngine(
      configuration: NativeEngine.Configuration(
        notaryURL: try #require(URL(string: "http://notary.test/notary/v2")),
        s3URL: URL(string: "http://s3.test"),
        ticketURL: try #require(URL(string: "http://ticket.test/lookup")), timestampURL: nil,
        identifier: nil),
      transport: service.transport)
    let notarizer = Notarizer(
      engine: engine, credentials: .apiKey(path: key, keyID: nil, issuer: "issuer"),
      clock: FakeClock().clock,
      digestImage: { _ in
        service.countPass()
        return Self.marker
      })

    let outcome = try await notarizer.notarization(of: image)

    #expect(service.passes == 1)
    #expect(
      outcome.submissionID == RecordingNotaryService.submission && outcome.image == Self.marker)
    #expect(service.submitted == [Self.marker.hex])
    #expect(service.uploaded == [Self.marker.hex])
    let state = try JSONDecoder().decode(
      Notarizer.State.self,
      from: Data(contentsOf: URL(fileURLWithPath: Notarizer.statePath(for: image))))
    #expect(state.imageSHA256 == Self.marker.hex && state.status == "Accepted")
    // A rerun: one pass to find the state, no new submission, no upload.
    let rerun = try await notarizer.notarization(of: image)
    #expect(service.passes == 2 && rerun == outcome)
    #expect(service.submitted.count == 1 && service.uploaded.count == 1)
  }

  /// The default hook is one pass over the file: its digest and size are the image's.
  @Test func theDefaultDigestIsTheImagesSHA256() async throws {
    let tools = try FakeToolbox()
    defer { tools.remove() }
    let outcome = try await Notarizer(
      engine: AppleEngine(runner: tools.runner), credentials: .keychainProfile("ci"),
      clock: FakeClock().clock
    ).notarization(of: tools.image)
    let bytes = try Data(contentsOf: URL(fileURLWithPath: tools.image))
    #expect(outcome.image.hex == DigestAlgorithm.sha256.digest(bytes).hex)
    #expect(outcome.image.byteCount == Int64(bytes.count))
    let state = try String(contentsOfFile: Notarizer.statePath(for: tools.image), encoding: .utf8)
    #expect(state.contains(outcome.image.hex))
  }
}

/// The Notary API and S3 in memory: accepts one submission, records the digests it is given.
struct RecordingNotaryService: Sendable {
  static let submission = "a4d7c6f2-0000-4c3e-9b1a-000000000001"

  private struct Record: Sendable {
    var submitted: [String] = []
    var uploaded: [String] = []
    var passes = 0
  }

  private let record = Locked(Record())

  /// The `sha256` of each submission created.
  var submitted: [String] { record.withLock { $0.submitted } }
  /// The `x-amz-content-sha256` of each upload.
  var uploaded: [String] { record.withLock { $0.uploaded } }
  /// How many times the image was hashed.
  var passes: Int { record.withLock { $0.passes } }

  /// Counts a pass over the image.
  func countPass() { record.withLock { $0.passes += 1 } }

  var transport: HTTPTransport {
    HTTPTransport { [record] request in
      let path = request.url.path
      switch (request.method, request.url.host ?? "") {
      case ("POST", "notary.test") where path.hasSuffix("/submissions"):
        guard case .data(let body) = request.body,
          let json = try JSONSerialization.jsonObject(with: body) as? [String: Any],
          let sha256 = json["sha256"] as? String
        else { return HTTPResponse(status: 400, body: Data()) }
        record.withLock { $0.submitted.append(sha256) }
        return Self.json([
          "data": [
            "id": Self.submission,
            "attributes": [
              "awsAccessKeyId": "AKIA", "awsSecretAccessKey": "secret", "awsSessionToken": "token",
              "bucket": "notary-submissions", "object": "prod/Hello.dmg",
            ],
          ]
        ])
      case ("GET", "notary.test") where path.hasSuffix("/submissions"):
        return Self.json(["data": [[String: Any]](), "meta": [String: Any]()])  // no history
      case ("PUT", "s3.test"):
        record.withLock { $0.uploaded.append(request.headers["x-amz-content-sha256"] ?? "") }
        return HTTPResponse(status: 200, body: Data())
      case ("GET", "notary.test") where path.hasSuffix("/submissions/\(Self.submission)"):
        return Self.json(["data": ["attributes": ["status": "Accepted"]]])
      default:
        return HTTPResponse(status: 404, body: Data("no route for \(request.method) \(path)".utf8))
      }
    }
  }

  static func json(_ object: [String: Any]) -> HTTPResponse {
    HTTPResponse(status: 200, body: (try? JSONSerialization.data(withJSONObject: object)) ?? Data())
  }
}
