import Foundation
import NotaryService
import ShipyardTestSupport
import SystemSupport
import Testing

/// The Notary clients' pieces against independent peers: SigV4 against botocore, JWT claims and
/// renewal, bounded retries (RFC 3161 tokens: DistributionTests' TimestampedSigningTests).
@Suite(
  .enabled(
    if: PeerPolicy.shouldRun(whenAvailable: NotaryDouble.isAvailable),
    Comment(rawValue: NotaryDouble.requirement)))
struct NotaryServiceTests {
  /// Our SigV4 Authorization for a PUT equals botocore's for the same request and time.
  @Test func sigV4MatchesBotocore() throws {
    let credentials = S3Credentials(
      accessKeyID: "ASIAEXAMPLE", secretAccessKey: "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY",
      sessionToken: "FQoGZXIvYXdzEXAMPLE//token==")
    let url = try #require(
      URL(string: "https://notary-bucket.s3.us-west-2.amazonaws.com/prod/a b/Hello+1.dmg"))
    let date = Date(timeIntervalSince1970: 1_767_225_600)  // 2026-01-01T00:00:00Z
    let payload = String(repeating: "ab", count: 32)
    let ours = SigV4Signer(credentials: credentials, region: "us-west-2").signedHeaders(
      method: "PUT", url: url, headers: ["content-type": "application/octet-stream"],
      payloadSHA256: payload, date: date)
    let script = """
      import sys
      from botocore.auth import S3SigV4Auth
      from botocore.awsrequest import AWSRequest
      from botocore.credentials import Credentials
      url, payload = sys.argv[1], sys.argv[2]
      request = AWSRequest(method="PUT", url=url, headers={
          "content-type": "application/octet-stream", "x-amz-content-sha256": payload,
          "x-amz-date": "20260101T000000Z", "x-amz-security-token": "FQoGZXIvYXdzEXAMPLE//token=="})
      request.context["timestamp"] = "20260101T000000Z"
      signer = S3SigV4Auth(Credentials("ASIAEXAMPLE", "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY",
          "FQoGZXIvYXdzEXAMPLE//token=="), "s3", "us-west-2")
      canonical = signer.canonical_request(request)
      print(signer.signature(signer.string_to_sign(request, canonical), request))
      """
    let theirs = try ProcessRunner.check(
      "python3",
      [
        "-c", script, "https://notary-bucket.s3.us-west-2.amazonaws.com/prod/a%20b/Hello%2B1.dmg",
        payload,
      ])
    let signature = String(decoding: theirs, as: UTF8.self).trimmingCharacters(
      in: .whitespacesAndNewlines)
    #expect(ours["Authorization"]?.hasSuffix("Signature=\(signature)") == true, "\(ours)")
    #expect(
      ours["Authorization"]?.contains(
        "SignedHeaders=content-type;host;x-amz-content-sha256;x-amz-date;x-amz-security-token")
        == true)
    #expect(!"\(credentials)".contains("wJalr"))
  }

  /// Tokens carry the claims Apple wants and are renewed before they run out.
  @Test func tokensHaveAppleClaimsAndAreRenewed() async throws {
    let double = try NotaryDouble()
    defer { double.stop() }
    let key = try AppStoreConnectKey(
      p8: Array(try Data(contentsOf: double.folder.file("AuthKey_TESTKEY123.p8"))),
      keyID: "TESTKEY123", issuer: NotaryDouble.issuer, path: "AuthKey_TESTKEY123.p8")
    #expect("\(key)" == "AppStoreConnectKey(TESTKEY123)")
    let clock = TestClock(Date(timeIntervalSince1970: 1_767_225_600))
    let source = TokenSource(key: key, now: { clock.now })
    let first = try await source.token()
    let parts = first.split(separator: ".").map(String.init)
    #expect(parts.count == 3)
    let claimBytes = try #require(Self.base64URL(parts[1]))
    let claims = try #require(
      try JSONSerialization.jsonObject(with: claimBytes) as? [String: Any])
    #expect(claims["iss"] as? String == NotaryDouble.issuer)
    #expect(claims["aud"] as? String == "appstoreconnect-v1")
    #expect(claims["iat"] as? Int == 1_767_225_600)
    #expect((claims["exp"] as? Int ?? 0) - 1_767_225_600 <= 1200)
    #expect(Self.base64URL(parts[2])?.count == 64)
    clock.now += 5 * 60
    #expect(try await source.token() == first)
    clock.now += 6 * 60
    #expect(try await source.token() != first)
    #expect(throws: NotaryServiceError.self) {
      try AppStoreConnectKey(
        p8: Array(try Data(contentsOf: double.folder.file("leaf.key"))), keyID: "K", issuer: "I",
        path: "leaf.key")
    }
  }

  @Test func connectionErrorsAnd5xxAreRetriedBoundedly() async throws {
    let calls = Counter()
    let failing = HTTPTransport { _ in
      calls.increment()
      return HTTPResponse(status: 503, body: Data("busy".utf8))
    }.retrying(service: "test", attempts: 3, delay: 1, sleep: { _ in })
    let url = try #require(URL(string: "http://127.0.0.1:9/"))
    let response = try await failing.send(HTTPRequest(method: "GET", url: url))
    #expect(response.status == 503 && calls.value == 3)
    let unreachable = HTTPTransport { _ in throw URLError(.cannotConnectToHost) }
      .retrying(service: "the test service", attempts: 2, sleep: { _ in })
    await #expect {
      try await unreachable.send(HTTPRequest(method: "GET", url: url))
    } throws: { "\($0)".contains("cannot reach the test service") }
  }

  static func base64URL(_ text: String) -> Data? {
    var base64 = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(
      of: "_", with: "/")
    while base64.count % 4 != 0 { base64 += "=" }
    return Data(base64Encoded: base64)
  }
}

final class TestClock: @unchecked Sendable {
  var now: Date
  init(_ now: Date) { self.now = now }
}

struct Counter: Sendable {
  private let count = Locked(0)
  var value: Int { count.withLock { $0 } }
  func increment() { count.withLock { $0 += 1 } }
}
