import Foundation
import InstallerPackage
import ShipyardTestSupport
import Testing

/// The Bom's checksum is POSIX `cksum`'s, not zlib's CRC-32: checked against GNU `cksum`.
@Suite struct POSIXChecksumTests {
  /// What GNU `cksum` prints first for `bytes`.
  static func cksum(_ bytes: [UInt8], in folder: ScratchFolder) throws -> UInt32 {
    let file = try folder.write(bytes, to: "input")
    let line = String(decoding: try ProcessRunner.check("cksum", [file.path]), as: UTF8.self)
    return try #require(line.split(separator: " ").first.flatMap { UInt32($0) })
  }

  @Test func itIsWhatCksumPrints() throws {
    let folder = try ScratchFolder()
    defer { folder.remove() }
    var generator = SplitMix(seed: 7)
    let inputs: [[UInt8]] = [
      [], Array("a".utf8), Array("hello world\n".utf8), [UInt8](repeating: 0, count: 256),
      (0..<70_000).map { _ in UInt8.random(in: 0...255, using: &generator) },
      (0..<(1 << 20) + 3).map { UInt8(truncatingIfNeeded: $0 * 31) },
    ]
    for input in inputs {
      #expect(
        POSIXChecksum.of(input) == (try Self.cksum(input, in: folder)), "\(input.count) bytes")
    }
    #expect(POSIXChecksum.of([]) == 0xFFFF_FFFF)
  }

  @Test func piecesGiveTheWholesChecksum() {
    let bytes = (0..<10_000).map { UInt8(truncatingIfNeeded: $0 &* 7) }
    var checksum = POSIXChecksum()
    bytes.withUnsafeBytes { checksum.update(UnsafeRawBufferPointer(rebasing: $0[..<4_000])) }
    checksum.update(bytes[4_000...])
    #expect(checksum.value == POSIXChecksum.of(bytes) && checksum.count == 10_000)
  }
}
