/// Why a request to Apple's services (or their stand-ins) failed.
///
/// Messages name the service and the status; none carries a key, a token or a password.
package enum NotaryServiceError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The API key file cannot be used.
  case unusableKey(path: String, reason: String)
  /// The service answered 401: the key, its ID, the issuer or the clock is wrong.
  case unauthorized(service: String, detail: String)
  /// The service answered with an error status.
  case httpStatus(service: String, status: Int, detail: String)
  /// The service could not be reached after the bounded retries.
  case unreachable(service: String, reason: String)
  /// The service's answer could not be understood.
  case unexpectedResponse(service: String, detail: String)
  /// S3 refused the upload.
  case uploadRefused(status: Int, detail: String)
  /// The ticket was not published within the attempts.
  case ticketNotFound(cdhash: String, attempts: Int)

  /// A sentence naming the problem.
  package var description: String {
    switch self {
    case .unusableKey(let path, let reason): "cannot use the API key \(path): \(reason)"
    case .unauthorized(let service, let detail):
      "\(service) answered 401 Unauthorized: check --key, --key-id and --issuer, and this "
        + "machine's clock (a token whose iat/exp is off by minutes is refused)"
        + (detail.isEmpty ? "" : " (\(detail))")
    case .httpStatus(let service, let status, let detail):
      "\(service) answered HTTP \(status)" + (detail.isEmpty ? "" : ": \(detail)")
    case .unreachable(let service, let reason): "cannot reach \(service): \(reason)"
    case .unexpectedResponse(let service, let detail):
      "unexpected answer from \(service): \(detail)"
    case .uploadRefused(let status, let detail):
      "the upload to S3 was refused with HTTP \(status)" + (detail.isEmpty ? "" : ": \(detail)")
    case .ticketNotFound(let cdhash, let attempts):
      "no notarization ticket for cdhash \(cdhash) after \(attempts) look-ups: Apple has not "
        + "published it yet (run `dmg staple` again later) or the image was not notarized"
    }
  }
}
