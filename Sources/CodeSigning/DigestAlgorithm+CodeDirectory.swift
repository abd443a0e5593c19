package import Digests

extension DigestAlgorithm {
  /// The algorithm a code directory's `hashType` byte names, or `nil` for a number no algorithm
  /// has.
  package init?(codeDirectoryHashType: UInt8) {
    guard
      let match = Self.allCases.first(where: { $0.codeDirectoryHashType == codeDirectoryHashType })
    else { return nil }
    self = match
  }

  /// The algorithm's number in a code directory's `hashType` byte (`CS_HASHTYPE_*`).
  package var codeDirectoryHashType: UInt8 {
    switch self {
    case .sha1: 1  // CS_HASHTYPE_SHA1
    case .sha256: 2  // CS_HASHTYPE_SHA256
    case .sha256Truncated: 3  // CS_HASHTYPE_SHA256_TRUNCATED
    case .sha384: 4  // CS_HASHTYPE_SHA384
    }
  }
}
