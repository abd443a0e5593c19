#if canImport(CommonCrypto)
import CommonCrypto
#elseif canImport(COpenSSL)
import COpenSSL
#endif

/// A digest computed over bytes given in pieces, such as a file read a chunk at a time or a
/// multipart body as it streams past.
///
/// ```swift
/// let digest = IncrementalDigest(.sha256)
/// for chunk in chunks { digest.update(chunk) }
/// let sha256 = digest.finish()
/// ```
package final class IncrementalDigest {
  /// The algorithm.
  package let algorithm: DigestAlgorithm
  #if canImport(CommonCrypto)
  private var sha1 = CC_SHA1_CTX()
  private var sha256 = CC_SHA256_CTX()
  private var sha384 = CC_SHA512_CTX()
  #else
  private let context: OpaquePointer?
  #endif

  /// Starts a digest.
  package init(_ algorithm: DigestAlgorithm) {
    self.algorithm = algorithm
    #if canImport(CommonCrypto)
    switch algorithm {
    case .sha1: CC_SHA1_Init(&sha1)
    case .sha256, .sha256Truncated: CC_SHA256_Init(&sha256)
    case .sha384: CC_SHA384_Init(&sha384)
    }
    #else
    context = EVP_MD_CTX_new()
    let type: OpaquePointer? =
      switch algorithm {
      case .sha1: EVP_sha1()
      case .sha256, .sha256Truncated: EVP_sha256()
      case .sha384: EVP_sha384()
      }
    EVP_DigestInit_ex(context, type, nil)
    #endif
  }

  /// A digest that goes on from where this one is now: both take more bytes independently, so
  /// one pass over a file can finish the digest of its first part and of the whole.
  package func copy() -> IncrementalDigest {
    let copy = IncrementalDigest(algorithm)
    #if canImport(CommonCrypto)
    (copy.sha1, copy.sha256, copy.sha384) = (sha1, sha256, sha384)
    #else
    EVP_MD_CTX_copy_ex(copy.context, context)
    #endif
    return copy
  }

  deinit {
    #if !canImport(CommonCrypto)
    EVP_MD_CTX_free(context)
    #endif
  }

  /// Adds bytes.
  package func update(_ bytes: UnsafeRawBufferPointer) {
    #if canImport(CommonCrypto)
    switch algorithm {
    case .sha1: CC_SHA1_Update(&sha1, bytes.baseAddress, CC_LONG(bytes.count))
    case .sha256, .sha256Truncated:
      CC_SHA256_Update(&sha256, bytes.baseAddress, CC_LONG(bytes.count))
    case .sha384: CC_SHA384_Update(&sha384, bytes.baseAddress, CC_LONG(bytes.count))
    }
    #else
    EVP_DigestUpdate(context, bytes.baseAddress, bytes.count)
    #endif
  }

  /// Adds bytes from any sequence (an array, a slice, `Data`, a string's UTF-8).
  package func update(_ bytes: some Sequence<UInt8>) {
    let contiguous: Void? = bytes.withContiguousStorageIfAvailable {
      update(UnsafeRawBufferPointer($0))
    }
    if contiguous == nil { Array(bytes).withUnsafeBytes { update($0) } }
  }

  /// The digest of everything added, ``DigestAlgorithm/length`` bytes; call it once, last.
  package func finish() -> [UInt8] {
    var out = [UInt8](repeating: 0, count: 64)
    #if canImport(CommonCrypto)
    switch algorithm {
    case .sha1: CC_SHA1_Final(&out, &sha1)
    case .sha256, .sha256Truncated: CC_SHA256_Final(&out, &sha256)
    case .sha384: CC_SHA384_Final(&out, &sha384)
    }
    #else
    var length: UInt32 = 0
    EVP_DigestFinal_ex(context, &out, &length)
    #endif
    return Array(out.prefix(algorithm.length))
  }
}
