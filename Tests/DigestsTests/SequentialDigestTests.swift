import Digests
import Foundation
import ShipyardTestSupport
import SystemSupport
import Testing

/// Digests taken beside another reader's pass: the same values as reading the file whole, however
/// the reader hands bytes over, and files recorded as written known only while unchanged.
@Suite struct SequentialDigestTests {
  /// 3 MiB and a bit of bytes that differ from place to place.
  static let bytes = (0..<(3 << 20) + 777).map {
    UInt8(truncatingIfNeeded: $0 &* 2_654_435_761 >> 7)
  }

  /// Hands `ranges` of ``bytes`` over in this order, then finishes; the digests of the first
  /// `limit` bytes and of all.
  private static func digests(handing ranges: [Range<Int>], limit: Int64) throws -> [FileDigest] {
    let folder = try ScratchFolder()
    defer { folder.remove() }
    let url = try folder.write(bytes, to: "file")
    let descriptor = try FileDescriptor.openForReading(url.path)
    defer { descriptor.close() }
    let size = Int64(bytes.count)
    let digests = SequentialDigest(
      of: descriptor, size: size,
      targets: [(.sha1, limit), (.sha256, size)])
    for range in ranges { try digests.take(Array(bytes[range]), at: Int64(range.lowerBound)) }
    return try digests.finish()
  }

  @Test(arguments: [
    [0..<(1 << 20), (1 << 20)..<(2 << 20), (2 << 20)..<((3 << 20) + 777)],  // in order, whole
    [100..<5000, 7000..<9000, (1 << 20)..<(2 << 20)],  // gaps, read here
    [0..<4096, 2048..<8192, 0..<100, 9000..<9100, 8000..<9050],  // overlaps and repeats
    [(2 << 20)..<(3 << 20), 0..<4096],  // out of order
    [],  // nothing handed over
  ])
  func theDigestsAreTheFilesWhateverIsHandedOver(ranges: [Range<Int>]) throws {
    let limit: Int64 = 1_500_000
    let taken = try Self.digests(handing: ranges, limit: limit)
    #expect(taken.map(\.byteCount) == [limit, Int64(Self.bytes.count)])
    #expect(taken[0].value == DigestAlgorithm.sha1.digest(Self.bytes.prefix(Int(limit))))
    #expect(taken[1].value == DigestAlgorithm.sha256.digest(Self.bytes))
  }

  @Test func aCopiedDigestGoesOnIndependently() {
    let digest = IncrementalDigest(.sha256)
    digest.update(Array("head".utf8))
    let copy = digest.copy()
    copy.update(Array(" and tail".utf8))
    #expect(digest.finish() == DigestAlgorithm.sha256.digest(Array("head".utf8)))
    #expect(copy.finish() == DigestAlgorithm.sha256.digest(Array("head and tail".utf8)))
  }

  @Test func aRecordedDigestHoldsOnlyWhileTheFileIsUnchanged() throws {
    let folder = try ScratchFolder()
    defer { folder.remove() }
    let url = try folder.write(Array("signed image".utf8), to: "image.dmg")
    let real = try FileDigest(ofFileAt: url.path)
    // A made-up value of the right size: given back, the file is not read.
    let recorded = FileDigest(
      algorithm: .sha256, value: Array(repeating: 7, count: 32), byteCount: 12)
    KnownFileDigests.record(recorded, forFileAt: url.path)
    #expect(try FileDigest.known(orReadingFileAt: url.path) == recorded)
    #expect(KnownFileDigests.digest(ofFileAt: url.path, algorithm: .sha1) == nil)
    // Replaced (renamed over, as every output is) by a file of the same size: read again.
    let new = try folder.write(Array("signed Image".utf8), to: "image.dmg.new")
    #expect(rename(new.path, url.path) == 0)
    #expect(try FileDigest.known(orReadingFileAt: url.path) != recorded)
    #expect(try FileDigest.known(orReadingFileAt: url.path).value != real.value)
  }
}
