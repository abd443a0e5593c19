/// Why a root could not be added to a ``TrustPolicy``: each case names the file.
package enum TrustPolicyError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The file cannot be read.
  case unreadable(path: String, reason: String)
  /// The file holds no PEM certificate.
  case noCertificate(path: String)
  /// A certificate of the file is not self-signed, so it cannot anchor a chain.
  case notARoot(path: String, subject: String)

  /// A sentence naming the problem and the file.
  package var description: String {
    switch self {
    case .unreadable(let path, let reason): "cannot read the trust root \(path): \(reason)"
    case .noCertificate(let path): "\(path) holds no PEM certificate (-----BEGIN CERTIFICATE-----)"
    case .notARoot(let path, let subject):
      "\(path): \(subject) is not a self-signed root certificate, so it cannot anchor a chain"
    }
  }
}
