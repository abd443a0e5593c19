import CodeSigning
import Distribution
import Foundation
import NotaryService
import ShipyardTestSupport
import SystemSupport
import Testing

/// The Notary clients' pieces against independent peers: SigV4 against botocore, RFC 3161 tokens
/// against `openssl ts -verify`, JWT claims and renewal, bounded retries.
@Suite(
  .enabled(
    if: PeerPolicy.shouldRun(whenAvailable: NotaryDouble.isAvailable),
    "needs python3 with moto[server], boto3, cryptography, and openssl"))
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

  /// A signature timestamped by the double's authority (`openssl ts -reply`): the token is in the
  /// CMS, `openssl ts -verify` accepts it for the signature's value, and `dmg verify` passes.
  @Test func timestampTokensVerifyWithOpenSSL() async throws {
    let double = try NotaryDouble()
    defer { double.stop() }
    let image = double.folder.path("Hello.dmg")
    try FileManager.default.copyItem(atPath: try TestPKI.path("Hello.dmg"), toPath: image)
    let identity = try SignerIdentity.load(
      pkcs12: Array(try Data(contentsOf: double.folder.file("identity.p12"))),
      password: NotaryDouble.password, path: "identity.p12")
    let url = try #require(URL(string: "\(double.url)/tsa"))
    let client = TimestampClient(url: url, transport: .urlSession())
    try await DMGSigner(identity: identity, timestamp: { try await client.stamp($0) }).sign(image)
    let check = try DMGSignatureCheck(path: image)
    #expect(check.isValid && check.isTimestamped, "\(check.findings)")
    let cms = try #require(try NativeSigningTests.superblob(of: image)[.signature]).dropFirst(8)
    let token = try Self.timestampToken(in: Array(cms))
    let tokenFile = try double.folder.write(token, to: "token.der")
    let digest = CodeSigning.OpenSSL.sha256(try CMSSignatureBuilder.signatureValue(of: Array(cms)))
    let verified = try ProcessRunner.run(
      "openssl",
      [
        "ts", "-verify", "-in", tokenFile.path, "-token_in", "-digest", digest.hex, "-CAfile",
        double.folder.path("root.pem"),
      ])
    #expect(verified.status == 0, "\(verified.standardError)")
    #expect(String(decoding: verified.standardOutput, as: UTF8.self).contains("Verification: OK"))
    // Another digest is refused: the token stamps this signature only.
    let other = try ProcessRunner.run(
      "openssl",
      [
        "ts", "-verify", "-in", tokenFile.path, "-token_in", "-digest",
        String(repeating: "00", count: 32), "-CAfile", double.folder.path("root.pem"),
      ])
    #expect(other.status != 0)
  }

  /// The unsigned attribute 1.2.840.113549.1.9.16.2.14's value in a CMS ContentInfo.
  static func timestampToken(in der: [UInt8]) throws -> [UInt8] {
    let signedData = try DERElement.parse(der[...]).children()[1].children()[0].children()
    let signerInfo = try #require(try signedData.last?.children().first).children()
    let unsigned = try #require(signerInfo.first { $0.tag == 0xA1 })
    for attribute in try unsigned.children() {
      let parts = try attribute.children()
      if parts.first?.objectIdentifier == "1.2.840.113549.1.9.16.2.14" {
        return Array(try #require(try parts[1].children().first).encoded)
      }
    }
    Issue.record("no timestamp token in the CMS signature")
    return []
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
