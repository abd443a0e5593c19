#if canImport(Security)
import Foundation
import Security

/// The server-trust evaluation against ``TrustedCertificates``, on Apple platforms.
///
/// On Linux libcurl checks the server against them instead (``CurlUpload``), since
/// FoundationNetworking asks its delegate for no server trust.
extension UploadTaskDelegate {
  /// Accepts the server only when its chain ends at one of the trusted certificates (and only
  /// them, as `curl --cacert`); any other challenge is handled as URLSession would.
  func urlSession(
    _ session: URLSession, task: URLSessionTask,
    didReceive challenge: URLAuthenticationChallenge,
    completionHandler:
      @escaping @Sendable (URLSession.AuthChallengeDisposition, URLCredential?) ->
      Void
  ) {
    guard let trustedCertificates,
      challenge.protectionSpace.authenticationMethod == NSURLAuthenticationMethodServerTrust,
      let trust = challenge.protectionSpace.serverTrust
    else {
      completionHandler(.performDefaultHandling, nil)
      return
    }
    if Self.evaluate(trust, anchoredAt: trustedCertificates) {
      completionHandler(.useCredential, URLCredential(trust: trust))
    } else {
      completionHandler(.cancelAuthenticationChallenge, nil)
    }
  }

  /// Whether `trust` (with its host name policy) holds with `trusted` as its only anchors.
  static func evaluate(_ trust: SecTrust, anchoredAt trusted: TrustedCertificates) -> Bool {
    let anchors = trusted.certificates.compactMap {
      SecCertificateCreateWithData(nil, $0 as CFData)
    }
    guard anchors.count == trusted.certificates.count,
      SecTrustSetAnchorCertificates(trust, anchors as CFArray) == errSecSuccess,
      SecTrustSetAnchorCertificatesOnly(trust, true) == errSecSuccess
    else { return false }
    return SecTrustEvaluateWithError(trust, nil)
  }
}
#endif
