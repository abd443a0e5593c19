import Foundation
import InstallerPackage
import ShipyardTestSupport
import StagedTree
import SystemSupport
import Testing
import XarArchive

/// Universal Mach-O files get Apple's records in the Bom; thin ones and Java classes do not.
///
/// Apple's records (as the Bom of Apple's Python installer has them) carry the architecture
/// field 0x200F and each architecture's CPU, size and cksum, and `BomInfo` one total per
/// architecture; a thin Mach-O file and a Java class, whose magic is the same, get neither. The
/// Python reader of flat packages computes the slices from the payload's
/// bytes itself and must agree.
@Suite(
  .enabled(
    if: PeerPolicy.shouldRun(whenAvailable: PackagePeers.available)
      && ElectronAppFixture.shouldRun,
    "needs the package peers and the Mach-O fixtures' tools"))
struct UniversalBomRecordTests {
  @Test func universalFilesListTheirArchitectures() throws {
    let folder = try ScratchFolder()
    defer { folder.remove() }
    let tree = folder.file("tree")
    try FileManager.default.createDirectory(at: tree, withIntermediateDirectories: true)
    _ = try MachOFixture.dylibUniversal.copy(to: tree.appendingPathComponent("universal.dylib"))
    _ = try MachOFixture.goUniversal.copy(to: tree.appendingPathComponent("tool"))
    _ = try MachOFixture.dylibArm64.copy(to: tree.appendingPathComponent("thin.dylib"))
    // A Java class: FAT_MAGIC, then its version (52) where a fat header's count would be.
    _ = try folder.write(
      [0xCA, 0xFE, 0xBA, 0xBE, 0, 0, 0, 52] + Array(repeating: 7, count: 600), to: "tree/Main.class"
    )
    var root = try SourceScanner.scan(tree.path)
    root.name = "."
    let output = folder.path("Universal.pkg")
    try FlatPackageWriter(archive: XarWriter(creationTime: 1_800_000_000)).write(
      FlatPackageContents(
        payload: root, scripts: nil, identifier: "com.example.universal", version: "1",
        installLocation: "/usr/local/lib", bundles: [], product: nil),
      to: output)
    _ = try FlatPackageWriterTests.check(output, "component")

    let reader = try XarReader(
      source: try FileDescriptor.openForReading(output), size: try FileStatus.of(output)?.size ?? 0)
    let bom = try #require(reader.entries.first { $0.path == "Bom" })
    let records = try BomReader.records(in: try reader.contents(of: bom))
    let universal = records.filter { !$0.slices.isEmpty }
    #expect(universal.map(\.path).sorted() == ["./tool", "./universal.dylib"])
    #expect(universal.allSatisfy { $0.architecture == 0x200F && $0.slices.count == 2 })
    let types = Set(universal.flatMap { $0.slices.map(\.cpuType) })
    #expect(types == [0x0100_0007, 0x0100_000C], "x86_64 and arm64")
    #expect(
      records.filter { $0.slices.isEmpty && $0.path != "." }.allSatisfy { $0.architecture == 15 })
  }
}
