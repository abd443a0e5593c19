import Digests
import Foundation

/// One multipart upload of a file to S3: `CreateMultipartUpload`, an `UploadPart` for each part in
/// order, then `CompleteMultipartUpload`; on any failure `AbortMultipartUpload`, so that no stored
/// part is left behind to be billed.
///
/// Each part is read from the file when it is sent (one part in memory at a time) and signed with
/// its own SHA-256, so the uploader's retrying transport resends only the part that failed.
struct S3MultipartUpload {
  /// Signs and sends the requests.
  let uploader: S3Uploader
  /// The object's URL.
  let url: URL
  /// The upload's credentials.
  let credentials: S3Credentials

  /// How long S3 may take to join the parts: minutes for a large object (the transport's own
  /// timeout would give up and send the completion again, to an upload that no longer exists).
  static let completionTimeout: TimeInterval = 30 * 60

  /// The SHA-256 of an empty body, as SigV4 wants it for requests without one.
  static let emptySHA256 = DigestAlgorithm.sha256.digest([UInt8]()).hex

  /// Uploads `size` bytes of the file at `path` in parts of `partSize` bytes.
  func upload(_ path: String, size: Int64, partSize: Int64) async throws {
    let uploadID = try await create()
    do {
      let file = try FileHandle(forReadingFrom: URL(fileURLWithPath: path))
      defer { try? file.close() }
      var tags: [String] = []
      var offset: Int64 = 0
      while offset < size {
        try Task.checkCancellation()
        let count = Int(min(partSize, size - offset))
        try file.seek(toOffset: UInt64(offset))
        let part = try file.read(upToCount: count) ?? Data()
        guard part.count == count else {
          throw NotaryServiceError.unexpectedResponse(
            service: "S3",
            detail: "\(path) shrank to \(offset + Int64(part.count)) bytes while it was uploaded")
        }
        tags.append(try await send(part, number: tags.count + 1, uploadID: uploadID))
        offset += Int64(count)
      }
      try await complete(uploadID, tags: tags)
    } catch {
      // Best effort: the error that stopped the upload is the one to report.
      _ = try? await uploader.send(
        "DELETE", url(["uploadId": uploadID]), body: .none, sha256: Self.emptySHA256,
        credentials: credentials)
      throw error
    }
  }

  /// Starts the upload and returns its ID.
  private func create() async throws -> String {
    let response = try await checked(
      uploader.send(
        "POST", url(["uploads": ""]), body: .none, sha256: Self.emptySHA256,
        credentials: credentials))
    guard let uploadID = Self.element("UploadId", in: response.body) else {
      throw NotaryServiceError.unexpectedResponse(
        service: "S3", detail: "CreateMultipartUpload answered no UploadId: \(response.excerpt)")
    }
    return uploadID
  }

  /// Sends part `number` and returns its ETag.
  private func send(_ part: Data, number: Int, uploadID: String) async throws -> String {
    let response = try await checked(
      uploader.send(
        "PUT", url(["partNumber": String(number), "uploadId": uploadID]), body: .data(part),
        sha256: part.withUnsafeBytes { DigestAlgorithm.sha256.digest($0) }.hex,
        credentials: credentials))
    guard let tag = response.headers["etag"] else {
      throw NotaryServiceError.unexpectedResponse(
        service: "S3", detail: "part \(number) was stored without an ETag")
    }
    return tag
  }

  /// Joins the parts into the object.
  private func complete(_ uploadID: String, tags: [String]) async throws {
    let parts = tags.enumerated().map { index, tag in
      "<Part><PartNumber>\(index + 1)</PartNumber><ETag>\(Self.escaped(tag))</ETag></Part>"
    }
    let body = Data(
      ("<CompleteMultipartUpload>" + parts.joined() + "</CompleteMultipartUpload>").utf8)
    let response = try await checked(
      uploader.send(
        "POST", url(["uploadId": uploadID]), body: .data(body),
        sha256: body.withUnsafeBytes { DigestAlgorithm.sha256.digest($0) }.hex,
        credentials: credentials, timeout: Self.completionTimeout))
    // S3 may answer 200 and still fail the completion, with an <Error> body.
    if let code = Self.element("Code", in: response.body) {
      throw NotaryServiceError.uploadRefused(status: response.status, detail: code)
    }
  }

  /// `response`, unless S3 refused the request.
  private func checked(_ response: HTTPResponse) throws -> HTTPResponse {
    guard (200..<300).contains(response.status) else {
      throw NotaryServiceError.uploadRefused(status: response.status, detail: response.excerpt)
    }
    return response
  }

  /// The object's URL with `query`, each name and value percent-encoded as SigV4 encodes them;
  /// a name with an empty value stands alone (`?uploads`).
  private func url(_ query: [String: String]) -> URL {
    var components = URLComponents(url: url, resolvingAgainstBaseURL: false)
    components?.percentEncodedQuery = query.sorted { $0.key < $1.key }.map {
      let name = SigV4Signer.uriEncoded($0.key)
      return $0.value.isEmpty ? name : "\(name)=\(SigV4Signer.uriEncoded($0.value))"
    }.joined(separator: "&")
    return components?.url ?? url
  }

  /// The text of the first `<name>` element in an S3 XML answer.
  static func element(_ name: String, in body: Data) -> String? {
    let text = String(decoding: body, as: UTF8.self)
    guard let start = text.range(of: "<\(name)>"),
      let end = text.range(of: "</\(name)>", range: start.upperBound..<text.endIndex)
    else { return nil }
    return String(text[start.upperBound..<end.lowerBound])
  }

  /// `text` with XML's special characters escaped.
  static func escaped(_ text: String) -> String {
    text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
      .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
  }
}
