import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// When ``MultipartUploader`` sends a form again, and how long it waits first, as `curl --retry`.
///
/// An upload is retried only when the server cannot have taken the form: the host's name did not
/// resolve, the connection was refused, or it was closed or reset before any response began; or
/// the server answered `408 Request Timeout`, `429 Too Many Requests` or `503 Service
/// Unavailable`, which say the request was not acted on. Unlike curl it does not retry a `500`,
/// `502` or `504` (the body may have reached the application behind a gateway), nor a timeout
/// (the body may have arrived whole); no other answer, success or error, is ever retried.
///
/// The waits double from 1 second (1 s, 2 s, 4 s…) up to ``maximumDelay``; a `Retry-After` the
/// server sends (seconds or an HTTP date) is waited instead, also at most ``maximumDelay``.
public struct UploadRetryPolicy: Sendable {
  // MARK: - Properties

  /// How many times an upload is sent again after its first attempt; 0 never retries.
  public var limit: Int
  /// The longest wait before a retry, whatever the backoff or `Retry-After` says.
  public var maximumDelay: Duration
  /// Waits before a retry; `Task.sleep` unless a test replaces it.
  public var sleep: @Sendable (Duration) async throws -> Void
  /// Told of each retry before its wait.
  public var willRetry: (@Sendable (UploadRetry) -> Void)?

  // MARK: - Lifecycle

  /// Makes a policy.
  ///
  /// - Parameters:
  ///   - limit: How many retries after the first attempt.
  ///   - maximumDelay: The longest wait before one.
  ///   - sleep: How to wait.
  ///   - willRetry: Told of each retry before its wait.
  public init(
    limit: Int = 0, maximumDelay: Duration = .seconds(60),
    sleep: @escaping @Sendable (Duration) async throws -> Void = { try await Task.sleep(for: $0) },
    willRetry: (@Sendable (UploadRetry) -> Void)? = nil
  ) {
    self.limit = limit
    self.maximumDelay = maximumDelay
    self.sleep = sleep
    self.willRetry = willRetry
  }

  // MARK: - API

  /// The wait before retry number `retry` (1 for the first) when the server asks for none:
  /// 1 s, 2 s, 4 s… up to ``maximumDelay``.
  public func backoff(beforeRetry retry: Int) -> Duration {
    let seconds = 1 << min(max(retry - 1, 0), 30)
    return min(.seconds(seconds), maximumDelay)
  }

  /// The retry that follows attempt number `attempt` (1 for the first) when its `outcome` calls
  /// for one and the limit allows it; `nil` when the outcome stands.
  func retry(after attempt: Int, outcome: UploadOutcome) -> UploadRetry? {
    guard attempt <= limit, let cause = Self.cause(of: outcome) else { return nil }
    let delay = cause.requestedDelay.map { min($0, maximumDelay) } ?? backoff(beforeRetry: attempt)
    return UploadRetry(
      attempt: attempt + 1, attempts: limit + 1, delay: delay, reason: cause.reason)
  }
}

/// One attempt's reply, or why it failed.
typealias UploadOutcome = Result<(body: Data, response: HTTPURLResponse), any Error>
