import SystemSupport
import Testing

@Suite struct FingerprintTests {
  /// FNV-1a's published vectors, and 0 never given.
  @Test func knownValues() {
    #expect(ReproducibleBytes.fingerprint(of: []) == 0xcbf2_9ce4_8422_2325)
    #expect(ReproducibleBytes.fingerprint(of: [Array("a".utf8)]) == 0xaf63_dc4c_8601_ec8c)
    #expect(ReproducibleBytes.fingerprint(of: [Array("foobar".utf8)]) == 0x8594_4171_f739_67e8)
  }

  /// Bytes added piece by piece hash as the same bytes given at once, however they are cut.
  @Test func addingInPiecesGivesTheWholeHash() {
    let bytes = (0..<10_000).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ $0 >> 7) }
    let whole = ReproducibleBytes.fingerprint(of: [bytes])
    for piece in [1, 7, 4096, 10_000] {
      var fingerprint = ReproducibleBytes.Fingerprint()
      for start in stride(from: 0, to: bytes.count, by: piece) {
        fingerprint.add(Array(bytes[start..<min(start + piece, bytes.count)]))
      }
      #expect(fingerprint.value == whole)
    }
  }
}
