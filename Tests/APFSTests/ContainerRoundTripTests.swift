import APFS
import Foundation
import ShipyardTestSupport
import StagedTree
import SystemSupport
import Testing

@Suite struct ContainerRoundTripTests {
  /// A small app-like tree on disk.
  static func makeSource(in folder: ScratchFolder) throws -> SourceItem {
    let source = folder.file("src")
    try FileManager.default.createDirectory(
      at: source.appendingPathComponent("Hello.app/Contents/MacOS"),
      withIntermediateDirectories: true)
    try folder.write(
      Array("#!/bin/sh\necho hello\n".utf8), to: "src/Hello.app/Contents/MacOS/Hello")
    try FileManager.default.setAttributes(
      [.posixPermissions: 0o755], ofItemAtPath: folder.path("src/Hello.app/Contents/MacOS/Hello"))
    try folder.write(Array("<plist/>".utf8), to: "src/Hello.app/Contents/Info.plist")
    try folder.write([], to: "src/empty")
    try FileManager.default.createSymbolicLink(
      atPath: folder.path("src/link"), withDestinationPath: "Hello.app/Contents")
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
    let container = try APFSContainer(root: root, options: APFSVolumeOptions(volumeName: "Hello"))
    let image = URL(
      fileURLWithPath: ProcessInfo.processInfo.environment["KEEP_CONTAINER"]
        ?? folder.path("container.apfs"))
    try ContainerFile.write(container, to: image)
    #expect(container.fileCount == 3)
    #expect(container.folderCount == 3)
    #expect(container.symbolicLinkCount == 2)
  }
}
