import Foundation
import HFSPlus
import ShipyardTestSupport
import StagedTree
import SystemSupport
import Testing
import VolumeInterface

/// Extended attributes, Finder info and resource forks as fsck_hfs and a Mac expect them, read
/// back through the reader.
@Suite struct AttributeStorageTests {
  /// Builds a volume for `items` and opens it with the reader.
  static func volume(
    _ items: [SourceItem], freeSpace: Int64 = 0, in folder: ScratchFolder
  ) throws -> (HFSPlusReader, HFSPlusVolume) {
    let root = SourceItem(
      name: "root", content: .folder(items), permissions: 0o755, modificationDate: 0)
    let volume = try HFSPlusVolume(
      root: root, options: VolumeOptions(volumeName: "Attrs", freeSpace: freeSpace))
    let url = folder.file("volume.hfs")
    try VolumeRoundTripTests.writeVolume(volume, to: url)
    return (try HFSPlusReader(FileBytes(handle: try FileHandle(forReadingFrom: url))), volume)
  }

  static func file(_ name: String, attributes: [(String, [UInt8])] = []) -> SourceItem {
    SourceItem(
      name: name, content: .data(Array(name.utf8)), permissions: 0o644, modificationDate: 0,
      extendedAttributes: attributes)
  }

  @Test func everyItemWithAttributesCarriesTheCatalogFlag() throws {
    let folder = try ScratchFolder()
    defer { folder.remove() }
    let flagged = SourceItem(
      name: "folder", content: .folder([Self.file("inner", attributes: [("k", [1])])]),
      permissions: 0o755, modificationDate: 0, extendedAttributes: [("user.tag", Array("x".utf8))])
    let (reader, _) = try Self.volume(
      [Self.file("a", attributes: [("k", Array("v".utf8))]), Self.file("plain"), flagged],
      in: folder)
    let entries = try reader.entries()
    let flags = Dictionary(uniqueKeysWithValues: entries.map { ($0.path, $0.hasAttributesFlag) })
    #expect(flags["/a"] == true && flags["/folder"] == true && flags["/folder/inner"] == true)
    #expect(flags["/plain"] == false)
    #expect(entries.filter(\.attributesFlagDisagrees).isEmpty)
  }

  @Test func attributesOverTheInlineLimitGetForksOfTheirOwn() throws {
    let folder = try ScratchFolder()
    defer { folder.remove() }
    var random = SystemRandomNumberGenerator()
    let values: [(String, [UInt8])] = [3802, 3803, 100_000, 0].enumerated().map { index, size in
      ("a\(index)", (0..<size).map { _ in UInt8.random(in: 0...255, using: &random) })
    }
    let (reader, _) = try Self.volume([Self.file("f", attributes: values)], in: folder)
    let entry = try #require(try reader.entries().first { $0.path == "/f" })
    let stored = entry.attributes
    #expect(stored.map(\.name) == ["a0", "a1", "a2", "a3"])
    #expect(stored.map(\.isInline) == [true, false, false, true])
    for (attribute, (_, value)) in zip(stored, values) {
      #expect(try reader.value(of: attribute) == value, "\(attribute.name)")
    }
    #expect(try reader.contents(of: entry) == Array("f".utf8))
  }

  @Test func finderInfoAndResourceForksAreWrittenWhereAMacReadsThem() throws {
    let folder = try ScratchFolder()
    defer { folder.remove() }
    // TEXT/ttxt, kHasBundle (0x2000), a location; extended flags 0x0004 at byte 24.
    var info = Array("TEXTttxt".utf8) + [0x20, 0x00, 0x00, 0x10, 0x00, 0x20, 0, 0]
    info += [0, 0, 0, 0, 0, 0, 0, 0, 0x00, 0x04, 0, 0, 0, 0, 0, 0]
    let fork = (0..<10_000).map { UInt8($0 % 251) }
    var item = Self.file("legacy")
    item.finderInfo = info
    item.resourceFork = fork
    item.finderFlags = 0x4000  // kIsInvisible, ours
    var icon = SourceItem(
      name: "Icon\r", content: .data([]), permissions: 0o644, modificationDate: 0)
    icon.resourceFork = [1, 2, 3]
    let (reader, _) = try Self.volume([item, icon], in: folder)
    let entries = try reader.entries()
    let legacy = try #require(entries.first { $0.path == "/legacy" })
    #expect(Array(legacy.finderInfo[0..<8]) == Array("TEXTttxt".utf8))
    #expect(legacy.finderFlags == 0x6000)
    #expect(Array(legacy.finderInfo[10..<14]) == [0x00, 0x10, 0x00, 0x20])
    #expect(Array(legacy.finderInfo[24..<26]) == [0x00, 0x04])
    #expect(legacy.resourceForkSize == 10_000)
    #expect(try reader.resourceFork(of: legacy) == fork)
    #expect(try reader.contents(of: legacy) == Array("legacy".utf8))
    let iconEntry = try #require(entries.first { $0.path == "/Icon\r" })
    #expect(try reader.resourceFork(of: iconEntry) == [1, 2, 3])
  }

  @Test func linkTargetsAMacCannotReadAreRefused() throws {
    let folder = try ScratchFolder()
    defer { folder.remove() }
    func link(_ length: Int) -> SourceItem {
      SourceItem(
        name: "link", content: .symbolicLink(target: String(repeating: "x", count: length)),
        permissions: 0o755, modificationDate: 0, sourcePath: "/src/link")
    }
    let (reader, _) = try Self.volume([link(1023)], in: folder)
    #expect(try reader.entries().first?.linkTarget?.utf8.count == 1023)
    let error = try #require(throws: HFSPlusError.self) {
      try Self.volume([link(1024)], in: folder)
    }
    #expect(
      error.description
        == "/src/link: the symbolic link's target has 1024 bytes; a Mac follows at most 1023 (MAXPATHLEN less the NUL)"
    )
  }

  @Test func finderInfoNamedAsAnAttributeIsAnError() throws {
    let folder = try ScratchFolder()
    defer { folder.remove() }
    let item = Self.file(
      "f", attributes: [("com.apple.FinderInfo", [UInt8](repeating: 0, count: 32))])
    #expect(throws: HFSPlusError.self) { try Self.volume([item], in: folder) }
  }
}
