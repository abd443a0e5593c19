import COpenSSL
package import Foundation

/// A Developer ID identity: the signing certificate, its private key and the chain that issued it.
///
/// Load one with ``load(pkcs12:password:path:)`` or ``load(pem:password:path:)``. The key stays
/// inside OpenSSL and is freed with the identity; nothing prints it.
package final class SignerIdentity: @unchecked Sendable {
  // MARK: - Properties

  /// `EVP_PKEY *`, owned.
  let privateKey: OpaquePointer
  /// `X509 *` of the leaf, owned.
  let certificate: OpaquePointer
  /// `X509 *` of the issuers, leaf's issuer first, owned.
  let chain: [OpaquePointer]

  /// The leaf certificate's subject, `CN=…, OU=…, O=…, C=…`.
  package let subject: String
  /// The team ID: the leaf subject's organizational unit.
  package let teamIdentifier: String?
  /// The certificates in DER, leaf first.
  package let certificatesDER: [[UInt8]]

  // MARK: - Lifecycle

  /// Takes ownership of a key, its certificate and the other certificates (in any order; those
  /// that do not issue the chain are left out).
  init(privateKey: OpaquePointer, certificate: OpaquePointer, others: [OpaquePointer]) {
    self.privateKey = privateKey
    self.certificate = certificate
    var ordered: [OpaquePointer] = []
    var remaining = others
    var current = certificate
    while X509_check_issued(current, current) != X509_V_OK,
      let index = remaining.firstIndex(where: { X509_check_issued($0, current) == X509_V_OK })
    {
      current = remaining.remove(at: index)
      ordered.append(current)
    }
    for certificate in remaining { X509_free(certificate) }
    chain = ordered
    let attributes = OpenSSL.attributes(of: X509_get_subject_name(certificate))
    subject = attributes.map { "\($0.key)=\($0.value)" }.joined(separator: ", ")
    teamIdentifier = attributes.first { $0.key == "OU" }?.value
    certificatesDER = ([certificate] + ordered).map { pointer in
      OpenSSL.der { i2d_X509(pointer, $0) } ?? []
    }
  }

  deinit {
    EVP_PKEY_free(privateKey)
    X509_free(certificate)
    for certificate in chain { X509_free(certificate) }
  }

  // MARK: - API

  /// Checks that the identity carries its certificate's issuer, as codesign does ("unable to
  /// build chain to self-signed root"): a signing certificate alone, not self-signed, gives a
  /// signature that no verifier can link to a root (a `.p12` exported without its chain).
  ///
  /// - Throws: ``CodeSigningError/missingIssuer(subject:issuer:)``.
  package func checkIssuerCarried() throws(CodeSigningError) {
    guard chain.isEmpty, X509_check_issued(certificate, certificate) != X509_V_OK else { return }
    let issuer = OpenSSL.attributes(of: X509_get_issuer_name(certificate))
      .map { "\($0.key)=\($0.value)" }.joined(separator: ", ")
    throw .missingIssuer(subject: subject, issuer: issuer)
  }

  /// Checks that the certificate is valid at `date`.
  ///
  /// - Throws: ``CodeSigningError/certificateNotValidNow(subject:notBefore:notAfter:)``: Apple's
  ///   notary refuses signatures made outside the certificate's validity, so this is an error,
  ///   not a warning.
  package func checkValidity(at date: Date) throws(CodeSigningError) {
    var time = time_t(date.timeIntervalSince1970)
    let notBefore = X509_get0_notBefore(certificate)
    let notAfter = X509_get0_notAfter(certificate)
    guard X509_cmp_time(notBefore, &time) < 0, X509_cmp_time(notAfter, &time) > 0 else {
      throw .certificateNotValidNow(
        subject: subject, notBefore: OpenSSL.text(notBefore), notAfter: OpenSSL.text(notAfter))
    }
  }
}
