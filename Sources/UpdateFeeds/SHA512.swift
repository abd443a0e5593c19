import COpenSSL

/// SHA-512 (FIPS 180-4) in one call, over bytes already in memory.
///
/// It is electron-updater's `sha512`, over the mapped file a feed describes; the `Digests`
/// module keeps to the algorithms code signatures use.
package enum SHA512 {
  /// The 64-byte digest of `bytes`.
  package static func digest(_ bytes: UnsafeRawBufferPointer) -> [UInt8] {
    var out = [UInt8](repeating: 0, count: 64)
    var length: UInt32 = 0
    _ = EVP_Digest(bytes.baseAddress, bytes.count, &out, &length, EVP_sha512(), nil)
    return out
  }

  /// Writes the 64-byte digest of `parts`, one after the other, into `out` (64 bytes) without
  /// joining them in memory (`EVP_DigestUpdate` per part); returns whether OpenSSL succeeded.
  ///
  /// The digest goes into the caller's buffer, which it can cleanse, and failure is `false`, not
  /// zeros: a signer's secret nonce comes from this digest. OpenSSL cleanses its own state when
  /// the context is freed.
  package static func digest(parts: [UnsafeRawBufferPointer], into out: inout [UInt8]) -> Bool {
    precondition(out.count == 64)
    guard let context = EVP_MD_CTX_new() else { return false }
    defer { EVP_MD_CTX_free(context) }
    guard EVP_DigestInit_ex(context, EVP_sha512(), nil) == 1 else { return false }
    for part in parts where part.count > 0 {
      guard EVP_DigestUpdate(context, part.baseAddress, part.count) == 1 else { return false }
    }
    var length: UInt32 = 0
    return EVP_DigestFinal_ex(context, &out, &length) == 1 && length == 64
  }
}
