/// Random-looking bytes that depend only on their inputs, for identifiers (GUIDs, UUIDs) that
/// must come out the same on every build of the same content.
package enum ReproducibleBytes {
  /// Sixteen bytes mixed from `identifier` and `salt` (SplitMix64, two words, little-endian).
  package static func sixteen(from identifier: UInt64, salt: UInt64) -> [UInt8] {
    var state = identifier ^ (salt &* 0x9E37_79B9_7F4A_7C15)
    var bytes: [UInt8] = []
    for _ in 0..<2 {
      state = state &+ 0x9E37_79B9_7F4A_7C15
      var mixed = state
      mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
      mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
      mixed ^= mixed >> 31
      withUnsafeBytes(of: mixed.littleEndian) { bytes += $0 }
    }
    return bytes
  }

  /// A 64-bit FNV-1a hash of `parts` in order, never 0: the same content gives the same
  /// identifier.
  package static func fingerprint(of parts: [[UInt8]]) -> UInt64 {
    var fingerprint = Fingerprint()
    for part in parts { fingerprint.add(part) }
    return fingerprint.value
  }

  /// The hash ``fingerprint(of:)`` gives, taken as the bytes come: parts added one at a time
  /// hash as the same parts given together, so bytes too large to hold (a million-file
  /// volume's catalog) can be hashed as they are made.
  package struct Fingerprint: Sendable {
    private var hash: UInt64 = 0xcbf2_9ce4_8422_2325

    /// A fingerprint of no bytes yet.
    package init() {}

    /// Hashes `bytes` after those added before.
    package mutating func add(_ bytes: [UInt8]) {
      var hash = self.hash
      bytes.withUnsafeBufferPointer { buffer in
        for byte in buffer {
          hash ^= UInt64(byte)
          hash = hash &* 0x0000_0100_0000_01B3
        }
      }
      self.hash = hash
    }

    /// The hash of the bytes added so far, never 0.
    package var value: UInt64 { hash == 0 ? 1 : hash }
  }
}
