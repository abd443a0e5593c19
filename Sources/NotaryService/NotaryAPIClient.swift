package import Foundation

/// A client of Apple's Notary REST API (`/notary/v2`): submissions, their status and their logs.
///
/// ```swift
/// let client = NotaryAPIClient(baseURL: NotaryAPIClient.defaultBaseURL, tokens: tokens,
///                              transport: .urlSession())
/// let submission = try await client.submit(name: "App.dmg", sha256: digest)
/// ```
package struct NotaryAPIClient: Sendable {
  /// What Apple answers to a new submission: its ID and where to upload the file.
  package struct Submission: Sendable, Equatable {
    /// The submission's ID.
    package let id: String
    /// The S3 location and the temporary credentials for it.
    package let upload: S3Upload
  }

  /// Apple's API: `https://appstoreconnect.apple.com/notary/v2`.
  package static let defaultBaseURL = "https://appstoreconnect.apple.com/notary/v2"

  let baseURL: URL
  let tokens: TokenSource
  let transport: HTTPTransport
  static let service = "Apple's Notary API"

  /// Makes a client of the API at `baseURL` (submissions at `<baseURL>/submissions`).
  package init(baseURL: URL, tokens: TokenSource, transport: HTTPTransport) {
    self.baseURL = baseURL
    self.tokens = tokens
    self.transport = transport
  }

  /// Creates a submission for a file named `name` with SHA-256 `sha256` (hex).
  package func submit(name: String, sha256: String) async throws -> Submission {
    let body = try JSONSerialization.data(
      withJSONObject: ["submissionName": name, "sha256": sha256, "notifications": []]
        as [String: Any],
      options: [.sortedKeys])
    let data = try await call("POST", baseURL.appendingPathComponent("submissions"), body: body)
    guard let id = data["id"] as? String,
      let attributes = data["attributes"] as? [String: Any],
      let accessKey = attributes["awsAccessKeyId"] as? String,
      let secretKey = attributes["awsSecretAccessKey"] as? String,
      let sessionToken = attributes["awsSessionToken"] as? String,
      let bucket = attributes["bucket"] as? String, let object = attributes["object"] as? String
    else {
      throw NotaryServiceError.unexpectedResponse(
        service: Self.service, detail: "the new submission lacks its ID or upload location")
    }
    return Submission(
      id: id,
      upload: S3Upload(
        bucket: bucket, object: object,
        credentials: S3Credentials(
          accessKeyID: accessKey, secretAccessKey: secretKey, sessionToken: sessionToken)))
  }

  /// The submission's status: `In Progress`, `Accepted`, `Invalid` or `Rejected`.
  package func status(of id: String) async throws -> String {
    guard
      let status = (try await info(of: id)["attributes"] as? [String: Any])?["status"] as? String
    else {
      throw NotaryServiceError.unexpectedResponse(
        service: Self.service, detail: "submission \(id) has no status")
    }
    return status
  }

  /// The submission's `data` object (`GET /submissions/{id}`): `id`, and `attributes` with
  /// `name`, `createdDate` and `status`.
  package func info(of id: String) async throws -> [String: Any] {
    try await call("GET", submissionURL(id))
  }

  /// The team's recent submissions, as the `data` array of `GET /submissions` lists them (the
  /// last 100), each as ``info(of:)`` gives one.
  package func history() async throws -> [[String: Any]] {
    let object = try await send("GET", baseURL.appendingPathComponent("submissions"))
    guard let entries = object["data"] as? [[String: Any]] else {
      throw NotaryServiceError.unexpectedResponse(
        service: Self.service, detail: "the submission list has no data array")
    }
    return entries
  }

  /// The submission's developer log, the JSON document its `developerLogUrl` serves (`status`,
  /// `statusSummary`, `sha256`, `issues`, `ticketContents`...), as it came.
  package func log(of id: String) async throws -> Data {
    let data = try await call("GET", submissionURL(id).appendingPathComponent("logs"))
    guard let text = (data["attributes"] as? [String: Any])?["developerLogUrl"] as? String,
      let url = URL(string: text)
    else {
      throw NotaryServiceError.unexpectedResponse(
        service: Self.service, detail: "submission \(id) has no developer log URL")
    }
    let response = try await transport.send(HTTPRequest(method: "GET", url: url))
    guard response.status == 200,
      (try? JSONSerialization.jsonObject(with: response.body) as? [String: Any]) != nil
    else {
      throw NotaryServiceError.httpStatus(
        service: "the notarization log", status: response.status, detail: response.excerpt)
    }
    return response.body
  }

  /// The issues of the submission's log, one line each (`severity path: message`), or the log's
  /// summary when it lists none.
  package func issues(of id: String) async throws -> [String] {
    let log =
      (try JSONSerialization.jsonObject(with: try await log(of: id)) as? [String: Any]) ?? [:]
    let issues = (log["issues"] as? [[String: Any]] ?? []).map { issue in
      let severity = issue["severity"] as? String ?? "issue"
      let path = issue["path"] as? String
      let message = issue["message"] as? String ?? ""
      let doc = (issue["docUrl"] as? String).map { " (\($0))" } ?? ""
      return "\(severity) \(path.map { "\($0): " } ?? "")\(message)\(doc)"
    }
    if issues.isEmpty, let summary = log["statusSummary"] as? String { return [summary] }
    return issues
  }

  private func submissionURL(_ id: String) -> URL {
    baseURL.appendingPathComponent("submissions").appendingPathComponent(id)
  }

  /// Sends an authorized request; returns the answer's `data` object.
  private func call(_ method: String, _ url: URL, body: Data? = nil) async throws -> [String: Any] {
    guard let data = try await send(method, url, body: body)["data"] as? [String: Any] else {
      throw NotaryServiceError.unexpectedResponse(
        service: Self.service, detail: "no JSON data object in the answer to \(method) \(url.path)")
    }
    return data
  }

  /// Sends an authorized request; returns the answer's JSON object.
  private func send(_ method: String, _ url: URL, body: Data? = nil) async throws
    -> [String: Any]
  {
    var headers = ["Authorization": "Bearer \(try await tokens.token())"]
    if body != nil { headers["Content-Type"] = "application/json" }
    let response = try await transport.send(
      HTTPRequest(method: method, url: url, headers: headers, body: body.map { .data($0) } ?? .none)
    )
    if response.status == 401 {
      throw NotaryServiceError.unauthorized(service: Self.service, detail: response.excerpt)
    }
    guard (200..<300).contains(response.status) else {
      throw NotaryServiceError.httpStatus(
        service: Self.service, status: response.status, detail: response.excerpt)
    }
    guard let object = try? JSONSerialization.jsonObject(with: response.body) as? [String: Any]
    else {
      throw NotaryServiceError.unexpectedResponse(
        service: Self.service, detail: "no JSON object: \(response.excerpt)")
    }
    return object
  }
}
