import Foundation
import Multipart
import ShipyardTestSupport
import SystemSupport
import Testing

@testable import MultipartUpload

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Which failures `MultipartUploader` retries, how long it waits, and that it stops at its limit.
struct UploadRetryPolicyTests {
  private func answer(_ status: Int, _ fields: [String: String] = [:]) -> UploadOutcome {
    guard let url = URL(string: "http://127.0.0.1/upload"),
      let response = HTTPURLResponse(
        url: url, statusCode: status, httpVersion: nil, headerFields: fields)
    else { return .failure(MultipartUploadError.notHTTPResponse) }
    return .success((Data(), response))
  }

  @Test func theBackoffDoublesFromOneSecondUpToItsCap() {
    let policy = UploadRetryPolicy(limit: 10, maximumDelay: .seconds(5))
    #expect((1...5).map(policy.backoff(beforeRetry:)) == [1, 2, 4, 5, 5].map { .seconds($0) })
  }

  @Test(arguments: [408, 429, 503])
  func aStatusThatLeavesTheRequestUnreadIsRetried(status: Int) throws {
    let retry = try #require(UploadRetryPolicy(limit: 3).retry(after: 2, outcome: answer(status)))
    #expect(retry == UploadRetry(attempt: 3, attempts: 4, delay: .seconds(2), reason: retry.reason))
    #expect(retry.reason.hasPrefix("the server answered HTTP \(status) "))
  }

  /// A success, a client error, and the server errors where the body may have been taken.
  @Test(arguments: [200, 201, 302, 307, 400, 401, 404, 413, 500, 502, 504])
  func anyOtherAnswerStands(status: Int) {
    #expect(UploadRetryPolicy(limit: 3).retry(after: 1, outcome: answer(status)) == nil)
  }

  @Test func retryAfterIsWaitedUpToTheCap() throws {
    let policy = UploadRetryPolicy(limit: 3, maximumDelay: .seconds(30))
    #expect(
      policy.retry(after: 1, outcome: answer(503, ["Retry-After": "7"]))?.delay == .seconds(7))
    #expect(
      policy.retry(after: 1, outcome: answer(429, ["Retry-After": "3600"]))?.delay == .seconds(30))
    #expect(
      policy.retry(after: 1, outcome: answer(503, ["Retry-After": "soon"]))?.delay == .seconds(1))
    let now = Date(timeIntervalSince1970: 1_445_412_480)  // Wed, 21 Oct 2015 07:28:00 GMT
    #expect(
      UploadRetryPolicy.delay(retryAfter: "Wed, 21 Oct 2015 07:28:09 GMT", now: now) == .seconds(9))
    #expect(
      UploadRetryPolicy.delay(retryAfter: "Wed, 21 Oct 2015 07:00:00 GMT", now: now) == .seconds(0))
  }

  @Test func connectionFailuresAreRetriedOnlyBeforeAnyResponse() {
    let policy = UploadRetryPolicy(limit: 1)
    for code: URLError.Code in [.cannotConnectToHost, .cannotFindHost, .networkConnectionLost] {
      #expect(policy.retry(after: 1, outcome: .failure(URLError(code))) != nil, "\(code)")
      let late = UploadRetryPolicy.marking(URLError(code), responseStarted: true)
      #expect(policy.retry(after: 1, outcome: .failure(late)) == nil, "\(code) after a response")
    }
    // FoundationNetworking's failures, NSErrors of NSURLErrorDomain.
    let refused = NSError(
      domain: NSURLErrorDomain, code: URLError.Code.cannotConnectToHost.rawValue)
    #expect(policy.retry(after: 1, outcome: .failure(refused)) != nil)
    let late = UploadRetryPolicy.marking(refused, responseStarted: true)
    #expect(policy.retry(after: 1, outcome: .failure(late)) == nil)
    for error: any Error in [
      URLError(.timedOut), URLError(.serverCertificateUntrusted), CancellationError(),
      MultipartUploadError.notHTTPResponse,
    ] {
      #expect(policy.retry(after: 1, outcome: .failure(error)) == nil, "\(error)")
    }
  }

  @Test func theLimitCountsRetriesAfterTheFirstAttempt() {
    #expect(UploadRetryPolicy(limit: 0).retry(after: 1, outcome: answer(503)) == nil)
    #expect(UploadRetryPolicy(limit: 2).retry(after: 2, outcome: answer(503)) != nil)
    #expect(UploadRetryPolicy(limit: 2).retry(after: 3, outcome: answer(503)) == nil)
  }

  /// A refused connection is sent again after each wait the policy gives, through the injected
  /// sleep, until the limit; then its error stands, for a small body and a large one.
  @Test(arguments: [Int64(20_000_000), 100])
  func aRefusedUploadIsRetriedThenFails(threshold: Int64) async throws {
    let url = try SilentServer().url  // closed again at once: nothing listens there
    let waits = Locked<[Duration]>([])
    let retries = Locked<[UploadRetry]>([])
    let uploader = MultipartUploader(
      options: MultipartUploadOptions(
        memoryThreshold: threshold,
        retry: UploadRetryPolicy(
          limit: 3, sleep: { delay in waits.withLock { $0.append(delay) } },
          willRetry: { retry in retries.withLock { $0.append(retry) } })))
    var form = MultipartFormData()
    form.addString("hello", forField: "greeting")
    await #expect(throws: URLError.self) {
      _ = try await uploader.upload(form, with: URLRequest(url: url))
    }
    #expect(waits.withLock { $0 } == [1, 2, 4].map { .seconds($0) })
    #expect(retries.withLock { $0 }.map(\.attempt) == [2, 3, 4])
    #expect(retries.withLock { $0 }.allSatisfy { $0.attempts == 4 && !$0.reason.isEmpty })
  }
}
