import Digests
import Foundation
import ShipyardTestSupport
import SystemSupport
import Testing

/// The one digest helper: FIPS 180-4's test vectors, pieces that add up to the one-shot digest,
/// files hashed in one bounded pass, and hex.
@Suite struct DigestTests {
  /// SHA of "abc" (FIPS 180-4, appendix examples).
  static let abc: [DigestAlgorithm: String] = [
    .sha1: "a9993e364706816aba3e25717850c26c9cd0d89d",
    .sha256: "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad",
    .sha256Truncated: "ba7816bf8f01cfea414140de5dae2223b00361a3",
    .sha384:
      "cb00753f45a35e8bb5a03d699ac65007272c32ab0eded1631a8b605a43ff5bed8086072ba1e7cc2358baeca134c825a7",
  ]

  @Test(arguments: DigestAlgorithm.allCases)
  func knownVectors(algorithm: DigestAlgorithm) {
    let digest = algorithm.digest(Array("abc".utf8))
    #expect(digest.hex == Self.abc[algorithm])
    #expect(digest.count == algorithm.length)
    #expect(algorithm.digest("abc".utf8) == digest)
  }

  @Test func piecesAddUpToTheWhole() {
    let bytes = (0..<100_000).map { UInt8(truncatingIfNeeded: $0 &* 7) }
    for size in [1, 63, 64, 65, 4096, 100_000] {
      let digest = IncrementalDigest(.sha256)
      for start in stride(from: 0, to: bytes.count, by: size) {
        digest.update(bytes[start..<min(start + size, bytes.count)])
      }
      #expect(digest.finish() == DigestAlgorithm.sha256.digest(bytes), "pieces of \(size)")
    }
    #expect(IncrementalDigest(.sha256).finish().hex.hasPrefix("e3b0c442"))  // the empty input
  }

  @Test func aFileIsHashedInOnePassOfBoundedPieces() throws {
    let folder = try ScratchFolder()
    defer { folder.remove() }
    // Past two pieces, not a multiple of one.
    let bytes = (0..<(2 * FileDigest.pieceSize + 12_345)).map { UInt8(truncatingIfNeeded: $0 >> 3) }
    let file = try folder.write(bytes, to: "file.bin")
    let whole = try FileDigest(ofFileAt: file.path)
    #expect(whole.value == DigestAlgorithm.sha256.digest(bytes))
    #expect(whole.byteCount == Int64(bytes.count) && whole.algorithm == .sha256)
    #expect(whole.hex == whole.value.hex)
    let descriptor = try FileDescriptor.openForReading(file.path)
    defer { descriptor.close() }
    let range = try FileDigest(of: descriptor, from: 1000, count: 1 << 20, algorithm: .sha384)
    #expect(range.value == DigestAlgorithm.sha384.digest(bytes[1000..<(1000 + (1 << 20))]))
    // A count past the end stops at the end.
    let tail = try FileDigest(of: descriptor, from: Int64(bytes.count - 10), count: 1000)
    #expect(tail.byteCount == 10 && tail.value == DigestAlgorithm.sha256.digest(bytes.suffix(10)))
    // The system's own tool agrees.
    let peer = try ProcessRunner.check("sha256sum", [file.path])
    #expect(String(decoding: peer.prefix(64), as: UTF8.self) == whole.hex)
  }

  @Test func hexIsTwoLowerCaseDigitsAByte() {
    #expect([UInt8]([0x00, 0x0A, 0xFF, 0x10]).hex == "000aff10")
    #expect(Data([0xDE, 0xAD]).hex == "dead")
    #expect([UInt8]().hex == "")
  }
}
