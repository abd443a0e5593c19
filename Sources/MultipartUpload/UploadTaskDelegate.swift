import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Collects one upload task's reply and forwards its progress.
///
/// Progress comes through the delegate-based upload tasks: on Linux the async URLSession APIs
/// never call `didSendBodyData`.
final class UploadTaskDelegate: NSObject, URLSessionDataDelegate, @unchecked Sendable {
  typealias Completion = @Sendable (Result<(Data, HTTPURLResponse), any Error>) -> Void

  private let lock = NSLock()
  private var received = Data()
  private var completion: Completion?
  private let progress: (@Sendable (UploadProgress) -> Void)?
  private let totalBytes: Int64

  init(
    totalBytes: Int64, progress: (@Sendable (UploadProgress) -> Void)?,
    completion: @escaping Completion
  ) {
    self.totalBytes = totalBytes
    self.progress = progress
    self.completion = completion
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

  func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
    lock.withLock { received.append(data) }
  }

  func urlSession(
    _ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?
  ) {
    let (completion, data) = lock.withLock {
      defer { self.completion = nil }
      return (self.completion, received)
    }
    if let error {
      completion?(.failure(error))
    } else if let response = task.response as? HTTPURLResponse {
      completion?(.success((data, response)))
    } else {
      completion?(.failure(MultipartUploadError.notHTTPResponse))
    }
  }
}
