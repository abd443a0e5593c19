import COpenSSL
import Foundation

/// An EdDSA (Ed25519) private key as Sparkle's `generate_keys -x <file>` exports it and its
/// `sign_update --ed-key-file <file>` reads it: the file's text, trimmed of white space, is
/// Base64 of the 32-byte private seed (RFC 8032's private key, which keys made since Sparkle
/// 2.6.0 hold).
///
/// Sparkle's older keys export 96 bytes instead: the 64-byte expanded private key of the orlp
/// ed25519 library (SHA-512 of a seed that was not kept, clamped) followed by the 32-byte public
/// key. OpenSSL signs only from a seed, so those are signed by ``ExpandedEd25519Key``: RFC 8032
/// through libsodium, as Sparkle's own `sign_update` signed with them, so the signatures are the
/// very bytes the seed would give, each verified against the public key before it is used. A
/// public half that is not the private half's public key is refused when the key is read.
///
/// The key's bytes are never printed: `description` names only its public key.
package final class SparkleSigningKey: CustomStringConvertible, @unchecked Sendable {
  /// What signs: OpenSSL's Ed25519 key from a seed, or the expanded-key signer.
  private enum Signer {
    case seed(OpaquePointer)
    case expanded(ExpandedEd25519Key)
  }

  private let signer: Signer
  /// The 32-byte public key, as Sparkle's `SUPublicEDKey` holds it in Base64.
  package let publicKey: [UInt8]

  /// The public key in Base64, the value of the app's `SUPublicEDKey`.
  package var publicKeyBase64: String { Data(publicKey).base64EncodedString() }

  /// Reads the exported key `text`; `source` names where it came from, for errors.
  ///
  /// - Throws: ``UpdateFeedError/unusableKey(source:reason:)`` when the text is not Base64 of
  ///   32 bytes or of 96 (the older format), or the 96 bytes' public key is not their private
  ///   key's; ``UpdateFeedError/signingFailed(reason:)`` when libsodium cannot be initialized.
  package init(exportedText text: String, source: String) throws(UpdateFeedError) {
    let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
    guard var decoded = Data(base64Encoded: trimmed) else {
      throw .unusableKey(source: source, reason: "is not Base64 text (as generate_keys -x writes)")
    }
    var secret = [UInt8](decoded)
    defer {
      decoded.resetBytes(in: 0..<decoded.count)
      secret.withUnsafeMutableBytes { OPENSSL_cleanse($0.baseAddress, $0.count) }
    }
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
      self.signer = .seed(key)
      self.publicKey = publicKey
    case 96:
      let publicKey = Array(secret[64...])
      let expanded = try ExpandedEd25519Key(
        expanded: secret[0..<64], publicKey: publicKey, source: source)
      self.signer = .expanded(expanded)
      self.publicKey = publicKey
    default:
      throw .unusableKey(
        source: source,
        reason: "decodes to \(secret.count) bytes; generate_keys -x exports 32 (a seed) or, "
          + "before Sparkle 2.6.0, 96 (an expanded private key and the public key)")
    }
  }

  deinit {
    if case .seed(let key) = signer { EVP_PKEY_free(key) }
  }

  /// `SparkleSigningKey(public <Base64>)`, never the private key.
  package var description: String { "SparkleSigningKey(public \(publicKeyBase64))" }

  /// The 64-byte Ed25519 signature of `message` (RFC 8032, pure Ed25519, as Sparkle's
  /// `sign_update` makes and `SUSignatureVerifier` checks).
  ///
  /// - Throws: ``UpdateFeedError/signingFailed(reason:)`` when OpenSSL (or, for a 96-byte key,
  ///   libsodium) fails, or a 96-byte key's signature does not verify.
  package func signature(of message: UnsafeRawBufferPointer) throws(UpdateFeedError) -> [UInt8] {
    switch signer {
    case .seed(let key): try Self.signature(of: message, seed: key)
    case .expanded(let key): try key.signature(of: message)
    }
  }

  /// The signature of `message` by OpenSSL's Ed25519 (`EVP_DigestSign`) with `key`.
  private static func signature(of message: UnsafeRawBufferPointer, seed key: OpaquePointer)
    throws(UpdateFeedError) -> [UInt8]
  {
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
