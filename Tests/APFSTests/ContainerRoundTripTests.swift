import APFS
import Foundation
import ShipyardTestSupport
import StagedTree
import SystemSupport
import Testing
import VolumeInterface

@Suite struct ContainerRoundTripTests {
  /// A small app-like tree on disk.
  static func makeSource(in folder: ScratchFolder) throws -> SourceItem {
    let source = try SampleTree.write(in: folder)
    var root = try SourceScanner.scan(source.path)
    root.content = .folder(
      root.children + [
        SourceItem(
          name: "Applications", content: .symbolicLink(target: "/Applications"), permissions: 0o755,
          modificationDate: 0)
      ])
    return root
  }

  @Test func aSmallTreeIsWritten() throws {
    let folder = try ScratchFolder()
    defer { folder.remove() }
    let root = try Self.makeSource(in: folder)
    let container = try APFSContainer(root: root, options: VolumeOptions(volumeName: "Hello"))
    let image = URL(
      fileURLWithPath: ProcessInfo.processInfo.environment["KEEP_CONTAINER"]
        ?? folder.path("container.apfs"))
    try ContainerFile.write(container, to: image)
    #expect(container.fileCount == 3)
    #expect(container.folderCount == 3)
    #expect(container.symbolicLinkCount == 2)
  }
}

extension ContainerRoundTripTests {
  @Test func ourReaderReadsBackWhatWasWritten() throws {
    let folder = try ScratchFolder()
    defer { folder.remove() }
    var root = try Self.makeSource(in: folder)
    root.content = .folder(
      root.children + [
        SourceItem(
          name: "notes", content: .data(Array("hello".utf8)), permissions: 0o600,
          modificationDate: 1_700_000_000, finderFlags: 0x4000,
          extendedAttributes: [
            ("small", [1, 2, 3]), ("large", [UInt8](repeating: 7, count: 5000)),
          ])
      ])
    var options = VolumeOptions(volumeName: "Round Trip", ownerID: 502, groupID: 80)
    options.dateLimit = 1_800_000_000
    let container = try APFSContainer(root: root, options: options)
    let image = folder.file("container.apfs")
    try ContainerFile.write(container, to: image)
    let handle = try FileHandle(forReadingFrom: image)
    defer { try? handle.close() }
    let reader = try APFSReader(FileBytes(handle: handle))
    #expect(reader.volumeName() == "Round Trip")
    #expect(!reader.isCaseSensitive)
    #expect(reader.counts.files == 4 && reader.counts.folders == 3)
    let entries = try reader.entries()
    let byPath = Dictionary(uniqueKeysWithValues: entries.map { ($0.path, $0) })
    #expect(
      Set(byPath.keys) == [
        "/Hello.app", "/Hello.app/Contents", "/Hello.app/Contents/MacOS",
        "/Hello.app/Contents/MacOS/Hello", "/Hello.app/Contents/Info.plist", "/empty", "/link",
        "/Applications", "/notes",
      ])
    let planned = try APFSContainer.plan(root: root, options: options)
    for entry in entries { #expect(planned.item(atPath: entry.path)?.id == entry.id) }
    let hello = try #require(byPath["/Hello.app/Contents/MacOS/Hello"])
    #expect(hello.mode == 0o100755 && hello.ownerID == 502 && hello.groupID == 80)
    #expect(try reader.contents(of: hello) == Array("#!/bin/sh\necho hello\n".utf8))
    #expect(byPath["/link"]?.linkTarget == "Hello.app/Contents")
    #expect(byPath["/Applications"]?.linkTarget == "/Applications")
    #expect(byPath["/empty"]?.size == 0 && byPath["/empty"]?.extents.isEmpty == true)
    let notes = try #require(byPath["/notes"])
    #expect(notes.finderFlags == 0x4000 && notes.mode == 0o100600)
    #expect(notes.modificationDate == 1_700_000_000)
    #expect(Set(notes.attributeNames) == ["small", "large", "com.apple.FinderInfo"])
    #expect(try reader.attribute("small", of: notes) == [1, 2, 3])
    #expect(try reader.contents(of: notes) == Array("hello".utf8))
  }

  @Test func namesTheVolumeSeesAsOneAreAClearError() throws {
    let items = ["Read Me", "READ ME"].map {
      SourceItem(name: $0, content: .data([]), permissions: 0o644, modificationDate: 0)
    }
    let root = SourceItem(
      name: "root",
      content: .folder([
        SourceItem(name: "Docs", content: .folder(items), permissions: 0o755, modificationDate: 0)
      ]), permissions: 0o755, modificationDate: 0)
    #expect(
      throws: APFSError.conflictingNames(
        folder: "/Docs", first: "Read Me", second: "READ ME", caseSensitive: false)
    ) { try APFSContainer(root: root, options: VolumeOptions(volumeName: "X")) }
    var sensitive = VolumeOptions(volumeName: "X")
    sensitive.caseSensitive = true
    _ = try APFSContainer(root: root, options: sensitive)
    let normalization = ["caf\u{E9}", "cafe\u{301}"].map {
      SourceItem(name: $0, content: .data([]), permissions: 0o644, modificationDate: 0)
    }
    let other = SourceItem(
      name: "root", content: .folder(normalization), permissions: 0o755, modificationDate: 0)
    #expect(throws: APFSError.self) { try APFSContainer(root: other, options: sensitive) }
  }

  @Test func overlongLinksAndVolumeNamesAreRefused() throws {
    let link = SourceItem(
      name: "far", content: .symbolicLink(target: String(repeating: "a/", count: 600)),
      permissions: 0o755, modificationDate: 0, sourcePath: "/src/far")
    let root = SourceItem(
      name: "root", content: .folder([link]), permissions: 0o755, modificationDate: 0)
    #expect(throws: APFSError.self) {
      try APFSContainer(root: root, options: VolumeOptions(volumeName: "X"))
    }
    let empty = SourceItem(
      name: "root", content: .folder([]), permissions: 0o755, modificationDate: 0)
    #expect(throws: APFSError.self) {
      try APFSContainer(
        root: empty, options: VolumeOptions(volumeName: String(repeating: "é", count: 130)))
    }
  }

  @Test func aSecondBuildIsByteIdentical() throws {
    let folder = try ScratchFolder()
    defer { folder.remove() }
    let root = try Self.makeSource(in: folder)
    let options = VolumeOptions(volumeName: "Same")
    for name in ["first", "second"] {
      try ContainerFile.write(
        try APFSContainer(root: root, options: options), to: folder.file(name))
    }
    #expect(
      FileManager.default.contentsEqual(
        atPath: folder.path("first"), andPath: folder.path("second")))
  }
}
