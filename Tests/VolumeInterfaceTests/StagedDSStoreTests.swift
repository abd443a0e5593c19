import StagedTree
import SystemSupport
import Testing
import VolumeInterface

/// Which item of a staged root a volume plan fills with the `.DS_Store`'s bytes.
@Suite struct StagedDSStoreTests {
  static func root(_ children: [SourceItem]) -> SourceItem {
    SourceItem(name: "root", content: .folder(children), permissions: 0o755, modificationDate: 0)
  }

  @Test func theStoreIsTheRootsDSStoreInMemory() {
    let store = SourceItem(
      name: ".DS_Store", content: .data([1, 2]), permissions: 0o644, modificationDate: 0)
    #expect(store.isStagedDSStore)
    #expect(Self.root([store]).stagedDSStore == [1, 2])
    #expect(Self.root([]).stagedDSStore.isEmpty)
  }

  @Test func aDSStoreOnDiskOrOfAnotherNameIsNotTheStagedOne() {
    let onDisk = SourceItem(
      name: ".DS_Store", content: .file(path: "/src/.DS_Store", size: 6148), permissions: 0o644,
      modificationDate: 0)
    let other = SourceItem(
      name: "DS_Store", content: .data([1]), permissions: 0o644, modificationDate: 0)
    #expect(!onDisk.isStagedDSStore && !other.isStagedDSStore)
    #expect(Self.root([onDisk, other]).stagedDSStore.isEmpty)
  }
}
