import Deflating
import Foundation
import InstallerPackage
import ShipyardTestSupport
import StagedTree
import SystemSupport
import Testing

/// PayloadReader reads back what PayloadWriter writes, fed in any chunking or from a file a
/// piece at a time, and what GNU cpio writes: every entry's header, size and POSIX `cksum`.
struct PayloadReaderTests {
  /// A small tree in memory: a folder, two files (one empty), a link.
  static let smallRoot = SourceItem(
    name: ".",
    content: .folder([
      SourceItem(
        name: "a",
        content: .folder([
          SourceItem(
            name: "x", content: .data(Array("hello\n".utf8)), permissions: 0o600,
            modificationDate: 5),
          SourceItem(name: "empty", content: .data([]), permissions: 0o644, modificationDate: 6),
          SourceItem(
            name: "link", content: .symbolicLink(target: "x"), permissions: 0o755,
            modificationDate: 7),
        ]), permissions: 0o750, modificationDate: 4)
    ]), permissions: 0o755, modificationDate: 3)

  /// The payload of `root` and what the writer said of it.
  static func payload(of root: SourceItem) throws -> ([UInt8], [BomEntry]) {
    var bytes: [UInt8] = []
    let summary = try PayloadWriter { bytes += $0 }.write(root)
    return (bytes, summary.entries)
  }

  /// The entries of `payload`, fed in pieces of `chunk` bytes.
  static func entries(of payload: [UInt8], chunk: Int) throws -> [PayloadEntry] {
    var entries: [PayloadEntry] = []
    try PayloadReader.read(
      from: MemoryByteSource(payload), count: Int64(payload.count), pieceSize: chunk
    ) { entries.append($0) }
    return entries
  }

  /// Expects `entries` to say what the writer's `expected` say, in the same order.
  static func expectMatch(
    _ entries: [PayloadEntry], _ expected: [BomEntry],
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    #expect(entries.map(\.path) == expected.map(\.path), sourceLocation: sourceLocation)
    for (entry, bom) in zip(entries, expected) {
      #expect(UInt16(entry.mode) == bom.mode, "\(entry.path)", sourceLocation: sourceLocation)
      #expect(
        entry.modificationTime == bom.modificationTime && entry.userID == 0
          && entry.groupID == 0, "\(entry.path)", sourceLocation: sourceLocation)
      switch bom.kind {
      case .folder:
        #expect(entry.kind == .folder && entry.size == 0, sourceLocation: sourceLocation)
      case .file:
        #expect(entry.kind == .file, sourceLocation: sourceLocation)
        #expect(
          entry.size == bom.size && entry.checksum == bom.checksum, "\(entry.path)",
          sourceLocation: sourceLocation)
      case .symbolicLink(let target):
        #expect(entry.kind == .symbolicLink(target: target), sourceLocation: sourceLocation)
        #expect(entry.checksum == bom.checksum, sourceLocation: sourceLocation)
      }
    }
  }

  @Test(arguments: [1, 2, 3, 7, 64, 4096, Int.max])
  func readsAPayloadInAnyChunking(_ chunk: Int) throws {
    let (payload, expected) = try Self.payload(of: Self.smallRoot)
    let entries = try Self.entries(of: payload, chunk: chunk)
    Self.expectMatch(entries, expected)
    #expect(entries.map(\.path) == [".", "./a", "./a/empty", "./a/link", "./a/x"])
    #expect(entries.last?.checksum == POSIXChecksum.of("hello\n".utf8))
    #expect(entries[2].checksum == 0xFFFF_FFFF, "an empty file's cksum")
  }

  /// The app-like tree of PayloadWriterTests (3 MiB of random bytes among its files), read
  /// from its file on disk a piece at a time.
  @Test func readsAnAppsPayloadFromAFile() throws {
    let folder = try ScratchFolder()
    defer { folder.remove() }
    let (bytes, summary) = try PayloadWriterTests.payload(
      of: try PayloadWriterTests.tree(in: folder))
    let file = try FileDescriptor.openForReading(try folder.write(bytes, to: "Payload").path)
    defer { file.close() }
    var entries: [PayloadEntry] = []
    try PayloadReader.read(from: file, count: Int64(bytes.count)) {
      entries.append($0)
    }
    Self.expectMatch(entries, summary.entries)
    #expect(try Self.entries(of: bytes, chunk: 100_000) == entries)
  }

  /// GNU cpio's odc archive of the same tree (its owners, its 512-byte padding), gzipped: each
  /// file's size and checksum are what GNU `cksum` says.
  @Test(
    .enabled(
      if: PeerPolicy.shouldRun(
        whenAvailable: ProcessRunner.succeeds("cpio", ["--version"])
          && ProcessRunner.succeeds("cksum", ["--version"])),
      "needs cpio (apt cpio) and GNU cksum"))
  func readsWhatGNUCpioWrites() throws {
    let folder = try ScratchFolder()
    defer { folder.remove() }
    let app = try PayloadWriterTests.tree(in: folder)
    let source = app.deletingLastPathComponent().path
    try ProcessRunner.check(
      "sh",
      [
        "-c", "cd \"$1\" && find . | LC_ALL=C sort | cpio -o -H odc --quiet | gzip -n > \"$2\"",
        "sh", source, folder.path("Payload"),
      ])
    let entries = try PayloadReader.entries(
      in: Array(try Data(contentsOf: folder.file("Payload"))))
    #expect(entries.count == 14)
    for entry in entries {
      let path = source + entry.path.dropFirst()
      switch entry.kind {
      case .file:
        let fields = String(decoding: try ProcessRunner.check("cksum", [path]), as: UTF8.self)
          .split(separator: " ")
        #expect(fields.count == 3 && UInt32(fields[0]) == entry.checksum, "\(entry.path)")
        #expect(fields.count == 3 && Int64(fields[1]) == entry.size, "\(entry.path)")
      case .symbolicLink(let target):
        #expect(target == (try FileManager.default.destinationOfSymbolicLink(atPath: path)))
      default:
        #expect(entry.kind == .folder, "\(entry.path)")
      }
      #expect(entry.userID == getuid() && entry.permissions != 0, "\(entry.path)")
    }
  }
}
