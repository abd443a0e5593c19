import Foundation
import ShipyardTestSupport
import Testing
import UpdateFeeds

/// Sparkle's older 96-byte keys, made here from seeds as the orlp ed25519 library makes them.
///
/// What they sign through libsodium is compared with what their seeds sign through OpenSSL:
/// RFC 8032 gives one signature per key and message, so the bytes must be the same. No peer is
/// needed.
struct ExpandedKeyTests {
  /// The Base64 text `generate_keys -x` writes for `bytes`.
  func exported(_ bytes: [UInt8]) -> String { Data(bytes).base64EncodedString() + "\n" }

  func sign(_ key: SparkleSigningKey, _ message: [UInt8]) throws -> [UInt8] {
    try message.withUnsafeBytes { try key.signature(of: $0) }
  }

  func hex(_ bytes: [UInt8]) -> String { bytes.map { String(format: "%02x", $0) }.joined() }

  func bytes(hex: String) -> [UInt8] {
    let digits = Array(hex.utf8)
    return stride(from: 0, to: digits.count, by: 2).compactMap {
      UInt8(String(decoding: digits[$0..<$0 + 2], as: UTF8.self), radix: 16)
    }
  }

  /// The 96 bytes orlp's `ed25519_create_keypair` makes from `seed`: SHA-512 of the seed with
  /// its first half clamped (byte 0 `&= 248`, byte 31 `&= 127` then `|= 64`), then the public
  /// key (OpenSSL's, from the seed).
  func expandedKey(seed: [UInt8]) throws -> [UInt8] {
    var expanded = seed.withUnsafeBytes { SHA512.digest($0) }
    expanded[0] &= 248
    expanded[31] &= 127
    expanded[31] |= 64
    let publicKey = try SparkleSigningKey(exportedText: exported(seed), source: "seed").publicKey
    return expanded + publicKey
  }

  @Test func expandedKeysSignWhatTheirSeedsSign() throws {
    let start = UInt64.random(in: .min ... .max)
    var random = SplitMix(seed: start)
    let large = (0..<(1 << 20) + 17).map { _ in UInt8.random(in: 0...255, using: &random) }
    let messages: [[UInt8]] = [[], [0x00], [0x72], Array("Hello 2.0".utf8), large]
    for _ in 0..<16 {
      let seed = (0..<32).map { _ in UInt8.random(in: 0...255, using: &random) }
      let expanded = try expandedKey(seed: seed)
      let fromSeed = try SparkleSigningKey(exportedText: exported(seed), source: "seed.txt")
      let fromExpanded = try SparkleSigningKey(
        exportedText: exported(expanded), source: "expanded.txt")
      #expect(fromExpanded.publicKey == fromSeed.publicKey)
      for message in messages {
        #expect(
          try sign(fromExpanded, message) == sign(fromSeed, message),
          "seed \(hex(seed)) (SplitMix from \(start)), a message of \(message.count) bytes")
      }
    }
  }

  @Test func expandedKeysSignRFC8032TestVectors() throws {
    // RFC 8032 section 7.1, TEST 1 and TEST 2: seed, public key, message, signature.
    let vectors = [
      (
        "9d61b19deffd5a60ba844af492ec2cc44449c5697b326919703bac031cae7f60",
        "d75a980182b10ab7d54bfed3c964073a0ee172f3daa62325af021a68f707511a", "",
        "e5564300c360ac729086e2cc806e828a84877f1eb8e5d974d873e06522490155"
          + "5fb8821590a33bacc61e39701cf9b46bd25bf5f0595bbe24655141438e7a100b"
      ),
      (
        "4ccd089b28ff96da9db6c346ec114e0f5b8a319f35aba624da8cf6ed4fb8a6fb",
        "3d4017c3e843895a92b70aa74d1b7ebc9c982ccf2ec4968cc0cd55f12af4660c", "72",
        "92a009a9f0d4cab8720e820b5f642540a2b27b5416503f8fb3762223ebdb69da"
          + "085ac1e43e15996e458f3613d0f11d8c387b2eaeb4302aeeb00d291612bb0c00"
      ),
    ]
    for (seed, publicKey, message, signature) in vectors {
      let expanded = try expandedKey(seed: bytes(hex: seed))
      #expect(hex(Array(expanded[64...])) == publicKey)
      let key = try SparkleSigningKey(exportedText: exported(expanded), source: "expanded.txt")
      #expect(hex(try sign(key, bytes(hex: message))) == signature)
    }
  }

  @Test func anExpandedKeyWithAnotherPublicKeyIsRefused() throws {
    var random = SystemRandomNumberGenerator()
    let seeds = (0..<2).map { _ in (0..<32).map { _ in UInt8.random(in: 0...255, using: &random) } }
    let key = try expandedKey(seed: seeds[0])
    let other = try expandedKey(seed: seeds[1])
    let mixed = Array(key[0..<64]) + Array(other[64...])
    #expect {
      try SparkleSigningKey(exportedText: exported(mixed), source: "mixed.txt")
    } throws: { error in
      let text = "\(error)"
      return text.hasPrefix("the EdDSA key from mixed.txt is in Sparkle's older 96-byte format")
        && text.contains("\(Data(other[64...]).base64EncodedString()) is not its private key's")
        && !text.contains(Data(key[64...]).base64EncodedString())
        && !text.contains(Data(mixed).base64EncodedString())
    }
  }

  @Test func anExpandedKeyWhoseScalarIsNotClampedIsRefused() throws {
    var expanded = try expandedKey(seed: [UInt8](repeating: 7, count: 32))
    expanded[0] |= 1
    #expect {
      try SparkleSigningKey(exportedText: exported(expanded), source: "expanded.txt")
    } throws: { error in
      "\(error)".contains("not a clamped Ed25519 scalar")
    }
  }
}
