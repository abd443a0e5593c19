import Foundation
import InstallerPackage
import ShipyardTestSupport
import StagedTree
import SystemSupport
import Testing

/// The Bom read back by a Python BOMStore reader written from the format's public descriptions
/// (Peers/check_bom.py), its checksums compared with GNU `cksum`: every path, mode, owner, size,
/// checksum and link target of the payload, leaves in the (parent, name) order `lsbom` needs,
/// sizes past 4 GiB in `Size64`, trees of several leaves and branches.
@Suite(
  .enabled(
    if: PeerPolicy.shouldRun(whenAvailable: ProcessRunner.succeeds("cksum", ["--version"])),
    "needs GNU cksum (coreutils)"))
struct BomWriterTests {
  static let reader = PeerPolicy.packageRoot.appendingPathComponent(
    "Tests/InstallerPackageTests/Peers/check_bom.py"
  ).path

  /// One path as the reader prints it.
  struct Record: Decodable, Equatable {
    var path: String
    var type: String
    var mode: Int
    var uid: Int
    var gid: Int
    var mtime: Int
    var size: Int64
    var checksum: UInt32
    var link: String
  }

  /// The records the reader finds in `bom`.
  static func read(_ bom: [UInt8], in folder: ScratchFolder) throws -> [Record] {
    let file = try folder.write(bom, to: "Bom-\(UUID().uuidString)")
    let output = try ProcessRunner.run("python3", [reader, file.path, "--json"])
    #expect(output.status == 0, "\(output.standardError)")
    return try JSONDecoder().decode([Record].self, from: Data(output.standardOutput))
  }

  @Test func theReaderFindsEveryPathOfThePayloadAndCksumAgrees() throws {
    let folder = try ScratchFolder()
    defer { folder.remove() }
    let app = try PayloadWriterTests.tree(in: folder)
    let summary = try PayloadWriterTests.payload(of: app).summary
    let records = try Self.read(try BomWriter.bytes(of: summary.entries), in: folder)

    #expect(Set(records.map(\.path)) == Set(summary.entries.map(\.path)))
    #expect(records.count == summary.entries.count)
    #expect(records.first?.path == ".")
    for record in records {
      let entry = try #require(summary.entries.first { $0.path == record.path })
      #expect(record.mode == Int(entry.mode), "\(record.path)")
      #expect(record.uid == 0 && record.gid == 0, "\(record.path)")
      #expect(record.mtime == Int(entry.modificationTime), "\(record.path)")
      let source = app.deletingLastPathComponent().path + record.path.dropFirst()
      switch record.type {
      case "file":
        let cksum = try ProcessRunner.check("cksum", [source])
        let fields = String(decoding: cksum, as: UTF8.self).split(separator: " ")
        #expect(fields.count == 3 && UInt32(fields[0]) == record.checksum, "\(record.path)")
        #expect(fields.count == 3 && Int64(fields[1]) == record.size, "\(record.path)")
      case "link":
        let target = try FileManager.default.destinationOfSymbolicLink(atPath: source)
        #expect(record.link == target)
        #expect(record.size == Int64(target.utf8.count))
        #expect(record.checksum == POSIXChecksum.of(target.utf8))
      case "dir" where record.path != ".":
        let count = try FileManager.default.contentsOfDirectory(atPath: source).count
        #expect(record.size == 32 * Int64(count + 2), "\(record.path)")
      default: #expect(record.path == ".", "\(record.path) is a \(record.type)")
      }
    }
  }

  /// 2,000 files in 40 folders: several leaves of `Paths` and `HLIndex` under a branch, their
  /// order (parent, then name's bytes) checked by the reader.
  @Test func manyPathsMakeSeveralLeavesInOrder() throws {
    let folder = try ScratchFolder()
    defer { folder.remove() }
    var entries = [Self.folder(".", children: 40)]
    for folderNumber in (0..<40).reversed() {
      let name = "./dir \(folderNumber)"
      entries.append(Self.folder(name, children: 50))
      for file in (0..<50).reversed() {
        entries.append(
          BomEntry(
            path: "\(name)/f\(file)É", kind: .file, permissions: 0o644, modificationTime: 7,
            size: Int64(file), checksum: UInt32(file)))
      }
    }
    let records = try Self.read(try BomWriter.bytes(of: entries), in: folder)
    #expect(records.count == entries.count)
    #expect(Set(records.map(\.path)) == Set(entries.map(\.path)))
    #expect(records[1].path == "./dir 0")
    #expect(records[2].path == "./dir 1")
  }

  @Test func aFilePastFourGiBKeepsItsSizeInSize64() throws {
    let folder = try ScratchFolder()
    defer { folder.remove() }
    let big: Int64 = 9 << 30 + 5
    let entries = [
      Self.folder(".", children: 2),
      BomEntry(
        path: "./big.bin", kind: .file, permissions: 0o644, modificationTime: 0, size: big,
        checksum: 1),
      BomEntry(
        path: "./small", kind: .file, permissions: 0o644, modificationTime: 0, size: 3,
        checksum: 2),
    ]
    let records = try Self.read(try BomWriter.bytes(of: entries), in: folder)
    #expect(records.first { $0.path == "./big.bin" }?.size == big)
    #expect(records.first { $0.path == "./small" }?.size == 3)
  }

  @Test func aListWithoutItsFoldersIsRefused() {
    let file = BomEntry(
      path: "./a/b", kind: .file, permissions: 0o644, modificationTime: 0, size: 0, checksum: 0)
    #expect(throws: BomError.noRoot) { try BomWriter.bytes(of: [file]) }
    #expect(throws: BomError.missingFolder("./a/b")) {
      try BomWriter.bytes(of: [Self.folder(".", children: 1), file])
    }
    #expect(throws: BomError.repeatedPath("./a")) {
      try BomWriter.bytes(of: [
        Self.folder(".", children: 1), Self.folder("./a", children: 0),
        Self.folder("./a", children: 0),
      ])
    }
  }

  /// A folder entry holding `children` entries.
  static func folder(_ path: String, children: Int) -> BomEntry {
    BomEntry(
      path: path, kind: .folder, permissions: 0o755, modificationTime: 7,
      size: 32 * Int64(children + 2), checksum: 0)
  }
}
