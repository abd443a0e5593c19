import Distribution
import Foundation
import InstallerPackage
import ShipyardTestSupport
import Testing
import XarArchive

/// What is not an installer package, or not a whole one, is named with the part concerned: a
/// file that is not a xar archive, a truncated table of contents, an archive of no component, a
/// component without a Bom, a Bom or PackageInfo that does not read or whose bytes changed.
@Suite struct PackageInspectionErrorTests {
  /// The error inspecting `bytes` throws.
  static func error(inspecting bytes: [UInt8], in folder: ScratchFolder) throws
    -> PackageInspectionError?
  {
    let file = try folder.write(bytes, to: "Bad-\(UUID().uuidString).pkg")
    do {
      _ = try PackageInspection(path: file.path)
      return nil
    } catch let error as PackageInspectionError {
      return error
    }
  }

  /// An archive of `members`, as bytes.
  static func archive(_ members: [XarMember], in folder: ScratchFolder) throws -> [UInt8] {
    let path = folder.path("archive-\(UUID().uuidString).xar")
    try XarWriter(creationTime: 0).write(members, to: path)
    return [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
  }

  static func file(_ path: String, _ text: String) -> XarMember {
    .file(path, .bytes(Array(text.utf8)), encoding: .zlib, modificationTime: 0)
  }

  @Test func aFileThatIsNotAnArchiveIsNamed() throws {
    let folder = try ScratchFolder()
    defer { folder.remove() }
    let notXar = try Self.error(inspecting: Array("PK\u{3}\u{4} a zip".utf8), in: folder)
    #expect(notXar?.part == "archive")
    #expect(
      notXar?.description == "xar header (at byte 0): not a xar archive (no xar! at its start)")
    let whole = try Self.archive([Self.file("Bom", "x")], in: folder)
    let truncated = try Self.error(inspecting: Array(whole.prefix(60)), in: folder)
    #expect(
      truncated?.description.contains("past the file's 60") == true,
      "\(String(describing: truncated))")
    #expect(throws: (any Error).self) { try PackageInspection(path: folder.path("none.pkg")) }
  }

  @Test func anArchiveWithoutAComponentIsNamed() throws {
    let folder = try ScratchFolder()
    defer { folder.remove() }
    let notes = try Self.archive([Self.file("notes.txt", "hello")], in: folder)
    #expect(try Self.error(inspecting: notes, in: folder) == .notAPackage)
    let noBom = try Self.archive(
      [Self.file("Demo.pkg/Payload", "x"), Self.file("Demo.pkg/PackageInfo", "<pkg-info/>")],
      in: folder)
    let missing = try Self.error(inspecting: noBom, in: folder)
    #expect(missing == .missingBom(in: "Demo.pkg", has: ["Payload", "PackageInfo"]))
    #expect(
      missing?.description
        == "Demo.pkg: a component package without a Bom (it has Payload, PackageInfo)")
  }

  @Test func membersThatDoNotReadAreNamed() throws {
    let folder = try ScratchFolder()
    defer { folder.remove() }
    let notABom = try Self.archive([Self.file("Bom", "not a Bom")], in: folder)
    let bom = try Self.error(inspecting: notABom, in: folder)
    #expect(
      bom?.part == "Bom" && bom?.problem.contains("BOMStore") == true, "\(String(describing: bom))")

    let root = try PackageContentsCheckTests.tree(in: folder)
    var payload: [UInt8] = []
    let entries = try PayloadWriter { payload += $0 }.write(root).entries
    let good = XarMember.file(
      "Bom", .bytes(try BomWriter.bytes(of: entries)), encoding: .stored, modificationTime: 0)
    let badInfo = try Self.archive([good, Self.file("PackageInfo", "<pkg-info/>")], in: folder)
    #expect(
      try Self.error(inspecting: badInfo, in: folder)
        == .unreadableMember("PackageInfo", "<pkg-info> names no identifier or no version"))

    var changed = try Self.archive([good], in: folder)
    changed[changed.count - 100] ^= 1
    let damaged = try Self.error(inspecting: changed, in: folder)
    #expect(damaged?.part == "Bom")
    #expect(
      damaged?.problem.contains("checksum does not match") == true, "\(String(describing: damaged))"
    )
  }
}
