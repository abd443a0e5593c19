import COpenSSL
import Foundation

/// An EdDSA (Ed25519) private key as Sparkle's `generate_keys -x <file>` exports it and its
/// `sign_update --ed-key-file <file>` reads it: the file's text, trimmed of white space, is
/// Base64 of the 32-byte private seed (RFC 8032's private key, which keys made since Sparkle
/// 2.6.0 hold).
///
/// Sparkle's older keys export 96 bytes instead: the 64-byte expanded private key of the orlp
/// ed25519 library (SHA-512 of a seed that was not kept, clamped) followed by the 32-byte public
/// key. OpenSSL signs only from a seed, so such a key is refused with that reason; its public
/// key is still checked.
///
/// The key's bytes are never printed: `description` names only its public key.
package final class SparkleSigningKey: CustomStringConvertible, @unchecked Sendable {
  private let key: OpaquePointer
  /// The 32-byte public key, as Sparkle's `SUPublicEDKey` holds it in Base64.
  package let publicKey: [UInt8]

  /// The public key in Base64, the value of the app's `SUPublicEDKey`.
  package var publicKeyBase64: String { Data(publicKey).base64EncodedString() }

  /// Reads the exported key `text`; `source` names where it came from, for errors.
  ///
  /// - Throws: ``UpdateFeedError/unusableKey(source:reason:)`` when the text is not Base64 of
  ///   32 bytes (or is the older 96-byte format).
  package init(exportedText text: String, source: String) throws(UpdateFeedError) {
    let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
    guard let decoded = Data(base64Encoded: trimmed) else {
      throw .unusableKey(source: source, reason: "is not Base64 text (as generate_keys -x writes)")
    }
    let secret = [UInt8](decoded)
    switch secret.count {
    case 32:
      guard
        let key = EVP_PKEY_new_raw_private_key(EVP_PKEY_ED25519, nil, secret, secret.count)
      else {
        throw .unusableKey(source: source, reason: "is not an Ed25519 seed OpenSSL accepts")
      }
      var length = 32
      var publicKey = [UInt8](repeating: 0, count: 32)
      guard EVP_PKEY_get_raw_public_key(key, &publicKey, &length) == 1, length == 32 else {
        EVP_PKEY_free(key)
        throw .unusableKey(source: source, reason: "gives no Ed25519 public key")
      }
      self.key = key
      self.publicKey = publicKey
    case 96:
      let publicKey = Data(secret[64...]).base64EncodedString()
      throw .unusableKey(
        source: source,
        reason: "is in Sparkle's older 96-byte format (an expanded private key and the public "
          + "key \(publicKey)), which holds no seed to sign with; only the 32-byte seed format "
          + "that generate_keys makes since Sparkle 2.6.0 is read")
    default:
      throw .unusableKey(
        source: source,
        reason: "decodes to \(secret.count) bytes; generate_keys -x exports 32 (a seed)")
    }
  }

  deinit { EVP_PKEY_free(key) }

  /// `SparkleSigningKey(public <Base64>)`, never the private key.
  package var description: String { "SparkleSigningKey(public \(publicKeyBase64))" }

  /// The 64-byte Ed25519 signature of `message` (RFC 8032, pure Ed25519, as Sparkle's
  /// `sign_update` makes and `SUSignatureVerifier` checks).
  ///
  /// - Throws: ``UpdateFeedError/signingFailed(reason:)`` when OpenSSL fails.
  package func signature(of message: UnsafeRawBufferPointer) throws(UpdateFeedError) -> [UInt8] {
    guard let context = EVP_MD_CTX_new() else { throw .signingFailed(reason: "no context") }
    defer { EVP_MD_CTX_free(context) }
    var signature = [UInt8](repeating: 0, count: 64)
    var length = 64
    guard EVP_DigestSignInit(context, nil, nil, nil, key) == 1,
      EVP_DigestSign(
        context, &signature, &length,
        message.baseAddress?.assumingMemoryBound(to: UInt8.self), message.count) == 1,
      length == 64
    else { throw .signingFailed(reason: "EVP_DigestSign refused the message") }
    return signature
  }
}
