import Foundation
import MultipartUpload

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The request and the upload's options that `form post`'s flags make: headers, credentials,
/// trusted authorities and retries.
extension FormPostCommand {
  /// The `Authorization` header `-u` and `--password-env` make, read from `environment`; `nil`
  /// without `-u`.
  ///
  /// A usage error for the one without the other, a password in `-u` itself (it would show in
  /// the process list), or a variable not set or empty; no error holds the password.
  static func basicAuthorization(_ arguments: Arguments, environment: [String: String])
    throws(CommandError) -> String?
  {
    func usage(_ message: String) -> CommandError { .usage(message, command: path) }
    switch (arguments.user, arguments.passwordVariable) {
    case (nil, nil): return nil
    case (nil, .some): throw usage("--password-env needs -u <name>, the user it is the password of")
    case (.some, nil):
      throw usage("-u needs --password-env <VAR>, the environment variable holding the password")
    case (let user?, let variable?):
      guard !user.contains(":") else {
        throw usage(
          "-u takes the user name only, without ':' (its password goes in the environment "
            + "variable --password-env names, never on the command line)")
      }
      let password = try EnvironmentSecret(flag: "--password-env", variable: variable)
        .text(in: environment, command: path)
      return "Basic " + Data("\(user):\(password)".utf8).base64EncodedString()
    }
  }

  /// The request to send: the URL, the method, then `-u`'s `Authorization` unless a `-H` gives
  /// one (as curl), then the `-H` headers in order.
  func makeRequest() -> URLRequest {
    var request = URLRequest(url: url)
    request.httpMethod = arguments.method
    let givesAuthorization = arguments.headers.contains {
      $0.name.caseInsensitiveCompare("Authorization") == .orderedSame
    }
    if let authorization, !givesAuthorization {
      request.setValue(authorization, forHTTPHeaderField: "Authorization")
    }
    for header in arguments.headers {
      request.addValue(header.value, forHTTPHeaderField: header.name)
    }
    return request
  }

  /// The authorities `--cacert` names, read before anything is sent; `nil` without it.
  func trustedCertificates() throws(CommandError) -> TrustedCertificates? {
    guard let file = arguments.trustedCertificates else { return nil }
    do {
      return try TrustedCertificates(contentsOf: URL(fileURLWithPath: file))
    } catch {
      throw .failure("--cacert \(file): \(Self.reason(error))")
    }
  }

  /// `--retry`'s policy: each retry announced on standard error in a line of its own, below the
  /// progress bar of the attempt that failed.
  func retryPolicy(progress: ProgressReporter) -> UploadRetryPolicy {
    UploadRetryPolicy(
      limit: arguments.retries,
      willRetry: { retry in
        let seconds = retry.delay.components.seconds
        progress.note(
          "retrying in \(seconds) s (attempt \(retry.attempt) of \(retry.attempts)): "
            + retry.reason)
      })
  }

  /// What went wrong with the `--cacert` file, without the library's own lead.
  private static func reason(_ error: MultipartUploadError) -> String {
    if case .untrustedCertificates(_, let reason) = error { return reason }
    return error.description
  }
}
