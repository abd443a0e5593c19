import Digests
import Foundation

/// One upload of a file to S3 in parts (what S3 calls a multipart upload; named apart from the
/// `multipart/form-data` of the Multipart modules): `CreateMultipartUpload`, an `UploadPart` for each part in
/// order, then `CompleteMultipartUpload`; on any failure `AbortMultipartUpload`, so that no stored
/// part is left behind to be billed.
///
/// Each part is read from the file when it is sent (one part in memory at a time) and signed with
/// its own SHA-256, so the uploader's retrying transport resends only the part that failed.
struct S3PartedUpload {
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

  /// Uploads `size` bytes of the file at `path` in parts of `partSize` bytes, continuing the
  /// upload `resuming` when S3 still holds it (its stored parts of the right size are kept), else
  /// beginning one and handing its ID to `begun`; `sent` gets the bytes S3 holds after each part.
  func upload(
    _ path: String, size: Int64, partSize: Int64, resuming: String? = nil,
    begun: (String) throws -> Void = { _ in }, sent: (Int64) -> Void = { _ in }
  ) async throws {
    var stored: [Int: StoredPart] = [:]
    let uploadID: String
    if let resuming, let parts = try await storedParts(of: resuming) {
      (uploadID, stored) = (resuming, parts)
    } else {
      uploadID = try await create()
    }
    do {
      if uploadID != resuming { try begun(uploadID) }
      let file = try FileHandle(forReadingFrom: URL(fileURLWithPath: path))
      defer { try? file.close() }
      var tags: [String] = []
      var offset: Int64 = 0
      while offset < size {
        try Task.checkCancellation()
        let count = Int(min(partSize, size - offset))
        let number = tags.count + 1
        if let part = stored[number], part.size == Int64(count) {
          tags.append(part.tag)
          offset += Int64(count)
          sent(offset)
          continue
        }
        try file.seek(toOffset: UInt64(offset))
        let part = try file.read(upToCount: count) ?? Data()
        guard part.count == count else {
          throw NotaryServiceError.unexpectedResponse(
            service: "S3",
            detail: "\(path) shrank to \(offset + Int64(part.count)) bytes while it was uploaded")
        }
        tags.append(try await send(part, number: number, uploadID: uploadID))
        offset += Int64(count)
        sent(offset)
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

  /// A part S3 holds already: its ETag and size.
  struct StoredPart: Equatable {
    /// The part's ETag, as `CompleteMultipartUpload` wants it.
    let tag: String
    /// Its size in bytes.
    let size: Int64
  }

  /// The parts S3 holds of the upload `uploadID` by number (`ListParts`, page by page), or `nil`
  /// when S3 no longer knows the upload (404 `NoSuchUpload`: completed, aborted or expired).
  func storedParts(of uploadID: String) async throws -> [Int: StoredPart]? {
    var parts: [Int: StoredPart] = [:]
    var marker: String?
    repeat {
      var query = ["uploadId": uploadID]
      if let marker { query["part-number-marker"] = marker }
      let response = try await uploader.send(
        "GET", url(query), body: .none, sha256: Self.emptySHA256, credentials: credentials)
      if response.status == 404 { return nil }
      let body = try checked(response).body
      for text in Self.elements("Part", in: body) {
        let part = Data(text.utf8)
        guard let number = Self.element("PartNumber", in: part).flatMap({ Int($0) }),
          let tag = Self.element("ETag", in: part).map(Self.unescaped),
          let size = Self.element("Size", in: part).flatMap({ Int64($0) })
        else {
          throw NotaryServiceError.unexpectedResponse(
            service: "S3", detail: "ListParts answered a part without number, ETag or size")
        }
        parts[number] = StoredPart(tag: tag, size: size)
      }
      let truncated = Self.element("IsTruncated", in: body) == "true"
      marker = truncated ? Self.element("NextPartNumberMarker", in: body) : nil
    } while marker != nil
    return parts
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
    elements(name, in: body).first
  }

  /// The texts of every `<name>` element in an S3 XML answer, in order.
  static func elements(_ name: String, in body: Data) -> [String] {
    let text = String(decoding: body, as: UTF8.self)
    var found: [String] = []
    var rest = text.startIndex..<text.endIndex
    while let start = text.range(of: "<\(name)>", range: rest),
      let end = text.range(of: "</\(name)>", range: start.upperBound..<text.endIndex)
    {
      found.append(String(text[start.upperBound..<end.lowerBound]))
      rest = end.upperBound..<text.endIndex
    }
    return found
  }

  /// `text` with XML's five predefined entities (as S3 writes an ETag's quotes) replaced.
  static func unescaped(_ text: String) -> String {
    text.replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&lt;", with: "<")
      .replacingOccurrences(of: "&gt;", with: ">").replacingOccurrences(of: "&apos;", with: "'")
      .replacingOccurrences(of: "&amp;", with: "&")
  }

  /// `text` with XML's special characters escaped.
  static func escaped(_ text: String) -> String {
    text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
      .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
  }
}
