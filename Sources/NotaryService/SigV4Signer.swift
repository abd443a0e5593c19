import Digests
package import Foundation

/// Temporary AWS credentials, as the Notary API hands them out for one upload.
package struct S3Credentials: Sendable, Equatable, Codable, CustomStringConvertible {
  /// The access key ID.
  package let accessKeyID: String
  /// The secret access key: only ever used to derive the signing key.
  package let secretAccessKey: String
  /// The session token (`x-amz-security-token`).
  package let sessionToken: String

  /// Makes credentials.
  package init(accessKeyID: String, secretAccessKey: String, sessionToken: String) {
    self.accessKeyID = accessKeyID
    self.secretAccessKey = secretAccessKey
    self.sessionToken = sessionToken
  }

  /// The access key ID only; the secret and the token are never shown.
  package var description: String { "S3Credentials(\(accessKeyID), secret ******)" }
}

/// AWS Signature Version 4 for one request (`AWS4-HMAC-SHA256`, header-based), as AWS's
/// "Signature Version 4 signing process" specifies it for S3.
package struct SigV4Signer: Sendable {
  /// The credentials.
  package let credentials: S3Credentials
  /// The region, such as `us-west-2`.
  package let region: String
  /// The service, `s3`.
  package let service: String

  /// Makes a signer.
  package init(credentials: S3Credentials, region: String, service: String = "s3") {
    self.credentials = credentials
    self.region = region
    self.service = service
  }

  /// The headers to send with the request: `host`, `x-amz-date`, `x-amz-content-sha256`,
  /// `x-amz-security-token` and `Authorization`, plus `headers`, all of them signed.
  ///
  /// - Parameters:
  ///   - method: `PUT`.
  ///   - url: The request's URL (its path is encoded per segment, as S3 wants).
  ///   - headers: More headers to sign and send.
  ///   - payloadSHA256: The hex SHA-256 of the body.
  ///   - date: The signing time.
  /// - Returns: The header fields, `Authorization` included.
  package func signedHeaders(
    method: String, url: URL, headers: [String: String] = [:], payloadSHA256: String, date: Date
  ) -> [String: String] {
    let amzDate = Self.timestamp(date)
    let day = String(amzDate.prefix(8))
    var all = headers
    all["host"] = Self.host(of: url)
    all["x-amz-date"] = amzDate
    all["x-amz-content-sha256"] = payloadSHA256
    all["x-amz-security-token"] = credentials.sessionToken
    let canonical = Dictionary(
      all.map { ($0.key.lowercased(), Self.trimmed($0.value)) }, uniquingKeysWith: { $1 })
    let names = canonical.keys.sorted()
    let signedNames = names.joined(separator: ";")
    let canonicalRequest = [
      method, Self.canonicalPath(url), Self.canonicalQuery(url),
      names.map { "\($0):\(canonical[$0] ?? "")\n" }.joined(), signedNames, payloadSHA256,
    ].joined(separator: "\n")
    let scope = "\(day)/\(region)/\(service)/aws4_request"
    let stringToSign = [
      "AWS4-HMAC-SHA256", amzDate, scope, DigestAlgorithm.sha256.digest(canonicalRequest.utf8).hex,
    ].joined(separator: "\n")
    var key = Array("AWS4\(credentials.secretAccessKey)".utf8)
    for part in [day, region, service, "aws4_request"] {
      key = Crypto.hmacSHA256(key: key, Array(part.utf8))
    }
    let signature = Crypto.hmacSHA256(key: key, Array(stringToSign.utf8)).hex
    all["Authorization"] =
      "AWS4-HMAC-SHA256 Credential=\(credentials.accessKeyID)/\(scope), "
      + "SignedHeaders=\(signedNames), Signature=\(signature)"
    return all
  }

  /// `20260101T120000Z`.
  static func timestamp(_ date: Date) -> String {
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.timeZone = TimeZone(identifier: "UTC")
    formatter.dateFormat = "yyyyMMdd'T'HHmmss'Z'"
    return formatter.string(from: date)
  }

  /// The `Host` header URLSession sends: the host, and the port unless it is the scheme's default.
  static func host(of url: URL) -> String {
    let host = url.host ?? ""
    guard let port = url.port, !(url.scheme == "https" && port == 443),
      !(url.scheme == "http" && port == 80)
    else { return host }
    return "\(host):\(port)"
  }

  /// The path with each segment percent-encoded once (S3 does not encode twice).
  static func canonicalPath(_ url: URL) -> String {
    let path = url.path.isEmpty ? "/" : url.path
    return path.split(separator: "/", omittingEmptySubsequences: false)
      .map { uriEncoded(String($0)) }.joined(separator: "/")
  }

  /// The query's pairs, encoded and sorted.
  static func canonicalQuery(_ url: URL) -> String {
    guard let items = URLComponents(url: url, resolvingAgainstBaseURL: false)?.queryItems else {
      return ""
    }
    return items.map { "\(uriEncoded($0.name))=\(uriEncoded($0.value ?? ""))" }.sorted()
      .joined(separator: "&")
  }

  /// Percent-encodes everything but A–Z, a–z, 0–9, `-`, `.`, `_` and `~`.
  static func uriEncoded(_ text: String) -> String {
    text.utf8.map { byte in
      switch byte {
      case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
        UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."),
        UInt8(ascii: "_"), UInt8(ascii: "~"):
        String(UnicodeScalar(byte))
      default: String(format: "%%%02X", byte)
      }
    }.joined()
  }

  /// Trims and folds runs of spaces, as canonical header values need.
  static func trimmed(_ value: String) -> String {
    value.trimmingCharacters(in: .whitespaces).split(
      separator: " ", omittingEmptySubsequences: true
    )
    .joined(separator: " ")
  }
}
