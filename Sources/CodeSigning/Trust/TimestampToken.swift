import COpenSSL
package import Foundation

/// An RFC 3161 time-stamp token attached to a code signature (the unsigned attribute
/// 1.2.840.113549.1.9.16.2.14): the time a time-stamp authority vouches the signature existed
/// at, which is the time a timestamped signature is judged at.
package struct TimestampToken: Sendable {
  /// The token's `genTime`.
  package let time: Date
  /// The subject of the certificate that signed the token (the time-stamp authority's), when
  /// the token carries it, as `CN=…, O=…, C=…`.
  package let authority: String?
  /// The token, a CMS `ContentInfo` in DER or BER.
  package let encoded: [UInt8]

  /// Reads the token in `encoded` (DER or BER), or `nil` when it is not a time-stamp token with
  /// a time.
  package init?(encoded: [UInt8]) {
    defer { ERR_clear_error() }
    let read = Self.withToken(encoded) { token -> (Date, String?)? in
      guard let info = PKCS7_to_TS_TST_INFO(token) else { return nil }
      defer { TS_TST_INFO_free(info) }
      guard let time = OpenSSL.date(TS_TST_INFO_get_time(info)) else { return nil }
      return (time, Self.signer(of: token))
    }
    guard let (time, authority) = read else { return nil }
    self.time = time
    self.authority = authority
    self.encoded = encoded
  }

  /// The subject of the certificate among `token`'s that signed it, if it carries it.
  private static func signer(of token: UnsafeMutablePointer<PKCS7>) -> String? {
    guard let signers = PKCS7_get0_signers(token, nil, 0) else { return nil }
    defer { OPENSSL_sk_free(signers) }
    guard OPENSSL_sk_num(signers) > 0,
      let first = OPENSSL_sk_value(signers, 0)
    else { return nil }
    return OpenSSL.oneLine(X509_get_subject_name(OpaquePointer(first)))
  }

  /// Why the token does not vouch for `signatureValue` under `policy`, or `nil` when it does:
  /// its signature holds, its message imprint is the digest of `signatureValue`, and the
  /// authority's certificate chains to one of the policy's anchors, every certificate valid at
  /// the token's own ``time``.
  ///
  /// The token's time, not now: Apple's time-stamp authority certificates live about six weeks,
  /// and a token stays good evidence after its authority's certificate expires, as macOS judges
  /// it. The token's signature binds its time, so a token cannot claim a time at which an
  /// expired authority certificate was still valid without that certificate's key.
  ///
  /// - Parameters:
  ///   - signatureValue: The code signature's `SignerInfo` signature, which the token stamps.
  ///   - policy: The roots the authority's certificate must chain to.
  /// - Returns: OpenSSL's reason, or `nil`.
  package func problem(stamping signatureValue: [UInt8], policy: TrustPolicy) -> String? {
    defer { ERR_clear_error() }
    let holds = Self.withToken(encoded) { token -> Bool in
      guard let context = TS_VERIFY_CTX_new(), let store = X509_STORE_new() else { return false }
      defer { TS_VERIFY_CTX_free(context) }  // frees the store and the data BIO too
      for root in policy.anchors.compactMap(X509Certificate.init(der:)) {
        X509_STORE_add_cert(store, root.pointer)
      }
      X509_VERIFY_PARAM_set_time(X509_STORE_get0_param(store), time_t(time.timeIntervalSince1970))
      X509_STORE_set_verify_cb(store, ChainBuilder.acceptAppleCriticalExtensions)
      TS_VERIFY_CTX_set_store(context, store)
      guard let data = BIO_new(BIO_s_mem()) else { return false }
      TS_VERIFY_CTX_set_data(context, data)
      guard BIO_write(data, signatureValue, Int32(signatureValue.count)) == signatureValue.count
      else { return false }
      TS_VERIFY_CTX_set_flags(
        context, Int32(TS_VFY_VERSION | TS_VFY_SIGNATURE | TS_VFY_DATA))
      return TS_RESP_verify_token(context, token) == 1
    }
    return holds == true ? nil : OpenSSL.drainErrors()
  }

  /// Runs `body` with the token parsed as PKCS #7.
  private static func withToken<T>(
    _ encoded: [UInt8], _ body: (UnsafeMutablePointer<PKCS7>) -> T?
  ) -> T? {
    encoded.withUnsafeBufferPointer { buffer -> T? in
      var cursor = buffer.baseAddress
      guard let token = d2i_PKCS7(nil, &cursor, buffer.count) else { return nil }
      defer { PKCS7_free(token) }
      return body(token)
    }
  }
}
