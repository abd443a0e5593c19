import Foundation
import ShipyardTestSupport
import Testing
import UpdateFeeds

/// Sparkle's older 96-byte keys (orlp's expanded private key, then the public key), made as orlp
/// makes them and signed with here, the signatures checked by `cryptography` and PyNaCl.
@Suite(.enabled(if: LegacyKeyPeers.shouldRun, Comment(rawValue: LegacyKeyPeers.requirement)))
struct SparkleSigningKeyTests {
  /// The Base64 text `generate_keys -x` writes for `bytes`.
  func exported(_ bytes: [UInt8]) -> String { Data(bytes).base64EncodedString() + "\n" }

  func sign(_ key: SparkleSigningKey, _ message: [UInt8]) throws -> [UInt8] {
    try message.withUnsafeBytes { try key.signature(of: $0) }
  }

  @Test func olderKeysSignWhatBothPeersVerify() throws {
    let scratch = try ScratchFolder()
    defer { scratch.remove() }
    let (legacy, seed) = try LegacyKeyPeers.makeKey()
    let key = try SparkleSigningKey(exportedText: exported(legacy), source: "legacy.txt")
    #expect(key.publicKey == Array(legacy[64...]))
    // The same key exported as a seed (since Sparkle 2.6.0) has the same public key.
    let modern = try SparkleSigningKey(exportedText: exported(seed), source: "seed.txt")
    #expect(modern.publicKey == key.publicKey)
    #expect(!key.description.contains(Data(legacy).base64EncodedString()))

    var random = SplitMix(seed: 96)
    let messages: [[UInt8]] = [
      [], [0x41], (0..<(1 << 20)).map { _ in UInt8.random(in: 0...255, using: &random) },
      Array("Hello 2.0".utf8), Array("Hello 2.1".utf8),
    ]
    var files: [String] = []
    var signatures: [[UInt8]] = []
    for (index, message) in messages.enumerated() {
      files.append(try scratch.write(message, to: "message-\(index)").path)
      signatures.append(try sign(key, message))
    }
    let results = try LegacyKeyPeers.verify(
      publicKey: key.publicKey, files: files, signatures: signatures)
    #expect(results.count == messages.count)
    for (index, result) in results.enumerated() {
      #expect(result["cryptography"] == true, "message \(index)")
      #expect(result["nacl"] == true, "message \(index)")
      #expect(result["tampered"] == false, "message \(index)")
    }
    // A new R for every message, and the same signature for the same message.
    #expect(Set(signatures.map { Array($0[0..<32]) }).count == messages.count)
    #expect(try sign(key, messages[1]) == signatures[1])
  }

  @Test func bothSignsOfRAreFoundAndVerify() throws {
    // Half of all R have x negative: among 48 messages both occur (all alike: 2^-47), and each
    // signature must be the encoding that verifies.
    let scratch = try ScratchFolder()
    defer { scratch.remove() }
    let key = try SparkleSigningKey(
      exportedText: exported(try LegacyKeyPeers.makeKey().exported), source: "legacy.txt")
    var files: [String] = []
    var signatures: [[UInt8]] = []
    for index in 0..<48 {
      let message = Array("Hello \(index)".utf8)
      files.append(try scratch.write(message, to: "message-\(index)").path)
      signatures.append(try sign(key, message))
    }
    #expect(Set(signatures.map { $0[31] & 0x80 }) == [0x00, 0x80])
    let results = try LegacyKeyPeers.verify(
      publicKey: key.publicKey, files: files, signatures: signatures)
    #expect(results.count == 48)
    #expect(results.allSatisfy { $0["cryptography"] == true && $0["nacl"] == true })
  }

  @Test func anOlderKeyWithAnotherPublicKeyIsRefused() throws {
    let (legacy, _) = try LegacyKeyPeers.makeKey()
    let (other, _) = try LegacyKeyPeers.makeKey()
    let mixed = Array(legacy[0..<64]) + Array(other[64...])
    #expect {
      try SparkleSigningKey(exportedText: exported(mixed), source: "mixed.txt")
    } throws: { error in
      let text = "\(error)"
      return text.hasPrefix("the EdDSA key from mixed.txt is in Sparkle's older 96-byte format")
        && text.contains("\(Data(other[64...]).base64EncodedString()) is not its private key's")
    }
  }

  @Test func anOlderKeyWhoseScalarIsNotClampedIsRefused() throws {
    var (legacy, _) = try LegacyKeyPeers.makeKey()
    legacy[0] |= 1
    #expect {
      try SparkleSigningKey(exportedText: exported(legacy), source: "legacy.txt")
    } throws: { error in
      "\(error)".contains("not a clamped Ed25519 scalar")
    }
  }
}
