import COpenSSL
import Foundation

/// The digests and MACs the clients need, from OpenSSL's libcrypto.
enum Crypto {
  /// SHA-256 of `bytes`.
  static func sha256(_ bytes: some DataProtocol) -> [UInt8] {
    var out = [UInt8](repeating: 0, count: 32)
    var length: UInt32 = 0
    let input = Array(bytes)
    input.withUnsafeBytes { raw in
      _ = EVP_Digest(raw.baseAddress, raw.count, &out, &length, EVP_sha256(), nil)
    }
    return out
  }

  /// HMAC-SHA256 of `message` under `key`.
  static func hmacSHA256(key: [UInt8], _ message: [UInt8]) -> [UInt8] {
    var out = [UInt8](repeating: 0, count: 32)
    var length: UInt32 = 0
    _ = HMAC(EVP_sha256(), key, Int32(key.count), message, message.count, &out, &length)
    return out
  }

  /// Lower-case hexadecimal.
  static func hex(_ bytes: [UInt8]) -> String {
    bytes.map { String(format: "%02x", $0) }.joined()
  }

  /// Base64url without padding (RFC 7515).
  static func base64URL(_ bytes: some DataProtocol) -> String {
    Data(bytes).base64EncodedString()
      .replacingOccurrences(of: "+", with: "-")
      .replacingOccurrences(of: "/", with: "_")
      .replacingOccurrences(of: "=", with: "")
  }
}
