/// A digest algorithm: the ones code signatures use, SHA-256 for everything else.
///
/// ```swift
/// let digest = DigestAlgorithm.sha256.digest(Array("abc".utf8))
/// print(digest.hex)  // ba7816bf…
/// ```
///
/// The digests come from the platform's crypto library: CommonCrypto on Apple platforms,
/// OpenSSL's libcrypto elsewhere.
package enum DigestAlgorithm: Sendable, Hashable, CaseIterable, CustomStringConvertible {
  /// SHA-1 (FIPS 180-4), 20 bytes: found in old code signatures only.
  case sha1
  /// SHA-256 (FIPS 180-4), 32 bytes.
  case sha256
  /// The first 20 bytes of SHA-256, as a code directory's `CS_HASHTYPE_SHA256_TRUNCATED`.
  case sha256Truncated
  /// SHA-384 (FIPS 180-4), 48 bytes.
  case sha384

  /// How many bytes a digest has.
  package var length: Int {
    switch self {
    case .sha1, .sha256Truncated: 20
    case .sha256: 32
    case .sha384: 48
    }
  }

  /// The algorithm's name, such as `sha256`.
  package var description: String {
    switch self {
    case .sha1: "sha1"
    case .sha256: "sha256"
    case .sha256Truncated: "sha256-truncated"
    case .sha384: "sha384"
    }
  }

  /// The digest of `bytes`, in one call.
  package func digest(_ bytes: UnsafeRawBufferPointer) -> [UInt8] {
    let digest = IncrementalDigest(self)
    digest.update(bytes)
    return digest.finish()
  }

  /// The digest of `bytes`, in one call.
  package func digest(_ bytes: some Sequence<UInt8>) -> [UInt8] {
    let digest = IncrementalDigest(self)
    digest.update(bytes)
    return digest.finish()
  }
}
