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
}
