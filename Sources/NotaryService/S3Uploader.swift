package import Foundation

/// Where the Notary API wants a submission's file: an S3 bucket, an object key and credentials.
package struct S3Upload: Sendable, Equatable {
  /// The bucket.
  package let bucket: String
  /// The object key.
  package let object: String
  /// The temporary credentials.
  package let credentials: S3Credentials

  /// Makes an upload location.
  package init(bucket: String, object: String, credentials: S3Credentials) {
    self.bucket = bucket
    self.object = object
    self.credentials = credentials
  }
}

/// Uploads a file to S3 with one `PutObject`, signed with SigV4 and the session token.
///
/// One PUT takes up to 5 GiB; a larger file is refused before anything is sent
/// (``NotaryServiceError/uploadTooLarge(bytes:)``), since multipart upload is not implemented.
package struct S3Uploader: Sendable {
  /// The largest object one PUT may create.
  package static let singlePutLimit: Int64 = 5 << 30
  /// Apple's notarization bucket's region.
  package static let defaultRegion = "us-west-2"

  let endpoint: URL?
  let region: String
  let transport: HTTPTransport
  let now: @Sendable () -> Date

  /// Makes an uploader.
  ///
  /// - Parameters:
  ///   - endpoint: An S3-compatible endpoint to upload to path-style (`<endpoint>/<bucket>/<key>`),
  ///     or `nil` for AWS itself (`https://<bucket>.s3.<region>.amazonaws.com/<key>`).
  ///   - region: The region in the signature.
  ///   - transport: The HTTP transport.
  ///   - now: The signing clock.
  package init(
    endpoint: URL?, region: String = defaultRegion, transport: HTTPTransport,
    now: @escaping @Sendable () -> Date
  ) {
    self.endpoint = endpoint
    self.region = region
    self.transport = transport
    self.now = now
  }

  /// The URL of `upload`'s object.
  package func url(for upload: S3Upload) -> URL? {
    let key = upload.object.split(separator: "/").map {
      SigV4Signer.uriEncoded(String($0))
    }.joined(separator: "/")
    if let endpoint {
      return URL(string: endpoint.absoluteString.trimmingSuffix("/") + "/\(upload.bucket)/\(key)")
    }
    return URL(string: "https://\(upload.bucket).s3.\(region).amazonaws.com/\(key)")
  }

  /// PUTs the file at `path`, whose SHA-256 is `sha256` (hex), to `upload`.
  package func put(_ path: String, sha256: String, to upload: S3Upload) async throws {
    let size =
      (try FileManager.default.attributesOfItem(atPath: path)[.size] as? NSNumber)?
      .int64Value ?? 0
    guard size <= Self.singlePutLimit else { throw NotaryServiceError.uploadTooLarge(bytes: size) }
    guard let url = url(for: upload) else {
      throw NotaryServiceError.unexpectedResponse(
        service: "Apple's Notary API", detail: "the bucket or object name makes no URL")
    }
    let headers = SigV4Signer(credentials: upload.credentials, region: region).signedHeaders(
      method: "PUT", url: url, headers: ["content-type": "application/octet-stream"],
      payloadSHA256: sha256, date: now())
    var sent = headers
    sent["host"] = nil  // URLSession sends the same Host itself
    let response = try await transport.send(
      HTTPRequest(
        method: "PUT", url: url, headers: sent, body: .file(URL(fileURLWithPath: path))))
    guard (200..<300).contains(response.status) else {
      throw NotaryServiceError.uploadRefused(status: response.status, detail: response.excerpt)
    }
  }
}

extension String {
  func trimmingSuffix(_ suffix: String) -> String {
    hasSuffix(suffix) ? String(dropLast(suffix.count)) : self
  }
}
