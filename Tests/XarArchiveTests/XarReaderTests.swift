import Digests
import Foundation
import ShipyardTestSupport
import SystemSupport
import Testing
import XarArchive

/// The xar reader on archives of two writers: ours, and libarchive's bsdtar (another
/// implementation, its own table layout); damage and hostile headers are errors naming the part.
@Suite(
  .enabled(
    if: PeerPolicy.shouldRun(whenAvailable: ProcessRunner.succeeds("bsdtar", ["--version"])),
    "needs bsdtar (apt libarchive-tools)"))
struct XarReaderTests {
  static func read(_ path: String) throws -> XarReader {
    let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
    return try XarReader(source: MemoryBytes(bytes), size: Int64(bytes.count))
  }

  @Test(arguments: [XarChecksum.sha1, .sha256])
  func ourArchivesReadBack(checksum: XarChecksum) throws {
    let folder = try ScratchFolder()
    defer { folder.remove() }
    let (members, contents) = try XarWriterTests.members(in: folder)
    let archive = folder.path("Demo.pkg")
    try XarWriter(checksum: checksum, creationTime: XarWriterTests.time).write(members, to: archive)
    let reader = try Self.read(archive)
    #expect(
      reader.entries.map(\.path) == [
        "Distribution", "Demo & Co.pkg", "Demo & Co.pkg/Bom", "Demo & Co.pkg/Payload",
        "Demo & Co.pkg/PackageInfo",
      ])
    #expect(reader.entries[1].kind == .directory && reader.entries[1].mode == 0o755)
    #expect(reader.creationTime == "2023-11-14T22:13:20")
    for entry in reader.entries where entry.kind == .file {
      #expect(try reader.contents(of: entry) == contents[entry.path], "\(entry.path)")
    }
  }

  /// bsdtar's archive of a tree: nested folders, an empty file, a link, 1 MiB, zlib and stored.
  @Test(arguments: ["gzip", "none"])
  func bsdtarsArchivesRead(compression: String) throws {
    let folder = try ScratchFolder()
    defer { folder.remove() }
    var generator = SplitMix(seed: 5)
    let big = (0..<(1 << 20)).map { _ in UInt8.random(in: 0...255, using: &generator) }
    let files: [String: [UInt8]] = [
      "tree/a.txt": Array("alpha\n".utf8), "tree/sub/empty": [], "tree/sub/deeper/big.bin": big,
      "tree/sub/Résumé & <notes>.txt": Array("é".utf8),
    ]
    for (path, bytes) in files {
      try FileManager.default.createDirectory(
        at: folder.file(path).deletingLastPathComponent(), withIntermediateDirectories: true)
      _ = try folder.write(bytes, to: path)
    }
    try FileManager.default.createSymbolicLink(
      atPath: folder.path("tree/link"), withDestinationPath: "sub/deeper")
    let archive = folder.path("tree.xar")
    try ProcessRunner.check(
      "bsdtar",
      [
        "-cf", archive, "--format", "xar", "--options", "xar:compression=\(compression)", "-C",
        folder.url.path, "tree",
      ])
    let reader = try Self.read(archive)
    for (path, bytes) in files {
      let entry = try #require(reader.entries.first { $0.path == path }, "\(path)")
      #expect(try reader.contents(of: entry) == bytes, "\(path)")
    }
    #expect(
      reader.entries.first { $0.path == "tree/link" }?.kind == .symbolicLink(target: "sub/deeper"))
    #expect(reader.entries.first { $0.path == "tree/sub" }?.kind == .directory)
    let paths = reader.entries.map(\.path)
    for (index, path) in paths.enumerated() where path.contains("/") {
      let parent = (path as NSString).deletingLastPathComponent
      #expect(paths[..<index].contains(parent), "\(path) after its folder")
    }
  }

  @Test func damageIsNamed() throws {
    let folder = try ScratchFolder()
    defer { folder.remove() }
    let (members, _) = try XarWriterTests.members(in: folder)
    let archive = folder.path("Demo.pkg")
    try XarWriter(creationTime: XarWriterTests.time).write(members, to: archive)
    let original = [UInt8](try Data(contentsOf: URL(fileURLWithPath: archive)))
    let heap = 28 + original[8..<16].reduce(0) { $0 << 8 | Int($1) }
    func reading(_ bytes: [UInt8]) throws -> XarReader {
      try XarReader(source: MemoryBytes(bytes), size: Int64(bytes.count))
    }

    var payload = original
    payload[original.count - 1000] ^= 0xFF
    let damaged = try reading(payload)
    let entry = try #require(damaged.entries.first { $0.path == "Demo & Co.pkg/Payload" })
    #expect {
      _ = try damaged.contents(of: entry)
    } throws: { error in
      "\(error)".contains("file Demo & Co.pkg/Payload")
        && "\(error)".contains("archived sha1 checksum does not match")
    }

    var checksum = original
    checksum[heap + 2] ^= 0xFF
    #expect {
      _ = try reading(checksum)
    } throws: { error in
      "\(error)".contains("table of contents") && "\(error)".contains("does not match")
    }

    var table = original
    table[40] ^= 0xFF
    #expect(throws: XarReaderError.self) { _ = try reading(table) }

    // A ticket stapled after the heap is allowed; a file cut short is not.
    #expect(
      try reading(original + Array("t8lr".utf8) + [UInt8](repeating: 0, count: 100)).entries.count
        == 5)
    #expect {
      let cut = try reading(Array(original.prefix(original.count - 10)))
      let last = try #require(cut.entries.last)
      _ = try cut.contents(of: last)
    } throws: { error in "\(error)".contains("past the end of the file") }
  }

  /// Writes at `path` a xar archive of the table `toc` (zlib, its SHA-1 checksum right: anyone
  /// can compute it; each `\xff` in it the byte 0xFF) and a heap of four bytes after the
  /// checksum.
  static func craft(toc: String, to path: String) throws {
    try ProcessRunner.check(
      "python3",
      [
        "-c",
        """
        import hashlib, struct, sys, zlib
        toc = sys.argv[2].encode().replace(b'\\\\xff', b'\\xff')
        packed = zlib.compress(toc)
        header = struct.pack('>4sHHQQI', b'xar!', 28, 1, len(packed), len(toc), 1)
        open(sys.argv[1], 'wb').write(header + packed + hashlib.sha1(packed).digest() + b'data')
        """,
        path, toc,
      ])
  }

  static let checksumRecord =
    #"<?xml version="1.0"?><xar><toc><checksum style="sha1"><offset>0</offset><size>20</size></checksum>"#

  /// A data offset near Int64.max is past the end of the file, not an overflow.
  @Test func aHugeDataOffsetIsPastTheEndNotAnOverflow() throws {
    let folder = try ScratchFolder()
    defer { folder.remove() }
    let archive = folder.path("huge.xar")
    try Self.craft(
      toc: Self.checksumRecord
        + #"<file id="1"><name>x</name><type>file</type><data><length>4</length>"#
        + #"<offset>9223372036854775800</offset><size>4</size>"#
        + #"<encoding style="application/octet-stream"/>"#
        + #"<archived-checksum style="sha1">00</archived-checksum>"#
        + #"<extracted-checksum style="sha1">00</extracted-checksum></data></file></toc></xar>"#,
      to: archive)
    let reader = try Self.read(archive)
    let entry = try #require(reader.entries.first)
    #expect {
      _ = try reader.contents(of: entry)
    } throws: { error in "\(error)".contains("past the end of the file") }
  }

  /// Files nested deeper than the parser reads, and names no path may hold, are refused.
  @Test func tooDeepAndBadNamesAreRefused() throws {
    let folder = try ScratchFolder()
    defer { folder.remove() }
    let deep = folder.path("deep.xar")
    let nested =
      String(repeating: #"<file><name>d</name><type>directory</type>"#, count: 300)
      + String(repeating: "</file>", count: 300)
    try Self.craft(toc: Self.checksumRecord + nested + "</toc></xar>", to: deep)
    #expect { _ = try Self.read(deep) } throws: { error in "\(error)".contains("too many files") }
    for name in ["..", "a/b", ""] {
      let bad = folder.path("bad.xar")
      try Self.craft(
        toc: Self.checksumRecord + "<file><name>\(name)</name><type>file</type></file></toc></xar>",
        to: bad)
      #expect { _ = try Self.read(bad) } throws: { error in "\(error)".contains("no path may hold")
      }
    }
  }

  /// A name that is not UTF-8 and a processing instruction without data are refused before
  /// Foundation's XMLParser, which traps on the one and reads a null pointer on the other.
  @Test func whatCrashesFoundationsParserIsRefused() throws {
    let folder = try ScratchFolder()
    defer { folder.remove() }
    let archive = folder.path("hazard.xar")
    for (toc, problem) in [
      (#"<file id="1" a\xff="1"><name>x</name></file>"#, "the bytes are not UTF-8"),
      (#"<file id="1"><?x?><name>x</name></file>"#, "a processing instruction without data"),
    ] {
      try Self.craft(toc: Self.checksumRecord + toc + "</toc></xar>", to: archive)
      #expect { _ = try Self.read(archive) } throws: { error in
        "\(error)".contains("its XML is refused: \(problem)")
      }
    }
  }

  @Test func hostileHeadersAreRefusedBeforeAnyAllocation() {
    var header = Array("xar!".utf8) + [0, 28, 0, 1]
    header += [0, 0, 0, 0, 0, 0, 0, 10] + [0, 0, 0, 0x7F, 0, 0, 0, 0] + [0, 0, 0, 1]
    let bytes = header + [UInt8](repeating: 0, count: 10)
    #expect {
      _ = try XarReader(source: MemoryBytes(bytes), size: Int64(bytes.count))
    } throws: { error in "\(error)".contains("inflates to") && "\(error)".contains("at most") }
    #expect {
      _ = try XarReader(source: MemoryBytes(Array("PK\u{3}\u{4}".utf8) + header), size: 42)
    } throws: { error in "\(error)".contains("not a xar archive") }
    var long = header
    long[15] = 200
    #expect {
      _ = try XarReader(source: MemoryBytes(long + [0]), size: Int64(long.count + 1))
    } throws: { error in "\(error)".contains("past the file") }
  }
}
