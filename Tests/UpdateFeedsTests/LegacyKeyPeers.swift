import Foundation
import ShipyardTestSupport

/// The Python peers of the 96-byte keys: `hashlib` and PyPI `cryptography` make a key as the orlp
/// ed25519 library (and so Sparkle before 2.6.0) does, and `cryptography` and `PyNaCl` verify
/// what it signs and sign from its seed.
enum LegacyKeyPeers {
  static let requirement = "needs python3 with cryptography and PyNaCl"
  static let shouldRun = PeerPolicy.shouldRun(
    whenAvailable: ProcessRunner.succeeds("python3", ["-c", "import cryptography, nacl"]))

  /// A 96-byte key and the 32-byte seed it was made from.
  ///
  /// It is made as orlp's `ed25519_create_keypair` makes one from a random seed: SHA-512 of the
  /// seed, byte 0 `&= 248`, byte 31 `&= 63` then `|= 64`, then the public key (`cryptography`'s,
  /// from the seed).
  static func makeKey() throws -> (exported: [UInt8], seed: [UInt8]) {
    let script = """
      import base64, hashlib, os
      from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey
      seed = os.urandom(32)
      expanded = bytearray(hashlib.sha512(seed).digest())
      expanded[0] &= 248; expanded[31] &= 63; expanded[31] |= 64
      public = Ed25519PrivateKey.from_private_bytes(seed).public_key().public_bytes_raw()
      print(base64.b64encode(bytes(expanded) + public).decode())
      print(base64.b64encode(seed).decode())
      """
    let lines = String(decoding: try ProcessRunner.check("python3", ["-c", script]), as: UTF8.self)
      .split(separator: "\n").map { [UInt8](Data(base64Encoded: String($0)) ?? Data()) }
    return (lines[0], lines[1])
  }

  /// For each file in `files` and signature in `signatures`, whether `cryptography` and PyNaCl
  /// verify it against `publicKey`, and whether either does over the file with its middle byte
  /// changed (or one byte appended, for an empty file).
  static func verify(publicKey: [UInt8], files: [String], signatures: [[UInt8]]) throws
    -> [[String: Bool]]
  {
    let script = """
      import base64, json, sys
      key = base64.b64decode(sys.argv[1])
      \(Ed25519Verifiers.python)
      results = []
      for path, signature in zip(sys.argv[2::2], sys.argv[3::2]):
          data, signature = open(path, 'rb').read(), base64.b64decode(signature)
          tampered = bytearray(data)
          if data: tampered[len(data) // 2] ^= 1
          else: tampered.append(0)
          tampered = bytes(tampered)
          results.append({
              'cryptography': by_cryptography(signature, data), 'nacl': by_nacl(signature, data),
              'tampered': by_cryptography(signature, tampered) or by_nacl(signature, tampered),
          })
      print(json.dumps(results))
      """
    let pairs = zip(files, signatures).flatMap { [$0, Data($1).base64EncodedString()] }
    let output = try ProcessRunner.check(
      "python3", ["-c", script, Data(publicKey).base64EncodedString()] + pairs)
    return try JSONSerialization.jsonObject(with: output) as? [[String: Bool]] ?? []
  }

  /// For each file in `files`, its Ed25519 signature from `seed` in Base64, by `cryptography`
  /// (`Ed25519PrivateKey.sign`) and by PyNaCl (`SigningKey.sign`).
  static func sign(seed: [UInt8], files: [String]) throws -> [[String: String]] {
    let script = """
      import base64, json, sys
      import nacl.signing
      from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey
      seed = base64.b64decode(sys.argv[1])
      by_cryptography = Ed25519PrivateKey.from_private_bytes(seed)
      by_nacl = nacl.signing.SigningKey(seed)
      results = []
      for path in sys.argv[2:]:
          data = open(path, 'rb').read()
          results.append({
              'cryptography': base64.b64encode(by_cryptography.sign(data)).decode(),
              'nacl': base64.b64encode(by_nacl.sign(data).signature).decode(),
          })
      print(json.dumps(results))
      """
    let output = try ProcessRunner.check(
      "python3", ["-c", script, Data(seed).base64EncodedString()] + files)
    return try JSONSerialization.jsonObject(with: output) as? [[String: String]] ?? []
  }
}
