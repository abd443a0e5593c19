public import Foundation
public import Multipart
import SystemSupport

#if canImport(FoundationNetworking)
public import FoundationNetworking
#endif

/// Uploads multipart forms with URLSession, with progress and bounded memory.
///
/// Bodies under ``MultipartUploadOptions/memoryThreshold`` are sent from memory with their exact
/// `Content-Length`. Larger ones go with their exact `Content-Length` too, in bounded memory: on
/// Apple platforms streamed to a temporary file first, then sent with
/// `uploadTask(with:fromFile:)`; on Linux, by default, encoded straight into libcurl as it sends,
/// since FoundationNetworking's file uploads can stop the process when a task ends mid-body
/// (``MultipartUploadOptions/sendsFilesChunkedOnLinux`` tells what that transfer applies of the
/// configuration, and how to send chunked through URLSession instead).
///
/// A temporary file is removed on success, failure and cancellation. A failure that leaves the
/// form unread is retried as ``MultipartUploadOptions/retry`` allows, and the server can be
/// checked against ``MultipartUploadOptions/trustedCertificates`` only.
///
/// ```swift
/// var form = MultipartFormData()
/// form.addString("1.2.0", forField: "version")
/// try form.addFile(at: archiveURL, forField: "archive")
/// var request = URLRequest(url: URL(string: "https://example.com/releases")!)
/// request.httpMethod = "POST"
/// let (body, response) = try await MultipartUploader().upload(form, with: request) { progress in
///   print("\(Int(progress.fractionCompleted * 100))%")
/// }
/// ```
public struct MultipartUploader: Sendable {
  // MARK: - Properties

  /// How bodies are prepared.
  public var options: MultipartUploadOptions
  private let makeConfiguration: @Sendable () -> URLSessionConfiguration

  // MARK: - Lifecycle

  /// Makes an uploader.
  ///
  /// Each upload runs in its own URLSession, made from `configuration`, whose delegate reports
  /// the upload's progress.
  ///
  /// - Parameters:
  ///   - configuration: Makes the session configuration (timeouts, headers, proxies).
  ///   - options: How bodies are prepared.
  public init(
    configuration: @escaping @Sendable () -> URLSessionConfiguration = { .default },
    options: MultipartUploadOptions = MultipartUploadOptions()
  ) {
    self.makeConfiguration = configuration
    self.options = options
  }

  // MARK: - API

  /// Uploads `form` with `request` and returns the server's reply.
  ///
  /// The request's `Content-Type` is set to the form's; a `GET` request becomes a `POST`.
  /// HTTP error statuses are returned, not thrown: check the response's `statusCode`. Redirects
  /// are returned too, but for the `307` and `308` ones that
  /// ``MultipartUploadOptions/redirectLimit`` lets it follow with the same form.
  ///
  /// - Parameters:
  ///   - form: The form to send.
  ///   - request: The URL, method and headers to send it with.
  ///   - progress: Called as the body is sent, from a background queue.
  /// - Returns: The response body and the HTTP response.
  /// - Throws: `MultipartEncodingError` for a part that cannot be read,
  ///   ``MultipartUploadError``, a `URLError`, or `CancellationError` when the task is cancelled.
  public func upload(
    _ form: MultipartFormData,
    with request: URLRequest,
    progress: (@Sendable (UploadProgress) -> Void)? = nil
  ) async throws -> (Data, HTTPURLResponse) {
    var request = Self.prepare(request, for: form)
    var followed = 0
    while true {
      let (body, response) = try await uploadRetrying(form, with: request, progress: progress)
      guard followed < options.redirectLimit,
        let next = Self.redirection(of: request, by: response)
      else { return (body, response) }
      followed += 1
      request = next
    }
  }

  /// The request that sends the form again where a `307` or `308` answer points.
  ///
  /// `nil` for any other response. Credentials and cookies stay behind when the host changes,
  /// as curl does.
  static func redirection(of request: URLRequest, by response: HTTPURLResponse) -> URLRequest? {
    guard [307, 308].contains(response.statusCode),
      let location = response.value(forHTTPHeaderField: "Location"),
      let target = URL(string: location, relativeTo: request.url)?.absoluteURL,
      ["http", "https"].contains(target.scheme?.lowercased())
    else { return nil }
    var next = request
    next.url = target
    if target.host?.lowercased() != request.url?.host?.lowercased()
      || target.port != request.url?.port
    {
      next.setValue(nil, forHTTPHeaderField: "Authorization")
      next.setValue(nil, forHTTPHeaderField: "Cookie")
    }
    return next
  }

  /// Sends the form to one location, again as ``MultipartUploadOptions/retry`` allows.
  private func uploadRetrying(
    _ form: MultipartFormData, with request: URLRequest,
    progress: (@Sendable (UploadProgress) -> Void)?
  ) async throws -> (Data, HTTPURLResponse) {
    var attempt = 1
    while true {
      let outcome: UploadOutcome
      do {
        outcome = .success(try await uploadOnce(form, with: request, progress: progress))
      } catch {
        outcome = .failure(error)
      }
      guard let retry = options.retry.retry(after: attempt, outcome: outcome) else {
        let reply = try outcome.get()
        return (reply.body, reply.response)
      }
      options.retry.willRetry?(retry)
      try await options.retry.sleep(retry.delay)
      attempt += 1
    }
  }

  private func uploadOnce(
    _ form: MultipartFormData, with request: URLRequest,
    progress: (@Sendable (UploadProgress) -> Void)?
  ) async throws -> (Data, HTTPURLResponse) {
    let totalBytes = form.contentLength
    #if canImport(CCurlTransfer)
    // libcurl directly: a large body with its length, and any body sent to trust given
    // authorities (FoundationNetworking's URLSession cannot be told which to trust) or that may
    // be retried (it reports a connection reset while connecting as an unknown error).
    if options.trustedCertificates != nil || options.retry.limit > 0
      || (totalBytes >= options.memoryThreshold && !options.sendsFilesChunkedOnLinux)
    {
      let upload = CurlUpload(
        request: request, form: form, configuration: makeConfiguration(),
        trustedCertificates: options.trustedCertificates)
      return try await upload.send(progress: progress)
    }
    #elseif canImport(FoundationNetworking)
    if let trusted = options.trustedCertificates {
      throw MultipartUploadError.untrustedCertificates(
        path: trusted.file.path,
        reason: "this platform's URLSession cannot be told which authorities to trust")
    }
    #endif
    if totalBytes < options.memoryThreshold {
      return try await send(
        .data(try form.encodedData()), request: request, totalBytes: totalBytes, progress: progress)
    }
    let folder = options.temporaryDirectory ?? FileManager.default.temporaryDirectory
    let file = folder.appendingPathComponent("shipyard-upload-\(UUID().uuidString).multipart")
    let ticket = InterruptionCleanup.register(file.path)
    defer { InterruptionCleanup.settle(ticket) { try? FileManager.default.removeItem(at: file) } }
    try Task.checkCancellation()
    try form.write(to: file)
    return try await send(.file(file), request: request, totalBytes: totalBytes, progress: progress)
  }

  /// Uploads `form` and reports progress and the reply as an asynchronous sequence.
  ///
  /// The sequence yields ``MultipartUploadEvent/progress(_:)`` events, then one
  /// ``MultipartUploadEvent/response(_:_:)``, then ends. Stopping the iteration cancels the upload.
  ///
  /// ```swift
  /// for try await event in uploader.events(for: form, with: request) {
  ///   switch event {
  ///   case .progress(let progress): bar.update(progress.fractionCompleted)
  ///   case .response(let body, let response): print(response.statusCode, body.count)
  ///   }
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - form: The form to send.
  ///   - request: The URL, method and headers to send it with.
  /// - Returns: The events of the upload.
  public func events(for form: MultipartFormData, with request: URLRequest) -> AsyncThrowingStream<
    MultipartUploadEvent, any Error
  > {
    AsyncThrowingStream { continuation in
      let task = Task {
        do {
          let (body, response) = try await upload(form, with: request) {
            continuation.yield(.progress($0))
          }
          continuation.yield(.response(body, response))
          continuation.finish()
        } catch {
          continuation.finish(throwing: error)
        }
      }
      continuation.onTermination = { _ in task.cancel() }
    }
  }

  // MARK: - Sending

  private enum Body {
    case data(Data)
    case file(URL)
  }

  static func prepare(_ request: URLRequest, for form: MultipartFormData) -> URLRequest {
    var request = request
    if request.httpMethod == nil || request.httpMethod == "GET" { request.httpMethod = "POST" }
    request.setValue(form.contentType, forHTTPHeaderField: "Content-Type")
    request.setValue(nil, forHTTPHeaderField: "Content-Length")
    request.setValue(nil, forHTTPHeaderField: "Transfer-Encoding")
    request.httpBody = nil
    request.httpBodyStream = nil
    return request
  }

  private func send(
    _ body: Body,
    request: URLRequest,
    totalBytes: Int64,
    progress: (@Sendable (UploadProgress) -> Void)?
  ) async throws -> (Data, HTTPURLResponse) {
    let handle = CancellableTask()
    do {
      return try await withTaskCancellationHandler {
        try await withCheckedThrowingContinuation { continuation in
          let delegate = UploadTaskDelegate(
            totalBytes: totalBytes, trustedCertificates: options.trustedCertificates,
            progress: progress
          ) { result in
            continuation.resume(with: result)
          }
          let session = URLSession(
            configuration: makeConfiguration(), delegate: delegate, delegateQueue: nil)
          let task =
            switch body {
            case .data(let data): session.uploadTask(with: request, from: data)
            case .file(let url):
              Self.uploadTask(in: session, with: request, fromFile: url)
            }
          handle.start(task)
          session.finishTasksAndInvalidate()
        }
      } onCancel: {
        handle.cancel()
      }
    } catch {
      try Task.checkCancellation()
      throw error
    }
  }
}

extension MultipartUploader {
  /// A task that sends the file at `url` as the body: `uploadTask(with:fromFile:)` on Apple
  /// platforms; on Linux a data task reading the file as a body stream (sent chunked), since
  /// FoundationNetworking's file uploads can stop the process (an exact length goes through
  /// ``CurlUpload`` instead).
  static func uploadTask(in session: URLSession, with request: URLRequest, fromFile url: URL)
    -> URLSessionTask
  {
    #if canImport(FoundationNetworking)
    var request = request
    request.httpBodyStream = InputStream(url: url)
    return session.dataTask(with: request)
    #else
    return session.uploadTask(with: request, fromFile: url)
    #endif
  }
}

/// A URLSession task that may be cancelled before or after it starts.
private struct CancellableTask: Sendable {
  private struct State: Sendable {
    var task: URLSessionTask?
    var isCancelled = false
  }

  private let state = Locked(State())

  func start(_ task: URLSessionTask) {
    let cancelled = state.withLock { state in
      state.task = task
      return state.isCancelled
    }
    if cancelled { task.cancel() }
    task.resume()
  }

  func cancel() {
    let task = state.withLock { state in
      state.isCancelled = true
      return state.task
    }
    task?.cancel()
  }
}
