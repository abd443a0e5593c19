import Foundation
import ShipyardTestSupport
import Testing
import UpdateFeeds

/// Sparkle's older 96-byte keys (orlp's expanded private key, then the public key), made as orlp
/// makes them and signed with here, the signatures checked by `cryptography` and PyNaCl and
/// compared with theirs from the seed. (ExpandedKeyTests checks the refusals without peers.)
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
    // A new R for every message, and the same signature for the same message (RFC 8032's
    // deterministic nonce).
    #expect(Set(signatures.map { Array($0[0..<32]) }).count == messages.count)
    #expect(try sign(key, messages[1]) == signatures[1])
  }

  @Test func olderKeysSignTheBytesBothPeersSignFromTheSeed() throws {
    // RFC 8032 signing is deterministic: from the seed, cryptography and PyNaCl must sign
    // exactly what the 96-byte key made from it signs here.
    let scratch = try ScratchFolder()
    defer { scratch.remove() }
    var random = SplitMix(seed: 8032)
    let messages: [[UInt8]] = [
      [], [0x72], Array("Hello 2.0".utf8),
      (0..<(1 << 20) + 3).map { _ in UInt8.random(in: 0...255, using: &random) },
    ]
    var files: [String] = []
    for (index, message) in messages.enumerated() {
      files.append(try scratch.write(message, to: "message-\(index)").path)
    }
    for _ in 0..<4 {
      let (legacy, seed) = try LegacyKeyPeers.makeKey()
      let key = try SparkleSigningKey(exportedText: exported(legacy), source: "legacy.txt")
      let theirs = try LegacyKeyPeers.sign(seed: seed, files: files)
      #expect(theirs.count == messages.count)
      for (message, signatures) in zip(messages, theirs) {
        let ours = Data(try sign(key, message)).base64EncodedString()
        #expect(signatures["cryptography"] == ours, "a message of \(message.count) bytes")
        #expect(signatures["nacl"] == ours, "a message of \(message.count) bytes")
      }
    }
  }
}
