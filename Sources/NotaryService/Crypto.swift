import COpenSSL
import Foundation

/// The MAC and the encoding the clients need beyond digests (those come from Digests): HMAC from
/// OpenSSL's libcrypto, and base64url.
enum Crypto {
  /// HMAC-SHA256 of `message` under `key`.
  static func hmacSHA256(key: [UInt8], _ message: [UInt8]) -> [UInt8] {
    var out = [UInt8](repeating: 0, count: 32)
    var length: UInt32 = 0
    _ = HMAC(EVP_sha256(), key, Int32(key.count), message, message.count, &out, &length)
    return out
  }

  /// Base64url without padding (RFC 7515).
  static func base64URL(_ bytes: some DataProtocol) -> String {
    Data(bytes).base64EncodedString()
      .replacingOccurrences(of: "+", with: "-")
      .replacingOccurrences(of: "/", with: "_")
      .replacingOccurrences(of: "=", with: "")
  }
}
