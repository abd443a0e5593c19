package import Foundation

/// Where the Notary API wants a submission's file: an S3 bucket, an object key and credentials.
package struct S3Upload: Sendable, Equatable, Codable {
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

/// Uploads a file to S3, signed with SigV4 and the session token: with one `PutObject` up to
/// ``partSize`` bytes, else as a multipart upload (``S3PartedUpload``) of parts of that size,
/// each sent (and, through a retrying transport, retried) on its own, so that an image over the
/// 5 GiB one PUT may hold is uploaded and a dropped connection costs one part, not the image.
package struct S3Uploader: Sendable {
  /// The largest object one PUT may create.
  package static let singlePutLimit: Int64 = 5 << 30
  /// The default part size, and the size past which an upload is multipart: 64 MiB.
  package static let defaultPartSize: Int64 = 64 << 20
  /// The smallest part S3 takes (all parts but the last).
  package static let minimumPartSize: Int64 = 5 << 20
  /// The most parts one upload may have.
  package static let maximumPartCount: Int64 = 10_000
  /// Apple's notarization bucket's region.
  package static let defaultRegion = "us-west-2"

  let endpoint: URL?
  let region: String
  let transport: HTTPTransport
  let now: @Sendable () -> Date
  /// The part size, and the size past which an upload is multipart.
  let partSize: Int64

  /// Makes an uploader.
  ///
  /// - Parameters:
  ///   - endpoint: An S3-compatible endpoint to upload to path-style (`<endpoint>/<bucket>/<key>`),
  ///     or `nil` for AWS itself (`https://<bucket>.s3.<region>.amazonaws.com/<key>`).
  ///   - region: The region in the signature.
  ///   - transport: The HTTP transport.
  ///   - now: The signing clock.
  ///   - partSize: The part size, at least ``minimumPartSize``; a file no larger goes in one PUT.
  package init(
    endpoint: URL?, region: String = defaultRegion, transport: HTTPTransport,
    now: @escaping @Sendable () -> Date, partSize: Int64 = defaultPartSize
  ) {
    self.endpoint = endpoint
    self.region = region
    self.transport = transport
    self.now = now
    self.partSize = min(max(partSize, Self.minimumPartSize), Self.singlePutLimit)
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

  /// Uploads the file at `path`, whose SHA-256 is `sha256` (hex), to `upload`: one PUT, or a
  /// multipart upload when it is larger than the part size.
  ///
  /// A multipart upload a previous run began (`resuming`, its `UploadId`) is continued: the parts
  /// S3 holds already (`ListParts`, same number and size) are kept and only the others sent. One
  /// S3 no longer knows (completed, aborted or expired) is begun afresh, to the same object.
  ///
  /// - Parameters:
  ///   - path: The file.
  ///   - sha256: Its SHA-256, hex.
  ///   - upload: Where it goes.
  ///   - resuming: The `UploadId` of a multipart upload a previous run began, or `nil`.
  ///   - begun: Called with a new multipart upload's `UploadId` before its first part is sent,
  ///     so that a caller can record it; an error it throws aborts the upload.
  ///   - sent: Called with the count of the file's bytes S3 holds, after each part it accepts
  ///     (parts an earlier run stored count at once) or once for a file sent whole.
  /// - Throws: ``NotaryServiceError/uploadRefused(status:detail:)`` when S3 refuses a request
  ///   (a multipart upload is then aborted, so no parts are left stored), ``NotaryServiceError``
  ///   for a URL that cannot be made or an answer that cannot be read, the file's read errors.
  package func put(
    _ path: String, sha256: String, to upload: S3Upload, resuming: String? = nil,
    begun: (String) throws -> Void = { _ in }, sent: (Int64) -> Void = { _ in }
  ) async throws {
    let size =
      (try FileManager.default.attributesOfItem(atPath: path)[.size] as? NSNumber)?
      .int64Value ?? 0
    guard let url = url(for: upload) else {
      throw NotaryServiceError.unexpectedResponse(
        service: "Apple's Notary API", detail: "the bucket or object name makes no URL")
    }
    guard size > partSize else {
      // From memory, as each part is (it is no larger than one): FoundationNetworking's file
      // uploads stop the process when a connection drops while a read of the file is pending.
      let response = try await send(
        "PUT", url, body: .data(try Data(contentsOf: URL(fileURLWithPath: path))), sha256: sha256,
        credentials: upload.credentials)
      guard (200..<300).contains(response.status) else {
        throw NotaryServiceError.uploadRefused(status: response.status, detail: response.excerpt)
      }
      sent(size)
      return
    }
    // Past 10,000 parts of the configured size, parts grow so that 10,000 hold the file.
    let sizeOfParts = max(partSize, (size + Self.maximumPartCount - 1) / Self.maximumPartCount)
    try await S3PartedUpload(uploader: self, url: url, credentials: upload.credentials)
      .upload(
        path, size: size, partSize: sizeOfParts, resuming: resuming, begun: begun, sent: sent)
  }

  /// Sends one request to S3, signed.
  func send(
    _ method: String, _ url: URL, body: HTTPRequest.Body, sha256: String,
    credentials: S3Credentials, timeout: TimeInterval? = nil
  ) async throws -> HTTPResponse {
    let headers = SigV4Signer(credentials: credentials, region: region).signedHeaders(
      method: method, url: url, headers: ["content-type": "application/octet-stream"],
      payloadSHA256: sha256, date: now())
    var sent = headers
    sent["host"] = nil  // URLSession sends the same Host itself
    return try await transport.send(
      HTTPRequest(method: method, url: url, headers: sent, body: body, timeout: timeout))
  }
}

extension String {
  func trimmingSuffix(_ suffix: String) -> String {
    hasSuffix(suffix) ? String(dropLast(suffix.count)) : self
  }
}
