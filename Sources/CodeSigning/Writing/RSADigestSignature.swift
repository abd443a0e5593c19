import COpenSSL
package import Digests

/// PKCS #1 v1.5 signatures over a digest itself, as a xar archive's `<signature style="RSA">`
/// signs its table's digest: the digest wrapped in the DigestInfo of its algorithm and signed,
/// with no second hash.
package enum RSADigestSignature {
  /// What a signature that holds was made over.
  package enum Form: Sendable, Equatable {
    /// The digest itself, as `productsign` signs.
    case digest
    /// The digest of the digest, as some older packages carry (rcodesign's signer hashed the
    /// digest it was given).
    case digestOfDigest
  }

  /// Signs `digest`, taken with `algorithm`, with the RSA key `key` (`EVP_PKEY *`).
  ///
  /// - Returns: The signature, as many bytes as the key's modulus.
  /// - Throws: ``CodeSigningError/signingFailed(_:)`` with OpenSSL's reason.
  static func sign(_ digest: [UInt8], algorithm: DigestAlgorithm, key: OpaquePointer)
    throws(CodeSigningError) -> [UInt8]
  {
    defer { ERR_clear_error() }
    guard let context = EVP_PKEY_CTX_new(key, nil) else {
      throw .signingFailed("RSA: \(OpenSSL.drainErrors())")
    }
    defer { EVP_PKEY_CTX_free(context) }
    var length = 0
    guard let digestType = messageDigest(algorithm), EVP_PKEY_sign_init(context) == 1,
      EVP_PKEY_CTX_set_rsa_padding(context, RSA_PKCS1_PADDING) == 1,
      EVP_PKEY_CTX_set_signature_md(context, digestType) == 1,
      EVP_PKEY_sign(context, nil, &length, digest, digest.count) == 1
    else { throw .signingFailed("RSA over the \(algorithm) digest: \(OpenSSL.drainErrors())") }
    var signature = [UInt8](repeating: 0, count: length)
    guard EVP_PKEY_sign(context, &signature, &length, digest, digest.count) == 1 else {
      throw .signingFailed("RSA over the \(algorithm) digest: \(OpenSSL.drainErrors())")
    }
    return Array(signature.prefix(length))
  }

  /// Over what `signature` holds for `digest` (taken with `algorithm`), with the public key of
  /// the certificate `certificateDER`: the digest, its digest, or neither (`nil`).
  package static func verify(
    _ signature: [UInt8], digest: [UInt8], algorithm: DigestAlgorithm, certificateDER: [UInt8]
  ) -> Form? {
    guard let certificate = X509Certificate(der: certificateDER),
      let key = X509_get0_pubkey(certificate.pointer)
    else { return nil }
    // A space reserved larger than the key pads the signature with zeros.
    let size = Int(EVP_PKEY_get_size(key))
    let signature =
      signature.count > size && signature[size...].allSatisfy({ $0 == 0 })
      ? Array(signature.prefix(size)) : signature
    if holds(signature, over: digest, algorithm: algorithm, key: key) { return .digest }
    if holds(signature, over: algorithm.digest(digest), algorithm: algorithm, key: key) {
      return .digestOfDigest
    }
    return nil
  }

  /// Whether `signature` is `key`'s over `digest` in `algorithm`'s DigestInfo.
  private static func holds(
    _ signature: [UInt8], over digest: [UInt8], algorithm: DigestAlgorithm, key: OpaquePointer
  ) -> Bool {
    defer { ERR_clear_error() }
    guard let context = EVP_PKEY_CTX_new(key, nil) else { return false }
    defer { EVP_PKEY_CTX_free(context) }
    guard let digestType = messageDigest(algorithm) else { return false }
    return EVP_PKEY_verify_init(context) == 1
      && EVP_PKEY_CTX_set_rsa_padding(context, RSA_PKCS1_PADDING) == 1
      && EVP_PKEY_CTX_set_signature_md(context, digestType) == 1
      && EVP_PKEY_verify(context, signature, signature.count, digest, digest.count) == 1
  }

  /// OpenSSL's digest of `algorithm`; `nil` for a truncated one, which no DigestInfo names.
  static func messageDigest(_ algorithm: DigestAlgorithm) -> OpaquePointer? {
    switch algorithm {
    case .sha1: EVP_sha1()
    case .sha256: EVP_sha256()
    case .sha384: EVP_sha384()
    case .sha256Truncated: nil
    }
  }
}
