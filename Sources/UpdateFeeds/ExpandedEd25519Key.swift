import COpenSSL

/// An Ed25519 private key in the orlp ed25519 library's 64-byte expanded form.
///
/// Sparkle's `generate_keys -x` exported this form before 2.6.0, and OpenSSL cannot load it: the
/// clamped scalar `a` in bytes 0..<32 (little-endian) and the nonce prefix in bytes 32..<64. The
/// seed they were hashed from was not kept.
///
/// It signs with RFC 8032's equations (section 5.1.6) and no curve arithmetic of our own:
/// - The nonce `r` is secret and never the same for two messages, which is all verification
///   needs of it. `h = SHA-512(tag || prefix || message)`, whose two 32-byte halves, clamped as
///   X25519 clamps a scalar, are `c1` and `c2`; `r = c1 * c2 mod L`. The tag keeps the hash's
///   input from ever starting with the prefix, so no `r` can equal the nonce RFC 8032 (Sparkle's
///   own `sign_update`) made for some message with the same key.
/// - `R = r * B` is OpenSSL's X25519 applied twice from the base point's u = 9:
///   `u(c1 * (c2 * B))`. Each X25519 scalar is exactly its clamped half (X25519's own clamping
///   leaves it as it is). One clamped scalar alone reaches only half of the residues mod `L`,
///   so a nonce made of one would leak a bit of itself in every signature; the product of two
///   spreads `r` over all of them with negligible bias.
/// - Edwards `y = (u - 1) / (u + 1) mod p`; the u-coordinate loses the sign of `x`, so both
///   encodings of `R` are tried and the one whose whole signature OpenSSL's Ed25519 verifies
///   against the public key `A` is kept. Exactly one must verify; none means `A` is not this
///   key's public key.
/// - `k = SHA-512(R || A || message) mod L`, `S = (r + k * a) mod L`, signature `R || S`.
///
/// The secret half lives in memory OpenSSL cleanses when the key is freed.
final class ExpandedEd25519Key: @unchecked Sendable {
  // MARK: - Properties

  /// The group order `L = 2^252 + 27742317777372353535851937790883648493`.
  static let groupOrderHex = "1000000000000000000000000000000014DEF9DEA2F79CD65812631A5CF5D3ED"
  /// The field prime `p = 2^255 - 19`.
  static let fieldPrimeHex = "7FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFED"
  /// Hashed before the prefix, so the nonce's hash input never starts with the prefix.
  static let nonceTag = Array("Shipyard Ed25519 nonce from an orlp expanded key".utf8)

  /// What ``signature(of:)`` throws when neither encoding of `R` verifies: the public half is
  /// not the public key of the private half.
  static let mismatch = UpdateFeedError.signingFailed(
    reason: "the key's public half is not the public key of its private half (neither "
      + "encoding of R verifies against it)")

  /// `a` (bytes 0..<32) and the prefix (bytes 32..<64).
  private let secret: UnsafeMutableRawBufferPointer
  /// `A`, 32 bytes.
  let publicKey: [UInt8]
  /// `A` as OpenSSL's Ed25519 public key, the final check of every signature.
  private let verifyingKey: OpaquePointer

  // MARK: - Lifecycle

  /// The key whose expanded half is `expanded` (64 bytes) and public half `publicKey` (32).
  ///
  /// - Throws: ``UpdateFeedError/unusableKey(source:reason:)`` when `a` is not clamped as orlp
  ///   clamps it, or `publicKey` is not OpenSSL's idea of an Ed25519 public key.
  init(expanded: ArraySlice<UInt8>, publicKey: [UInt8], source: String) throws(UpdateFeedError) {
    precondition(expanded.count == 64 && publicKey.count == 32)
    let first = expanded[expanded.startIndex]
    let last = expanded[expanded.startIndex + 31]
    guard first & 0x07 == 0, last & 0xC0 == 0x40 else {
      throw .unusableKey(
        source: source,
        reason: "is 96 bytes but its first 32 are not a clamped Ed25519 scalar (as the orlp "
          + "ed25519 library's expanded key holds)")
    }
    guard
      let verifyingKey = EVP_PKEY_new_raw_public_key(EVP_PKEY_ED25519, nil, publicKey, 32)
    else {
      throw .unusableKey(source: source, reason: "ends in no Ed25519 public key OpenSSL accepts")
    }
    // Secure heap memory when the process has one (OpenSSL falls back to malloc otherwise).
    guard let memory = CRYPTO_secure_malloc(64, nil, 0) else {
      EVP_PKEY_free(verifyingKey)
      throw .unusableKey(source: source, reason: "could not be held in memory")
    }
    secret = UnsafeMutableRawBufferPointer(start: memory, count: 64)
    secret.copyBytes(from: expanded)
    self.publicKey = publicKey
    self.verifyingKey = verifyingKey
  }

  deinit {
    OPENSSL_cleanse(secret.baseAddress, 64)
    CRYPTO_secure_clear_free(secret.baseAddress, 64, nil, 0)
    EVP_PKEY_free(verifyingKey)
  }

  // MARK: - API

  /// The 64-byte Ed25519 signature of `message`, verified against ``publicKey`` before it is
  /// returned.
  ///
  /// - Throws: ``UpdateFeedError/signingFailed(reason:)`` when OpenSSL fails or no encoding of
  ///   `R` verifies (the public half is not the private half's).
  func signature(of message: UnsafeRawBufferPointer) throws(UpdateFeedError) -> [UInt8] {
    guard let context = BN_CTX_secure_new() else {
      throw .signingFailed(reason: "BN_CTX_secure_new failed")
    }
    defer { BN_CTX_free(context) }
    let order = try Ed25519Scalar(hex: Self.groupOrderHex)

    // r = c1 * c2 mod L, from the two clamped halves of the nonce hash.
    var halves = [UInt8](repeating: 0, count: 64)
    defer { cleanse(&halves) }
    let hashed = Self.nonceTag.withUnsafeBytes { tag in
      SHA512.digest(
        parts: [tag, UnsafeRawBufferPointer(rebasing: secret[32..<64]), message], into: &halves)
    }
    guard hashed else { throw .signingFailed(reason: "SHA-512 failed") }
    Self.clamp(&halves, at: 0)
    Self.clamp(&halves, at: 32)
    let c1 = try Ed25519Scalar(littleEndian: halves[0..<32])
    let c2 = try Ed25519Scalar(littleEndian: halves[32..<64])
    let r = try Ed25519Scalar()
    try Ed25519Scalar.check(
      BN_mod_mul(r.pointer, c1.pointer, c2.pointer, order.pointer, context), "BN_mod_mul")
    // R's u-coordinate: c1 * (c2 * B), B's u being 9.
    let baseU: [UInt8] = [9] + [UInt8](repeating: 0, count: 31)
    let inner = try Self.x25519(scalar: halves[32..<64], u: baseU)
    let u = try Self.x25519(scalar: halves[0..<32], u: inner)
    var y = try Self.edwardsY(fromU: u, context: context)

    let a = try Ed25519Scalar()
    guard BN_lebin2bn(secret.baseAddress?.assumingMemoryBound(to: UInt8.self), 32, a.pointer) != nil
    else { throw .signingFailed(reason: "BN_lebin2bn failed") }
    var verified: [UInt8]?
    for sign: UInt8 in [0x00, 0x80] {
      y[31] = (y[31] & 0x7F) | sign
      let candidate = try Self.signature(
        encodedR: y, r: r, a: a, publicKey: publicKey, message: message, order: order,
        context: context)
      guard verifies(candidate, message) else { continue }
      guard verified == nil else {
        throw .signingFailed(reason: "both encodings of R verify, which Ed25519 does not allow")
      }
      verified = candidate
    }
    guard let verified else { throw Self.mismatch }
    return verified
  }

  // MARK: - Steps

  /// Clamps the 32 bytes at `offset` as X25519 does (RFC 7748 section 5): clears bits 0, 1, 2
  /// and 255, sets bit 254.
  private static func clamp(_ bytes: inout [UInt8], at offset: Int) {
    bytes[offset] &= 0xF8
    bytes[offset + 31] = (bytes[offset + 31] & 0x7F) | 0x40
  }

  /// `u(scalar * P)` for the point `P` of u-coordinate `u`, by OpenSSL's X25519
  /// (`EVP_PKEY_derive`); `scalar` is already clamped, so X25519's own clamping keeps it.
  private static func x25519(scalar: ArraySlice<UInt8>, u: [UInt8]) throws(UpdateFeedError)
    -> [UInt8]
  {
    let key = scalar.withUnsafeBufferPointer {
      EVP_PKEY_new_raw_private_key(EVP_PKEY_X25519, nil, $0.baseAddress, $0.count)
    }
    guard let privateKey = key else {
      throw .signingFailed(reason: "X25519 refused the nonce scalar")
    }
    defer { EVP_PKEY_free(privateKey) }
    guard let peer = EVP_PKEY_new_raw_public_key(EVP_PKEY_X25519, nil, u, 32) else {
      throw .signingFailed(reason: "X25519 refused a u-coordinate")
    }
    defer { EVP_PKEY_free(peer) }
    guard let derive = EVP_PKEY_CTX_new(privateKey, nil) else {
      throw .signingFailed(reason: "EVP_PKEY_CTX_new failed")
    }
    defer { EVP_PKEY_CTX_free(derive) }
    var out = [UInt8](repeating: 0, count: 32)
    var length = 32
    guard EVP_PKEY_derive_init(derive) == 1, EVP_PKEY_derive_set_peer(derive, peer) == 1,
      EVP_PKEY_derive(derive, &out, &length) == 1, length == 32
    else { throw .signingFailed(reason: "X25519 (EVP_PKEY_derive) failed") }
    return out
  }

  /// The little-endian Edwards `y = (u - 1) / (u + 1) mod p` of the Montgomery `u`
  /// (RFC 7748 section 4.1's birational map), bit 255 clear.
  private static func edwardsY(fromU bytes: [UInt8], context: OpaquePointer)
    throws(UpdateFeedError) -> [UInt8]
  {
    let prime = try Ed25519Scalar(hex: fieldPrimeHex)
    let one = try Ed25519Scalar(hex: "1")
    let raw = try Ed25519Scalar(littleEndian: bytes[...])
    let u = try Ed25519Scalar()
    let numerator = try Ed25519Scalar()
    let denominator = try Ed25519Scalar()
    let y = try Ed25519Scalar()
    try Ed25519Scalar.check(BN_nnmod(u.pointer, raw.pointer, prime.pointer, context), "BN_nnmod")
    try Ed25519Scalar.check(
      BN_mod_sub(numerator.pointer, u.pointer, one.pointer, prime.pointer, context), "BN_mod_sub")
    try Ed25519Scalar.check(
      BN_mod_add(denominator.pointer, u.pointer, one.pointer, prime.pointer, context),
      "BN_mod_add")
    guard BN_mod_inverse(denominator.pointer, denominator.pointer, prime.pointer, context) != nil
    else { throw .signingFailed(reason: "R's u-coordinate is -1, which no Edwards point has") }
    try Ed25519Scalar.check(
      BN_mod_mul(y.pointer, numerator.pointer, denominator.pointer, prime.pointer, context),
      "BN_mod_mul")
    return try y.littleEndianBytes(count: 32)
  }

  /// `R || S` with `S = (r + k * a) mod L` and `k = SHA-512(R || A || message) mod L`.
  private static func signature(
    encodedR: [UInt8], r: Ed25519Scalar, a: Ed25519Scalar, publicKey: [UInt8],
    message: UnsafeRawBufferPointer, order: Ed25519Scalar, context: OpaquePointer
  ) throws(UpdateFeedError) -> [UInt8] {
    var hash = [UInt8](repeating: 0, count: 64)
    let hashed = encodedR.withUnsafeBytes { rBytes in
      publicKey.withUnsafeBytes { aBytes in
        SHA512.digest(parts: [rBytes, aBytes, message], into: &hash)
      }
    }
    guard hashed else { throw .signingFailed(reason: "SHA-512 failed") }
    let k = try Ed25519Scalar(littleEndian: hash[...])
    let product = try Ed25519Scalar()
    let s = try Ed25519Scalar()
    try Ed25519Scalar.check(BN_nnmod(k.pointer, k.pointer, order.pointer, context), "BN_nnmod")
    try Ed25519Scalar.check(
      BN_mod_mul(product.pointer, k.pointer, a.pointer, order.pointer, context), "BN_mod_mul")
    try Ed25519Scalar.check(
      BN_mod_add(s.pointer, r.pointer, product.pointer, order.pointer, context), "BN_mod_add")
    return try encodedR + s.littleEndianBytes(count: 32)
  }

  /// Whether OpenSSL's Ed25519 verifies `signature` over `message` against ``publicKey``.
  private func verifies(_ signature: [UInt8], _ message: UnsafeRawBufferPointer) -> Bool {
    guard let context = EVP_MD_CTX_new() else { return false }
    defer { EVP_MD_CTX_free(context) }
    var empty: UInt8 = 0
    return withUnsafePointer(to: &empty) { empty in
      EVP_DigestVerifyInit(context, nil, nil, nil, verifyingKey) == 1
        && EVP_DigestVerify(
          context, signature, 64,
          message.baseAddress?.assumingMemoryBound(to: UInt8.self) ?? empty, message.count) == 1
    }
  }
}
