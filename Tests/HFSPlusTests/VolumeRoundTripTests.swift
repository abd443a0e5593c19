import Foundation
import HFSPlus
import ShipyardTestSupport
import StagedTree
import SystemSupport
import Testing
import VolumeInterface

@Suite struct VolumeRoundTripTests {
  static func writeVolume(_ volume: HFSPlusVolume, to url: URL) throws {
    let total = try VolumeFile.write(volume.makeStream(), to: url)
    #expect(total == volume.byteCount)
  }

  @Test func aSmallTreeReadsBack() throws {
    let folder = try ScratchFolder()
    defer { folder.remove() }
    let source = try SampleTree.write(in: folder)
    var root = try SourceScanner.scan(source.path)
    root.content = .folder(
      root.children + [
        SourceItem(
          name: "Applications", content: .symbolicLink(target: "/Applications"), permissions: 0o755,
          modificationDate: 0)
      ])
    let volume = try HFSPlusVolume(root: root, options: VolumeOptions(volumeName: "Hello"))
    let image = URL(
      fileURLWithPath: ProcessInfo.processInfo.environment["KEEP_VOLUME"]
        ?? folder.path("volume.hfs"))
    try Self.writeVolume(volume, to: image)

    let reader = try HFSPlusReader(FileBytes(handle: try FileHandle(forReadingFrom: image)))
    let entries = try reader.entries()
    #expect(
      Set(entries.map(\.path)) == [
        "/Applications", "/Hello.app", "/Hello.app/Contents", "/Hello.app/Contents/Info.plist",
        "/Hello.app/Contents/MacOS", "/Hello.app/Contents/MacOS/Hello", "/empty", "/link",
      ])
    let hello = try #require(entries.first { $0.path == "/Hello.app/Contents/MacOS/Hello" })
    #expect(hello.mode == 0o100755 && hello.ownerID == 501 && hello.groupID == 20)
    #expect(try reader.contents(of: hello) == Array("#!/bin/sh\necho hello\n".utf8))
    #expect(entries.first { $0.path == "/Applications" }?.linkTarget == "/Applications")
    #expect(entries.first { $0.path == "/link" }?.linkTarget == "Hello.app/Contents")
    #expect(reader.fileCount == 5 && reader.folderCount == 5)
  }
}
