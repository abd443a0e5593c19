import COpenSSL
import Digests

/// RFC 3161 time-stamp messages, encoded and checked with OpenSSL: the request a signer posts to
/// a time-stamp authority and the token taken from its reply.
package struct TimestampMessage: Sendable {
  /// The DER `TimeStampReq` (`application/timestamp-query`).
  package let request: [UInt8]
  /// The SHA-256 digest the request asks to be stamped.
  package let digest: [UInt8]
  /// The request's nonce, big-endian.
  let nonce: [UInt8]

  /// A request for the SHA-256 of `content` (for a code signature: its signature value), asking
  /// for the authority's certificate in the token, with a random nonce.
  package init(stamping content: [UInt8]) throws(CodeSigningError) {
    digest = DigestAlgorithm.sha256.digest(content)
    var nonce = [UInt8](repeating: 0, count: 8)
    guard RAND_bytes(&nonce, Int32(nonce.count)) == 1 else {
      throw .timestampFailed("no random nonce: \(OpenSSL.drainErrors())")
    }
    nonce[0] &= 0x7F
    nonce[0] |= 0x01
    self.nonce = nonce
    guard let request = TS_REQ_new(), let imprint = TS_MSG_IMPRINT_new(),
      let algorithm = X509_ALGOR_new()
    else { throw .timestampFailed("no memory") }
    defer {
      TS_REQ_free(request)
      TS_MSG_IMPRINT_free(imprint)
      X509_ALGOR_free(algorithm)
    }
    let number = nonce.withUnsafeBufferPointer { BN_bin2bn($0.baseAddress, Int32($0.count), nil) }
    let integer = BN_to_ASN1_INTEGER(number, nil)
    defer {
      BN_free(number)
      ASN1_INTEGER_free(integer)
    }
    X509_ALGOR_set_md(algorithm, EVP_sha256())
    var digest = self.digest
    guard TS_REQ_set_version(request, 1) == 1, TS_MSG_IMPRINT_set_algo(imprint, algorithm) == 1,
      TS_MSG_IMPRINT_set_msg(imprint, &digest, Int32(digest.count)) == 1,
      TS_REQ_set_msg_imprint(request, imprint) == 1, TS_REQ_set_nonce(request, integer) == 1,
      TS_REQ_set_cert_req(request, 1) == 1,
      let encoded = OpenSSL.der({ i2d_TS_REQ(request, $0) })
    else { throw .timestampFailed("cannot encode the request: \(OpenSSL.drainErrors())") }
    self.request = encoded
  }

  /// The time-stamp token (a CMS `ContentInfo`, DER) in the authority's `TimeStampResp`.
  ///
  /// - Throws: ``CodeSigningError/timestampFailed(_:)`` when the authority refused, or when the
  ///   token stamps another digest or nonce.
  package func token(fromReply reply: [UInt8]) throws(CodeSigningError) -> [UInt8] {
    ERR_clear_error()
    let parsed = reply.withUnsafeBufferPointer { buffer -> OpaquePointer? in
      var pointer = buffer.baseAddress
      return d2i_TS_RESP(nil, &pointer, buffer.count)
    }
    guard let response = parsed else {
      throw .timestampFailed("the reply is not an RFC 3161 TimeStampResp")
    }
    defer { TS_RESP_free(response) }
    let status = ASN1_INTEGER_get(TS_STATUS_INFO_get0_status(TS_RESP_get_status_info(response)))
    // 0 granted, 1 granted with modifications.
    guard status == 0 || status == 1 else {
      throw .timestampFailed("the authority refused the request (PKIStatus \(status))")
    }
    guard let info = TS_RESP_get_tst_info(response), let token = TS_RESP_get_token(response),
      let imprint = TS_TST_INFO_get_msg_imprint(info),
      let message = TS_MSG_IMPRINT_get_msg(imprint)
    else { throw .timestampFailed("the reply carries no token") }
    let stamped = Array(
      UnsafeBufferPointer(
        start: ASN1_STRING_get0_data(message), count: Int(ASN1_STRING_length(message))))
    guard stamped == digest else {
      throw .timestampFailed("the token stamps another digest than the one requested")
    }
    if let replyNonce = TS_TST_INFO_get_nonce(info) {
      let number = ASN1_INTEGER_to_BN(replyNonce, nil)
      defer { BN_free(number) }
      var bytes = [UInt8](repeating: 0, count: Int((BN_num_bits(number) + 7) / 8))
      BN_bn2bin(number, &bytes)
      guard bytes == Array(nonce.drop { $0 == 0 }) else {
        throw .timestampFailed("the token answers another request (nonce differs)")
      }
    }
    guard let der = OpenSSL.der({ i2d_PKCS7(token, $0) }) else {
      throw .timestampFailed("cannot encode the token")
    }
    return der
  }
}
