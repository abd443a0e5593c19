#if canImport(CCurlTransfer)
import CCurlTransfer
import Foundation
import FoundationNetworking
import Multipart

/// Sends a form through libcurl, encoded as libcurl asks for it, with its exact `Content-Length`.
///
/// FoundationNetworking sends a body with its length only from memory or through
/// `uploadTask(with:fromFile:)`, which stops the process when a transfer ends while a read of the
/// file is pending (a `try!` on `curl_easy_pause`). This transfer encodes the form in libcurl's
/// read callback, straight from its files into libcurl's buffer (no temporary file), so a cancel,
/// a dropped connection or an early answer ends it with an error like any other.
///
/// From the session configuration it applies the additional headers, the cookies (sent from
/// and stored into `httpCookieStorage`, as `httpShouldSetCookies` and the request allow) and both
/// timeouts: the resource timeout bounds the whole transfer; the request timeout (the request's
/// own `timeoutInterval` when it is not the default 60 seconds) the connection and any stretch
/// in which no byte moves. Redirects are returned, not followed (as `curl -F` does without
/// `-L`); proxies come from the environment, as libcurl reads them.
struct CurlUpload: Sendable {
  let request: URLRequest
  let form: MultipartFormData
  /// The body's length, as the form's encoding plan gives it.
  let length: Int64
  let additionalHeaders: [String: String]
  let resourceTimeout: TimeInterval
  let idleTimeout: TimeInterval
  /// Where cookies come from and go to, unless the configuration or the request turns them off.
  let cookies: HTTPCookieStorage?
  /// The authorities trusted instead of the system's, when given.
  let trustedCertificates: TrustedCertificates?

  init(
    request: URLRequest, form: MultipartFormData, configuration: URLSessionConfiguration,
    trustedCertificates: TrustedCertificates? = nil
  ) {
    self.request = request
    self.trustedCertificates = trustedCertificates
    self.form = form
    length = form.contentLength
    additionalHeaders = Self.strings(configuration.httpAdditionalHeaders ?? [:])
    resourceTimeout = configuration.timeoutIntervalForResource
    idleTimeout =
      request.timeoutInterval != 60
      ? request.timeoutInterval : configuration.timeoutIntervalForRequest
    cookies =
      configuration.httpShouldSetCookies && request.httpShouldHandleCookies
      ? configuration.httpCookieStorage : nil
  }

  /// Sends the form and returns the reply; throws `CancellationError` when the task is cancelled.
  func send(progress: (@Sendable (UploadProgress) -> Void)?) async throws -> (Data, HTTPURLResponse)
  {
    let transfer = CurlTransfer(upload: self, progress: progress)
    let (body, response): (Data, HTTPURLResponse)
    do {
      (body, response) = try await withTaskCancellationHandler {
        try await withCheckedThrowingContinuation { continuation in
          // libcurl blocks its thread for the whole transfer: a thread of its own, not one of
          // the cooperative pool's.
          Thread.detachNewThread { continuation.resume(with: Result { try transfer.perform() }) }
        }
      } onCancel: {
        transfer.cancel()
      }
    } catch {
      try Task.checkCancellation()
      throw error
    }
    storeCookies(from: response)
    return (body, response)
  }

  /// The request's header lines for libcurl: the configuration's, then the request's over them,
  /// the stored cookies, and none of libcurl's `Expect: 100-continue` (URLSession sends none).
  var headerLines: [String] {
    var merged: [String: (name: String, value: String)] = [:]
    for (name, value) in additionalHeaders { merged[name.lowercased()] = (name, value) }
    for (name, value) in request.allHTTPHeaderFields ?? [:] {
      merged[name.lowercased()] = (name, value)
    }
    if merged["cookie"] == nil, let url = request.url, let stored = cookies?.cookies(for: url),
      let cookie = HTTPCookie.requestHeaderFields(with: stored)["Cookie"], !cookie.isEmpty
    {
      merged["cookie"] = ("Cookie", cookie)
    }
    var lines = merged.values.sorted { $0.name < $1.name }.map { header in
      header.value.isEmpty ? "\(header.name);" : "\(header.name): \(header.value)"
    }
    if merged["expect"] == nil { lines.append("Expect:") }
    if merged["user-agent"] == nil {
      lines.append(
        "User-Agent: \(ProcessInfo.processInfo.processName) libcurl/\(CurlTransfer.version)")
    }
    return lines
  }

  private func storeCookies(from response: HTTPURLResponse) {
    guard let cookies, let url = response.url else { return }
    let received = HTTPCookie.cookies(
      withResponseHeaderFields: Self.strings(response.allHeaderFields), for: url)
    if !received.isEmpty {
      cookies.setCookies(received, for: url, mainDocumentURL: request.mainDocumentURL)
    }
  }

  /// The string names and values of Foundation's untyped header dictionaries.
  private static func strings(_ fields: [AnyHashable: Any]) -> [String: String] {
    var strings: [String: String] = [:]
    for case (let name as String, let value as String) in fields { strings[name] = value }
    return strings
  }

  /// The `URLError` URLSession gives for what libcurl's `code` means, with libcurl's words.
  ///
  /// When `responseStarted`, it is marked so (``UploadRetryPolicy`` never retries it).
  static func error(
    for code: CURLcode, detail: String, url: URL?, responseStarted: Bool = false
  ) -> URLError {
    let kind: URLError.Code =
      switch code {
      case CURLE_OPERATION_TIMEDOUT: .timedOut
      case CURLE_COULDNT_RESOLVE_HOST, CURLE_COULDNT_RESOLVE_PROXY: .cannotFindHost
      case CURLE_COULDNT_CONNECT: .cannotConnectToHost
      case CURLE_SEND_ERROR, CURLE_RECV_ERROR, CURLE_GOT_NOTHING, CURLE_PARTIAL_FILE,
        CURLE_HTTP2, CURLE_HTTP2_STREAM:
        .networkConnectionLost
      case CURLE_WEIRD_SERVER_REPLY: .badServerResponse
      case CURLE_PEER_FAILED_VERIFICATION: .serverCertificateUntrusted
      case CURLE_SSL_CERTPROBLEM: .clientCertificateRejected
      case CURLE_SSL_CONNECT_ERROR, CURLE_SSL_CACERT_BADFILE: .secureConnectionFailed
      case CURLE_UNSUPPORTED_PROTOCOL: .unsupportedURL
      case CURLE_URL_MALFORMAT: .badURL
      default: .unknown
      }
    var info: [String: Any] = [NSLocalizedDescriptionKey: detail]
    if let url { info[NSURLErrorFailingURLErrorKey] = url }
    if responseStarted { info[UploadRetryPolicy.responseStartedKey] = true }
    return URLError(kind, userInfo: info)
  }
}
#endif
