import Foundation
import SystemSupport

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Collects one upload task's reply and forwards its progress.
///
/// Progress comes through the delegate-based upload tasks: on Linux the async URLSession APIs
/// never call `didSendBodyData`.
final class UploadTaskDelegate: NSObject, URLSessionDataDelegate, Sendable {
  typealias Completion = @Sendable (Result<(Data, HTTPURLResponse), any Error>) -> Void

  /// The reply's body so far, and the completion until it is called.
  private struct Reply: Sendable {
    var received = Data()
    var completion: Completion?
  }

  private let reply: Locked<Reply>
  private let progress: (@Sendable (UploadProgress) -> Void)?
  private let totalBytes: Int64
  /// The only anchors the server's certificate may chain to, when given (Apple platforms).
  let trustedCertificates: TrustedCertificates?

  init(
    totalBytes: Int64, trustedCertificates: TrustedCertificates? = nil,
    progress: (@Sendable (UploadProgress) -> Void)?, completion: @escaping Completion
  ) {
    self.totalBytes = totalBytes
    self.trustedCertificates = trustedCertificates
    self.progress = progress
    self.reply = Locked(Reply(completion: completion))
  }

  func urlSession(
    _ session: URLSession,
    task: URLSessionTask,
    didSendBodyData bytesSent: Int64,
    totalBytesSent: Int64,
    totalBytesExpectedToSend: Int64
  ) {
    progress?(UploadProgress(bytesSent: totalBytesSent, totalBytes: totalBytes))
  }

  /// Follows no redirect: the 3xx answer is the reply (``MultipartUploader`` decides whether to
  /// send the form again), since URLSession would turn a 301, 302 or 303 into a GET without the
  /// form.
  func urlSession(
    _ session: URLSession, task: URLSessionTask,
    willPerformHTTPRedirection response: HTTPURLResponse, newRequest request: URLRequest,
    completionHandler: @escaping @Sendable (URLRequest?) -> Void
  ) {
    completionHandler(nil)
  }

  func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
    reply.withLock { $0.received.append(data) }
  }

  func urlSession(
    _ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?
  ) {
    let (completion, data) = reply.withLock { reply in
      defer { reply.completion = nil }
      return (reply.completion, reply.received)
    }
    if let error {
      // A failure once a response began is never retried: the server read the request.
      completion?(
        .failure(UploadRetryPolicy.marking(error, responseStarted: task.response != nil)))
    } else if let response = task.response as? HTTPURLResponse {
      completion?(.success((data, response)))
    } else {
      completion?(.failure(MultipartUploadError.notHTTPResponse))
    }
  }
}
