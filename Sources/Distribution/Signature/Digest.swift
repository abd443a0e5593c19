#if canImport(CommonCrypto)
import CommonCrypto
#elseif canImport(COpenSSL)
import COpenSSL
#endif

/// The digest algorithms of code directories (`CS_HASHTYPE_*`).
package enum DigestAlgorithm: UInt8, Sendable, CustomStringConvertible {
  /// `CS_HASHTYPE_SHA1`.
  case sha1 = 1
  /// `CS_HASHTYPE_SHA256`.
  case sha256 = 2
  /// `CS_HASHTYPE_SHA256_TRUNCATED`: the first 20 bytes of SHA-256.
  case sha256Truncated = 3
  /// `CS_HASHTYPE_SHA384`.
  case sha384 = 4

  /// The algorithm's name, such as `sha256`.
  package var description: String {
    switch self {
    case .sha1: "sha1"
    case .sha256: "sha256"
    case .sha256Truncated: "sha256-truncated"
    case .sha384: "sha384"
    }
  }

  /// The digest of `bytes`, from the platform's crypto library.
  package func digest(_ bytes: UnsafeRawBufferPointer) -> [UInt8] {
    #if canImport(CommonCrypto)
    switch self {
    case .sha1:
      var out = [UInt8](repeating: 0, count: Int(CC_SHA1_DIGEST_LENGTH))
      _ = CC_SHA1(bytes.baseAddress, CC_LONG(bytes.count), &out)
      return out
    case .sha256, .sha256Truncated:
      var out = [UInt8](repeating: 0, count: Int(CC_SHA256_DIGEST_LENGTH))
      _ = CC_SHA256(bytes.baseAddress, CC_LONG(bytes.count), &out)
      return self == .sha256 ? out : Array(out.prefix(20))
    case .sha384:
      var out = [UInt8](repeating: 0, count: Int(CC_SHA384_DIGEST_LENGTH))
      _ = CC_SHA384(bytes.baseAddress, CC_LONG(bytes.count), &out)
      return out
    }
    #else
    let type: OpaquePointer? =
      switch self {
      case .sha1: EVP_sha1()
      case .sha256, .sha256Truncated: EVP_sha256()
      case .sha384: EVP_sha384()
      }
    var out = [UInt8](repeating: 0, count: 64)
    var length: UInt32 = 0
    _ = EVP_Digest(bytes.baseAddress, bytes.count, &out, &length, type, nil)
    return Array(out.prefix(self == .sha256Truncated ? 20 : Int(length)))
    #endif
  }

  /// The digest of `bytes`.
  package func digest(_ bytes: [UInt8]) -> [UInt8] {
    bytes.withUnsafeBytes { digest($0) }
  }
}

extension Array where Element == UInt8 {
  /// The bytes in lower-case hexadecimal.
  package var hex: String {
    map { byte in
      let digits = String(byte, radix: 16)
      return byte < 16 ? "0" + digits : digits
    }.joined()
  }
}
