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

  /// Apple's Developer ID intermediates and roots: the issuers a chain that stops short of a
  /// root is completed from, as codesign completes it from the keychain.
  package static let appleIssuers = AppleIntermediateCertificates.all + AppleRootCertificates.all

  /// Takes ownership of a key, its certificate and the other certificates (in any order; those
  /// that do not issue the chain are left out); a chain that stops short of a self-signed
  /// certificate goes on with those of `issuers` (DER) that issue it.
  init(
    privateKey: OpaquePointer, certificate: OpaquePointer, others: [OpaquePointer],
    issuers: [[UInt8]]
  ) {
    self.privateKey = privateKey
    self.certificate = certificate
    var ordered: [OpaquePointer] = []
    var carried = others
    var known = issuers.compactMap(Self.certificate(der:))
    var current = certificate
    while X509_check_issued(current, current) != X509_V_OK {
      if let index = carried.firstIndex(where: { X509_check_issued($0, current) == X509_V_OK }) {
        current = carried.remove(at: index)
      } else if let index = known.firstIndex(where: {
        X509_check_issued($0, current) == X509_V_OK
          && X509_verify(current, X509_get0_pubkey($0)) == 1
      }) {
        current = known.remove(at: index)
      } else {
        break
      }
      ordered.append(current)
    }
    ERR_clear_error()
    for certificate in carried + known { X509_free(certificate) }
    chain = ordered
    let attributes = OpenSSL.attributes(of: X509_get_subject_name(certificate))
    subject = attributes.map { "\($0.key)=\($0.value)" }.joined(separator: ", ")
    teamIdentifier = attributes.first { $0.key == "OU" }?.value
    certificatesDER = ([certificate] + ordered).map { pointer in
      OpenSSL.der { i2d_X509(pointer, $0) } ?? []
    }
  }

  /// An `X509 *` read from DER, owned by the caller.
  private static func certificate(der: [UInt8]) -> OpaquePointer? {
    der.withUnsafeBufferPointer { buffer in
      var start = buffer.baseAddress
      return d2i_X509(nil, &start, buffer.count)
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
