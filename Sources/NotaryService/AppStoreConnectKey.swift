import COpenSSL
package import Foundation

/// An App Store Connect API key (the `.p8` file, an EC P-256 private key in PKCS#8 PEM), its key
/// ID and its issuer, which sign the JSON Web Tokens of Apple's Notary API.
///
/// The key stays inside OpenSSL; neither it nor the tokens appear in descriptions.
package final class AppStoreConnectKey: @unchecked Sendable, CustomStringConvertible {
  /// `EVP_PKEY *`, owned.
  private let key: OpaquePointer
  /// The key's ID (the `kid` header), as in `AuthKey_<ID>.p8`.
  package let keyID: String
  /// The issuer ID (the `iss` claim), a UUID from App Store Connect.
  package let issuer: String

  /// The audience claim of App Store Connect tokens.
  package static let audience = "appstoreconnect-v1"
  /// How long a token lives: Apple refuses more than 20 minutes.
  package static let lifetime: TimeInterval = 15 * 60

  /// Loads the key from the `.p8` file's bytes: its PEM text, or the PKCS#8 DER the PEM wraps.
  ///
  /// - Parameters:
  ///   - bytes: The PEM text or the DER.
  ///   - keyID: The key's ID.
  ///   - issuer: The issuer ID.
  ///   - path: The file's path, or where the bytes came from, for messages.
  /// - Throws: ``NotaryServiceError/unusableKey(path:reason:)`` when it holds no EC P-256 key.
  package init(p8 bytes: [UInt8], keyID: String, issuer: String, path: String)
    throws(NotaryServiceError)
  {
    ERR_clear_error()
    let loaded = bytes.withUnsafeBytes { raw -> OpaquePointer? in
      guard let bio = BIO_new_mem_buf(raw.baseAddress, Int32(raw.count)) else { return nil }
      defer { BIO_free(bio) }
      var empty: CChar = 0
      if let key = PEM_read_bio_PrivateKey(bio, nil, nil, &empty) { return key }
      var der = raw.baseAddress?.assumingMemoryBound(to: UInt8.self)
      return d2i_AutoPrivateKey(nil, &der, raw.count)
    }
    ERR_clear_error()
    guard let loaded else {
      throw .unusableKey(
        path: path, reason: "no private key in it, PEM or DER (expected AuthKey_<id>.p8)")
    }
    guard EVP_PKEY_get_base_id(loaded) == EVP_PKEY_EC, EVP_PKEY_get_bits(loaded) == 256 else {
      EVP_PKEY_free(loaded)
      throw .unusableKey(path: path, reason: "not an EC P-256 key, as App Store Connect keys are")
    }
    key = loaded
    self.keyID = keyID
    self.issuer = issuer
  }

  deinit { EVP_PKEY_free(key) }

  /// `AppStoreConnectKey(<key ID>)`, never the key.
  package var description: String { "AppStoreConnectKey(\(keyID))" }

  /// A token valid from `date` for ``lifetime``: header `{alg ES256, kid, typ JWT}`, claims `iss`,
  /// `iat`, `exp`, `aud`, signed ES256 (the raw 64-byte r‖s, not DER).
  package func token(at date: Date) throws(NotaryServiceError) -> String {
    let issuedAt = Int(date.timeIntervalSince1970)
    let header = #"{"alg":"ES256","kid":"\#(Self.jsonEscaped(keyID))","typ":"JWT"}"#
    let claims =
      #"{"iss":"\#(Self.jsonEscaped(issuer))","iat":\#(issuedAt),"exp":\#(issuedAt + Int(Self.lifetime)),"aud":"\#(Self.audience)"}"#
    let input = Crypto.base64URL(Data(header.utf8)) + "." + Crypto.base64URL(Data(claims.utf8))
    guard let signature = sign(Array(input.utf8)) else {
      throw .unusableKey(path: keyID, reason: "ES256 signing failed: \(Self.drainErrors())")
    }
    return input + "." + Crypto.base64URL(signature)
  }

  private func sign(_ message: [UInt8]) -> [UInt8]? {
    guard let context = EVP_MD_CTX_new() else { return nil }
    defer { EVP_MD_CTX_free(context) }
    guard EVP_DigestSignInit(context, nil, EVP_sha256(), nil, key) == 1 else { return nil }
    var length = 0
    guard EVP_DigestSign(context, nil, &length, message, message.count) == 1 else { return nil }
    var der = [UInt8](repeating: 0, count: length)
    guard EVP_DigestSign(context, &der, &length, message, message.count) == 1 else { return nil }
    // DER ECDSA-Sig-Value { r, s } to the fixed 32 + 32 bytes JWS wants.
    let parsed = der.withUnsafeBufferPointer { buffer -> OpaquePointer? in
      var pointer = buffer.baseAddress
      return d2i_ECDSA_SIG(nil, &pointer, length)
    }
    guard let parsed else { return nil }
    defer { ECDSA_SIG_free(parsed) }
    var out = [UInt8](repeating: 0, count: 64)
    guard BN_bn2binpad(ECDSA_SIG_get0_r(parsed), &out, 32) == 32 else { return nil }
    let written = out.withUnsafeMutableBufferPointer { buffer in
      BN_bn2binpad(ECDSA_SIG_get0_s(parsed), buffer.baseAddress.map { $0 + 32 }, 32)
    }
    return written == 32 ? out : nil
  }

  static func jsonEscaped(_ text: String) -> String {
    text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
  }

  static func drainErrors() -> String {
    let code = ERR_get_error()
    ERR_clear_error()
    return code == 0 ? "unknown error" : "OpenSSL error \(code)"
  }
}
