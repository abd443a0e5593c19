import Foundation
import InstallerPackage
import ShipyardTestSupport
import Testing

/// BomReader reads back what BomWriter writes: every path of a payload with its kind, mode,
/// owner, time, size and checksum, in trees of one leaf or several under branches, and sizes
/// past 4 GiB from Size64.
struct BomReaderTests {
  /// Whether `record` says what `entry` says.
  static func expectMatch(
    _ record: BomRecord, _ entry: BomEntry, sourceLocation: SourceLocation = #_sourceLocation
  ) {
    let kind: BomRecord.Kind =
      switch entry.kind {
      case .file: .file
      case .folder: .folder
      case .symbolicLink(let target): .symbolicLink(target: target)
      }
    #expect(record.kind == kind, "\(record.path)", sourceLocation: sourceLocation)
    #expect(record.mode == entry.mode, "\(record.path)", sourceLocation: sourceLocation)
    #expect(
      record.modificationTime == entry.modificationTime, "\(record.path)",
      sourceLocation: sourceLocation)
    #expect(record.size == entry.size, "\(record.path)", sourceLocation: sourceLocation)
    #expect(record.checksum == entry.checksum, "\(record.path)", sourceLocation: sourceLocation)
    #expect(
      record.userID == 0 && record.groupID == 0 && record.architecture == 15 && record.slices == [],
      "\(record.path)", sourceLocation: sourceLocation)
  }

  @Test func readsBackEveryEntryOfAPayload() throws {
    let folder = try ScratchFolder()
    defer { folder.remove() }
    let app = try PayloadWriterTests.tree(in: folder)
    let entries = try PayloadWriterTests.payload(of: app).summary.entries
    let records = try BomReader.records(in: try BomWriter.bytes(of: entries))

    #expect(records.map(\.path).sorted() == entries.map(\.path).sorted())
    #expect(records.first?.path == "." && records.first?.parentID == 0)
    for record in records {
      let entry = try #require(entries.first { $0.path == record.path })
      Self.expectMatch(record, entry)
    }
    let link = try #require(records.first { $0.path.hasSuffix("/Frameworks/Current") })
    #expect(link.kind == .symbolicLink(target: "A"))
  }

  /// 2,000 files in 40 folders: five leaves of `Paths` under a branch.
  @Test func readsSeveralLeavesUnderABranch() throws {
    let entries = Self.manyPaths
    let surgery = try BomSurgery(of: entries)
    #expect(surgery.pairs(of: surgery.root(of: "Paths")).count == 5, "a branch over 5 leaves")
    let records = try BomReader.records(in: surgery.bytes)
    #expect(records.count == entries.count)
    let byPath = Dictionary(uniqueKeysWithValues: entries.map { ($0.path, $0) })
    for record in records { Self.expectMatch(record, try #require(byPath[record.path])) }
    #expect(records.prefix(3).map(\.path) == [".", "./dir 0", "./dir 1"])
  }

  @Test func sizesPastFourGiBComeFromSize64() throws {
    let big: Int64 = 9 << 30 + 5
    let entries = [
      Self.folder(".", children: 2), Self.file("./big.bin", size: big),
      Self.file("./small", size: 3),
    ]
    let records = try BomReader.records(in: try BomWriter.bytes(of: entries))
    #expect(records.first { $0.path == "./big.bin" }?.size == big)
    #expect(records.first { $0.path == "./small" }?.size == 3)
  }

  /// 2,000 files in 40 folders, listed in reverse.
  static let manyPaths: [BomEntry] = {
    var entries = [folder(".", children: 40)]
    for folderNumber in (0..<40).reversed() {
      let name = "./dir \(folderNumber)"
      entries.append(folder(name, children: 50))
      for file in (0..<50).reversed() {
        entries.append(Self.file("\(name)/f\(file)É", size: Int64(file)))
      }
    }
    return entries
  }()

  /// A folder entry holding `children` entries.
  static func folder(_ path: String, children: Int) -> BomEntry {
    BomEntry(
      path: path, kind: .folder, permissions: 0o755, modificationTime: 7,
      size: 32 * Int64(children + 2), checksum: 0)
  }

  /// A file entry of `size` bytes, its checksum derived from its path.
  static func file(_ path: String, size: Int64) -> BomEntry {
    BomEntry(
      path: path, kind: .file, permissions: 0o644, modificationTime: 1_700_000_000, size: size,
      checksum: POSIXChecksum.of(path.utf8))
  }
}
