import COpenSSL

extension SignerIdentity {
  /// Loads a PKCS#12 (`.p12`) file's identity, as Keychain Access or `openssl pkcs12 -export`
  /// (with or without `-legacy`) writes it.
  ///
  /// Files with RC2 or 3DES encryption need OpenSSL 3's legacy provider, which is loaded here
  /// (with the default provider beside it).
  ///
  /// - Parameters:
  ///   - bytes: The file's bytes.
  ///   - password: The file's password (empty when it has none).
  ///   - path: The file's path, for messages.
  ///   - issuers: The certificates (DER) that complete a chain the file stops short of a root:
  ///     Apple's, unless a test gives its own.
  /// - Returns: The identity.
  /// - Throws: ``CodeSigningError/wrongPassword(path:)`` when the MAC does not verify,
  ///   ``CodeSigningError/missingPrivateKey(path:)`` for a certificate exported without its key.
  package static func load(
    pkcs12 bytes: [UInt8], password: String, path: String, issuers: [[UInt8]] = appleIssuers
  ) throws(CodeSigningError) -> SignerIdentity {
    ERR_clear_error()
    let legacyProblem = loadProviders()
    guard
      let p12 = OpenSSL.withMemoryBIO(bytes, { bio in d2i_PKCS12_bio(bio, nil) }) ?? nil
    else {
      throw .unreadableIdentity(path: path, reason: "not a PKCS#12 file (\(OpenSSL.drainErrors()))")
    }
    defer { PKCS12_free(p12) }
    guard PKCS12_mac_present(p12) == 0 || PKCS12_verify_mac(p12, password, -1) == 1 else {
      ERR_clear_error()
      throw .wrongPassword(path: path)
    }
    var key: OpaquePointer?
    var certificate: OpaquePointer?
    var others: OpaquePointer?
    guard PKCS12_parse(p12, password, &key, &certificate, &others) == 1 else {
      let reason = OpenSSL.drainErrors()
      if let legacyProblem, reason.contains("unsupported") {
        throw .legacyCipherUnavailable(path: path, reason: legacyProblem)
      }
      throw .unreadableIdentity(path: path, reason: reason)
    }
    var extra: [OpaquePointer] = []
    if let others {
      while let next = OPENSSL_sk_shift(others) { extra.append(OpaquePointer(next)) }
      OPENSSL_sk_free(others)
    }
    return try assemble(
      key: key, certificate: certificate, others: extra, path: path, issuers: issuers)
  }

  /// Loads a PEM file holding a private key and certificates (the leaf and its issuers).
  ///
  /// - Parameters:
  ///   - bytes: The file's bytes.
  ///   - password: The key's password, if it is encrypted (never asked on the terminal).
  ///   - path: The file's path, for messages.
  ///   - issuers: The certificates (DER) that complete a chain the file stops short of a root.
  /// - Returns: The identity: the certificate matching the key, and the others as its chain.
  /// - Throws: ``CodeSigningError/missingPrivateKey(path:)`` or
  ///   ``CodeSigningError/missingCertificate(path:)`` when one half is missing.
  package static func load(
    pem bytes: [UInt8], password: String = "", path: String, issuers: [[UInt8]] = appleIssuers
  ) throws(CodeSigningError) -> SignerIdentity {
    ERR_clear_error()
    var certificates: [OpaquePointer] = []
    _ = OpenSSL.withMemoryBIO(bytes) { bio in
      while let certificate = PEM_read_bio_X509(bio, nil, nil, nil) {
        certificates.append(certificate)
      }
    }
    ERR_clear_error()
    let key = password.withCString { pass in
      OpenSSL.withMemoryBIO(bytes) { bio in
        PEM_read_bio_PrivateKey(bio, nil, nil, UnsafeMutableRawPointer(mutating: pass))
      } ?? nil
    }
    if key == nil, certificates.isEmpty {
      throw .unreadableIdentity(path: path, reason: "no PEM certificate or private key in it")
    }
    ERR_clear_error()
    let leaf = certificates.firstIndex { key != nil && X509_check_private_key($0, key) == 1 }
    let certificate = leaf.map { certificates.remove(at: $0) }
    ERR_clear_error()
    return try assemble(
      key: key, certificate: certificate, others: certificates, path: path, issuers: issuers)
  }

  private static func assemble(
    key: OpaquePointer?, certificate: OpaquePointer?, others: [OpaquePointer], path: String,
    issuers: [[UInt8]]
  ) throws(CodeSigningError) -> SignerIdentity {
    guard let certificate else {
      EVP_PKEY_free(key)
      free(others)
      if key != nil || others.isEmpty { throw .missingCertificate(path: path) }
      throw .missingPrivateKey(path: path)
    }
    guard let key else {
      X509_free(certificate)
      free(others)
      throw .missingPrivateKey(path: path)
    }
    guard X509_check_private_key(certificate, key) == 1 else {
      ERR_clear_error()
      EVP_PKEY_free(key)
      X509_free(certificate)
      free(others)
      throw .missingPrivateKey(path: path)
    }
    return SignerIdentity(
      privateKey: key, certificate: certificate, others: others, issuers: issuers)
  }

  private static func free(_ certificates: [OpaquePointer]) {
    for certificate in certificates { X509_free(certificate) }
  }

  /// Loads OpenSSL's default and legacy providers once; returns why the legacy one is missing.
  private static func loadProviders() -> String? { legacyProviderProblem }

  private static let legacyProviderProblem: String? = {
    _ = OSSL_PROVIDER_load(nil, "default")
    return OSSL_PROVIDER_load(nil, "legacy") == nil ? OpenSSL.drainErrors() : nil
  }()
}
