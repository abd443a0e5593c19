package import SystemSupport

#if canImport(CommonCrypto)
import CommonCrypto
#elseif canImport(COpenSSL)
import COpenSSL
#endif

/// A digest computed over bytes read in pieces, such as a whole disk image.
package final class IncrementalDigest {
  private let algorithm: DigestAlgorithm
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

  /// The digest of everything added.
  package func finish() -> [UInt8] {
    var out = [UInt8](repeating: 0, count: 64)
    #if canImport(CommonCrypto)
    switch algorithm {
    case .sha1: CC_SHA1_Final(&out, &sha1)
    case .sha256, .sha256Truncated: CC_SHA256_Final(&out, &sha256)
    case .sha384: CC_SHA384_Final(&out, &sha384)
    }
    let length =
      [DigestAlgorithm.sha1: 20, .sha256: 32, .sha256Truncated: 20, .sha384: 48][algorithm] ?? 32
    return Array(out.prefix(length))
    #else
    var length: UInt32 = 0
    EVP_DigestFinal_ex(context, &out, &length)
    return Array(out.prefix(algorithm == .sha256Truncated ? 20 : Int(length)))
    #endif
  }

  /// The digest of the first `count` bytes of a file, read 1 MiB at a time.
  package static func digest(
    of descriptor: FileDescriptor, count: Int64, algorithm: DigestAlgorithm
  ) throws -> [UInt8] {
    let digest = IncrementalDigest(algorithm)
    var offset: Int64 = 0
    while offset < count {
      let chunk = try descriptor.read(at: offset, count: Int(min(Int64(1 << 20), count - offset)))
      guard !chunk.isEmpty else { break }
      chunk.withUnsafeBytes { digest.update($0) }
      offset += Int64(chunk.count)
    }
    return digest.finish()
  }
}
