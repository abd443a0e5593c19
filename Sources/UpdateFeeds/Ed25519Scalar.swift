import COpenSSL

/// An OpenSSL `BIGNUM` for the modular arithmetic of an Ed25519 signature, cleared when freed
/// (`BN_clear_free`) and flagged `BN_FLG_CONSTTIME`, since most of them hold or mix secrets.
///
/// The operations are the few the expanded-key signer needs; each names the OpenSSL call it makes.
final class Ed25519Scalar {
  // MARK: - Properties

  let pointer: OpaquePointer

  // MARK: - Lifecycle

  /// A zero value.
  init() throws(UpdateFeedError) {
    guard let pointer = BN_new() else { throw .signingFailed(reason: "BN_new failed") }
    BN_set_flags(pointer, BN_FLG_CONSTTIME)
    self.pointer = pointer
  }

  /// The little-endian unsigned integer `bytes` (`BN_lebin2bn`).
  convenience init(littleEndian bytes: ArraySlice<UInt8>) throws(UpdateFeedError) {
    try self.init()
    let read = bytes.withUnsafeBufferPointer {
      BN_lebin2bn($0.baseAddress, Int32($0.count), pointer) != nil
    }
    guard read else { throw .signingFailed(reason: "BN_lebin2bn failed") }
  }

  /// The public constant written in hexadecimal `hex` (`BN_hex2bn`).
  convenience init(hex: String) throws(UpdateFeedError) {
    try self.init()
    var target: OpaquePointer? = pointer
    guard BN_hex2bn(&target, hex) == Int32(hex.utf8.count) else {
      throw .signingFailed(reason: "BN_hex2bn failed")
    }
  }

  deinit { BN_clear_free(pointer) }

  // MARK: - API

  /// The value as `count` little-endian bytes (`BN_bn2lebinpad`); the caller cleanses them when
  /// they are secret.
  func littleEndianBytes(count: Int) throws(UpdateFeedError) -> [UInt8] {
    var bytes = [UInt8](repeating: 0, count: count)
    guard BN_bn2lebinpad(pointer, &bytes, Int32(count)) == Int32(count) else {
      throw .signingFailed(reason: "a value does not fit in \(count) bytes")
    }
    return bytes
  }

  /// Runs an OpenSSL `BN_mod_*` call that returns 1 on success, naming it when it fails.
  static func check(_ result: Int32, _ call: String) throws(UpdateFeedError) {
    guard result == 1 else { throw .signingFailed(reason: "\(call) failed") }
  }
}

/// Sets every byte of `bytes` to zero in a way the optimizer keeps (`OPENSSL_cleanse`).
func cleanse(_ bytes: inout [UInt8]) {
  bytes.withUnsafeMutableBytes { OPENSSL_cleanse($0.baseAddress, $0.count) }
}
