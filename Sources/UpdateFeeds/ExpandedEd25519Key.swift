import CSodium
import Foundation

/// An Ed25519 private key in the orlp ed25519 library's 64-byte expanded form, which signs by
/// RFC 8032 through libsodium.
///
/// Sparkle's `generate_keys -x` exported this form before 2.6.0, and OpenSSL cannot load it: the
/// clamped scalar `a` in bytes 0..<32 (little-endian) and the nonce prefix in bytes 32..<64. The
/// seed they were hashed from was not kept.
///
/// It signs as RFC 8032 (section 5.1.6) and orlp's `ed25519_sign`, which Sparkle's `sign_update`
/// called, do, each step a libsodium call:
/// - `r = SHA-512(prefix || M) mod L` and `R = r * B` (`crypto_hash_sha512_*`,
///   `crypto_core_ed25519_scalar_reduce`, `crypto_scalarmult_ed25519_base_noclamp`);
/// - `k = SHA-512(R || A || M) mod L` and `S = (r + k * a) mod L`
///   (`crypto_core_ed25519_scalar_mul` and `crypto_core_ed25519_scalar_add`); the signature is
///   `R || S`.
///
/// So the expanded key signs the very bytes its seed signs. The public half `A` must be `a * B`
/// (checked when the key is made), and every signature is verified against it
/// (`crypto_sign_verify_detached`) before it is returned.
///
/// The secret half (`a mod L` and the prefix) lives in libsodium's guarded memory
/// (`sodium_malloc`), wiped when the key is freed; each signature's nonce and intermediates are
/// wiped once it is made.
final class ExpandedEd25519Key: @unchecked Sendable {
  // MARK: - Properties

  /// Whether `sodium_init()` succeeded: run once, by the first key made (Swift initializes a
  /// static property once, thread-safely).
  private static let sodiumIsReady = sodium_init() >= 0

  /// `a mod L` (bytes 0..<32) and the prefix (bytes 32..<64), then 64 bytes where `a` is
  /// reduced, zero after.
  private let secret: UnsafeMutablePointer<UInt8>
  /// `A`, 32 bytes.
  let publicKey: [UInt8]

  // MARK: - Lifecycle

  /// The key whose expanded half is `expanded` (64 bytes) and public half `publicKey` (32).
  ///
  /// - Throws: ``UpdateFeedError/unusableKey(source:reason:)`` when `a` is not clamped as orlp
  ///   clamps it or `publicKey` is not `a * B`; ``UpdateFeedError/signingFailed(reason:)`` when
  ///   libsodium cannot be initialized.
  init(expanded: ArraySlice<UInt8>, publicKey: [UInt8], source: String) throws(UpdateFeedError) {
    precondition(expanded.count == 64 && publicKey.count == 32)
    guard Self.sodiumIsReady else {
      throw .signingFailed(reason: "libsodium could not be initialized (sodium_init)")
    }
    let scalar = expanded.prefix(32)
    guard let first = scalar.first, let last = scalar.last, first & 0x07 == 0,
      last & 0xC0 == 0x40
    else {
      throw .unusableKey(
        source: source,
        reason: "is 96 bytes but its first 32 are not a clamped Ed25519 scalar (as the orlp "
          + "ed25519 library's expanded key holds)")
    }
    guard let memory = sodium_malloc(128) else {
      throw .unusableKey(source: source, reason: "could not be held in memory")
    }
    let secret = memory.initializeMemory(as: UInt8.self, repeating: 0, count: 128)
    // a mod L from a and 32 zero bytes (scalar_reduce reads 64), then the prefix.
    _ = UnsafeMutableBufferPointer(start: secret + 64, count: 32).update(fromContentsOf: scalar)
    crypto_core_ed25519_scalar_reduce(secret, secret + 64)
    sodium_memzero(secret + 64, 64)
    _ = UnsafeMutableBufferPointer(start: secret + 32, count: 32).update(
      fromContentsOf: expanded.suffix(32))
    // A = a * B, which is (a mod L) * B since B's order is L.
    var derived = [UInt8](repeating: 0, count: 32)
    guard crypto_scalarmult_ed25519_base_noclamp(&derived, secret) == 0, derived == publicKey
    else {
      sodium_memzero(secret, 128)
      sodium_free(secret)
      throw .unusableKey(
        source: source,
        reason: "is in Sparkle's older 96-byte format, and its public key "
          + "\(Data(publicKey).base64EncodedString()) is not its private key's (it is not "
          + "a * B for the scalar a)")
    }
    self.secret = secret
    self.publicKey = publicKey
  }

  deinit {
    sodium_memzero(secret, 128)
    sodium_free(secret)
  }

  // MARK: - API

  /// The 64-byte Ed25519 signature of `message`, verified against ``publicKey`` before it is
  /// returned.
  ///
  /// - Throws: ``UpdateFeedError/signingFailed(reason:)`` when libsodium fails or the signature
  ///   does not verify.
  func signature(of message: UnsafeRawBufferPointer) throws(UpdateFeedError) -> [UInt8] {
    var signature = [UInt8](repeating: 0, count: 64)
    // The hash state and 160 bytes (a hash, r, k, k * a), wiped once the signature is made.
    let made = withUnsafeTemporaryAllocation(of: crypto_hash_sha512_state.self, capacity: 1) {
      state in
      withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 160) { scratch in
        defer {
          sodium_memzero(state.baseAddress, MemoryLayout<crypto_hash_sha512_state>.size)
          sodium_memzero(scratch.baseAddress, 160)
        }
        guard let state = state.baseAddress, let scratch = scratch.baseAddress else { return false }
        return signature.withUnsafeMutableBufferPointer { output in
          guard let output = output.baseAddress else { return false }
          return sign(message, into: output, state: state, scratch: scratch)
        }
      }
    }
    guard made else { throw .signingFailed(reason: "libsodium found the nonce r to be 0 mod L") }
    let verified = crypto_sign_verify_detached(
      signature, message.baseAddress?.assumingMemoryBound(to: UInt8.self),
      UInt64(message.count), publicKey)
    guard verified == 0 else {
      throw .signingFailed(reason: "the signature does not verify against the key's public key")
    }
    return signature
  }

  // MARK: - Steps

  /// Writes `R || S` for `message` to `output` (64 bytes), working in `state` and `scratch`
  /// (160 bytes); returns `false` when `r` is 0 (libsodium refuses to multiply by it).
  private func sign(
    _ message: UnsafeRawBufferPointer, into output: UnsafeMutablePointer<UInt8>,
    state: UnsafeMutablePointer<crypto_hash_sha512_state>, scratch: UnsafeMutablePointer<UInt8>
  ) -> Bool {
    let (hash, r, k, product) = (scratch, scratch + 64, scratch + 96, scratch + 128)
    // r = SHA-512(prefix || M) mod L, R = r * B.
    Self.sha512([UnsafeRawBufferPointer(start: secret + 32, count: 32), message], state, hash)
    crypto_core_ed25519_scalar_reduce(r, hash)
    guard crypto_scalarmult_ed25519_base_noclamp(output, r) == 0 else { return false }
    // k = SHA-512(R || A || M) mod L, S = (r + k * a) mod L.
    publicKey.withUnsafeBytes { key in
      Self.sha512([UnsafeRawBufferPointer(start: output, count: 32), key, message], state, hash)
    }
    crypto_core_ed25519_scalar_reduce(k, hash)
    crypto_core_ed25519_scalar_mul(product, k, secret)
    crypto_core_ed25519_scalar_add(output + 32, r, product)
    return true
  }

  /// Writes SHA-512 of `parts`, one after the other, to `out` (64 bytes) through `state`.
  private static func sha512(
    _ parts: [UnsafeRawBufferPointer], _ state: UnsafeMutablePointer<crypto_hash_sha512_state>,
    _ out: UnsafeMutablePointer<UInt8>
  ) {
    crypto_hash_sha512_init(state)
    for part in parts where part.count > 0 {
      crypto_hash_sha512_update(
        state, part.baseAddress?.assumingMemoryBound(to: UInt8.self), UInt64(part.count))
    }
    crypto_hash_sha512_final(state, out)
  }
}
