import APFS
import Foundation
import ShipyardTestSupport
import StagedTree
import Testing
import VolumeInterface

extension ContainerRoundTripTests {
  /// A `.DS_Store` filled after planning, between other files of the root, moves their data
  /// and nothing else: every file reads back whole, the store's bytes included.
  @Test(arguments: [[UInt8](), [UInt8](repeating: 0x5A, count: 9000)])
  func aFilledStoreBetweenFilesReadsBack(store: [UInt8]) throws {
    let folder = try ScratchFolder()
    defer { folder.remove() }
    let before = [UInt8](repeating: 1, count: 5000)
    let after = [UInt8](repeating: 2, count: 3000)
    let root = SourceItem(
      name: "root",
      content: .folder([
        SourceItem(name: "before", content: .data(before), permissions: 0o644, modificationDate: 0),
        SourceItem(
          name: SourceItem.dsStoreName, content: .data([]), permissions: 0o644, modificationDate: 0
        ),
        SourceItem(name: "after", content: .data(after), permissions: 0o644, modificationDate: 0),
      ]), permissions: 0o755, modificationDate: 0)
    let options = VolumeOptions(volumeName: "Store")
    let container = try APFSContainer.plan(root: root, options: options).build(dsStore: store)
    let image = folder.file("container.apfs")
    try ContainerFile.write(container, to: image)
    let handle = try FileHandle(forReadingFrom: image)
    defer { try? handle.close() }
    let reader = try APFSReader(FileBytes(handle: handle))
    let byPath = Dictionary(uniqueKeysWithValues: try reader.entries().map { ($0.path, $0) })
    #expect(try reader.contents(of: #require(byPath["/before"])) == before)
    #expect(try reader.contents(of: #require(byPath["/.DS_Store"])) == store)
    #expect(try reader.contents(of: #require(byPath["/after"])) == after)
  }
}
