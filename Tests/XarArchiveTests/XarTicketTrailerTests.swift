import Foundation
import ShipyardTestSupport
import SystemSupport
import Testing
import XarArchive

/// A ticket stapled after a xar archive: the `t8lr` records as Python's `struct` reads them
/// (little-endian magic, version, type, length, unused), 7-Zip still testing the archive (the
/// trailer is its "Tail Size"), the reader reading it, and the ticket found again.
@Suite(
  .enabled(
    if: PeerPolicy.shouldRun(whenAvailable: ProcessRunner.succeeds("7zz", ["i"])),
    "needs 7zz (apt 7zip)"))
struct XarTicketTrailerTests {
  @Test func aStapledArchiveStillReadsAndGivesItsTicketBack() throws {
    let folder = try ScratchFolder()
    defer { folder.remove() }
    let archive = folder.path("Demo.pkg")
    try XarWriter(creationTime: 1_700_000_000).write(
      [
        .file(
          "PackageInfo", .bytes(Array("<pkg-info/>".utf8)), encoding: .zlib, modificationTime: 0)
      ],
      to: archive)
    let unstapled = try Data(contentsOf: URL(fileURLWithPath: archive))
    let ticket = Array("s8ch".utf8) + (0..<3000).map { UInt8(truncatingIfNeeded: $0 * 7) }
    let trailer = XarTicketTrailer.bytes(ticket: ticket)
    try (unstapled + trailer).write(to: URL(fileURLWithPath: archive))

    let records = try ProcessRunner.check(
      "python3",
      [
        "-c",
        "import struct, sys; d = open(sys.argv[1], 'rb').read(); n = int(sys.argv[2]); "
          + "t = d[n:]; print(struct.unpack('<4sHHII', t[:16]), struct.unpack('<4sHHII', t[-16:]), "
          + "len(t) - 32, t[16:20])",
        archive, "\(unstapled.count)",
      ])
    #expect(
      String(decoding: records, as: UTF8.self)
        == "(b't8lr', 1, 1, 0, 0) (b't8lr', 1, 2, 3004, 0) 3004 b's8ch'\n")

    let tested = try ProcessRunner.run("7zz", ["t", "-txar", archive])
    let output = String(decoding: tested.standardOutput, as: UTF8.self)
    #expect(tested.status == 0 && output.contains("Tail Size = \(trailer.count)"), "\(output)")
    let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: archive)))
    let reader = try XarReader(source: MemoryByteSource(bytes), size: Int64(bytes.count))
    #expect(reader.entries.map(\.path) == ["PackageInfo"])
    #expect(XarTicketTrailer.ticket(in: bytes.suffix(5000)) == ticket)
    #expect(XarTicketTrailer.trailerLength(endingWith: bytes.suffix(16)) == trailer.count)
    #expect(XarTicketTrailer.ticket(in: Array(unstapled)) == nil)
  }
}
