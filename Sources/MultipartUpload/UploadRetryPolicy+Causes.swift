import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Which outcomes call for a retry, and the `Retry-After` a server asks for.
extension UploadRetryPolicy {
  /// The `URLError` user-info key, set to `true`, of a failure that came after a response began:
  /// the server read the request, so it is never retried.
  static let responseStartedKey = "ShipyardUploadResponseStarted"

  /// The statuses that say the request was not acted on: `408`, `429` and `503`.
  static let retriedStatuses: Set<Int> = [408, 429, 503]

  /// The connection failures that come before the server can have read the form.
  static let retriedErrors: Set<URLError.Code> = [
    .cannotFindHost, .dnsLookupFailed, .cannotConnectToHost, .networkConnectionLost,
    .notConnectedToInternet,
  ]

  /// Why `outcome` calls for another attempt, and the wait the server asked for; `nil` when it
  /// does not.
  static func cause(of outcome: UploadOutcome) -> (reason: String, requestedDelay: Duration?)? {
    switch outcome {
    case .success(let reply):
      let status = reply.response.statusCode
      guard retriedStatuses.contains(status) else { return nil }
      let words = HTTPURLResponse.localizedString(forStatusCode: status).capitalized
      return (
        "the server answered HTTP \(status) \(words)",
        reply.response.value(forHTTPHeaderField: "Retry-After").flatMap { delay(retryAfter: $0) }
      )
    case .failure(let error):
      guard let error = urlError(error), retriedErrors.contains(error.code),
        error.userInfo[responseStartedKey] as? Bool != true
      else { return nil }
      return (error.localizedDescription, nil)
    }
  }

  /// `error` marked as having come after a response began, when `responseStarted` and it is a
  /// URL loading error.
  static func marking(_ error: any Error, responseStarted: Bool) -> any Error {
    guard responseStarted, let error = urlError(error) else { return error }
    return URLError(error.code, userInfo: error.userInfo.merging([responseStartedKey: true]) { $1 })
  }

  /// `error` as a `URLError`: FoundationNetworking reports its failures as `NSError`s of
  /// `NSURLErrorDomain`, which do not cast to `URLError` on Linux.
  static func urlError(_ error: any Error) -> URLError? {
    if let error = error as? URLError { return error }
    let error = error as NSError
    // Failable on Linux only.
    guard error.domain == NSURLErrorDomain,
      let code = URLError.Code(rawValue: error.code) as URLError.Code?
    else { return nil }
    var info = error.userInfo
    info[NSLocalizedDescriptionKey] = error.localizedDescription
    return URLError(code, userInfo: info)
  }

  /// The wait a `Retry-After` value asks for: whole seconds, or an HTTP date (`nil` for anything
  /// else, and no wait for a date past).
  static func delay(retryAfter value: String, now: Date = Date()) -> Duration? {
    let text = value.trimmingCharacters(in: .whitespaces)
    if let seconds = Int(text) { return seconds >= 0 ? .seconds(seconds) : nil }
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.timeZone = TimeZone(identifier: "GMT")
    formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
    guard let date = formatter.date(from: text) else { return nil }
    return .seconds(max(0, Int(date.timeIntervalSince(now).rounded(.up))))
  }
}
