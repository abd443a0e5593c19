import COpenSSL

extension SignerIdentity {
  /// Checks that the identity can sign installer packages: a Developer ID Installer certificate
  /// (extension 1.2.840.113635.100.6.1.14 and extended key usage 1.2.840.113635.100.4.13, not
  /// the Application marker 1.2.840.113635.100.6.1.13) with an RSA key, the only kind Apple
  /// issues for it and the only one a xar `RSA` signature can hold.
  ///
  /// A certificate not issued by Apple (a test CA, a private one) passes when it carries the
  /// same extensions: only the chain's root differs, which verification judges against the
  /// roots it is given.
  ///
  /// - Throws: ``CodeSigningError/notAnInstallerIdentity(subject:reason:)`` naming what is
  ///   missing or wrong.
  package func checkInstallerCertificate() throws(CodeSigningError) {
    guard let leaf = X509Certificate(referencing: certificate) else {
      throw .notAnInstallerIdentity(subject: subject, reason: "its certificate cannot be read")
    }
    if let problem = TrustPolicy.leafProblem(leaf, kind: .developerIDInstaller) {
      throw .notAnInstallerIdentity(subject: subject, reason: problem)
    }
    guard EVP_PKEY_get_base_id(privateKey) == EVP_PKEY_RSA else {
      throw .notAnInstallerIdentity(
        subject: subject, reason: "its key is not RSA, which an installer signature needs")
    }
  }

  /// The size of the key's signatures in bytes (256 for RSA-2048).
  var signatureSize: Int { Int(EVP_PKEY_get_size(privateKey)) }
}
