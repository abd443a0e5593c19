import Testing
import VolumeInterface

/// What a volume entry says of itself, the same whichever reader made it.
@Suite struct VolumeEntryTests {
  static func entry(
    finderInfo: [UInt8] = [], attributes: [VolumeAttribute] = [],
    resourceFork: VolumeAttribute? = nil, hasAttributesFlag: Bool? = nil
  ) -> VolumeEntry {
    VolumeEntry(
      path: "/f", id: 16, kind: .file, size: 1, mode: 0o100644, ownerID: 501, groupID: 20,
      modificationDate: 1_700_000_000, finderInfo: finderInfo, attributes: attributes,
      resourceFork: resourceFork, hasAttributesFlag: hasAttributesFlag)
  }

  static let tag = VolumeAttribute(name: "com.example.tag", size: 3, storage: .inline([1, 2, 3]))
  static let fork = VolumeAttribute(
    name: "com.apple.ResourceFork", size: 5000,
    storage: .stream([VolumeExtent(start: 40, blockCount: 2)]))

  @Test func finderFlagsAreBytesEightAndNineOfTheFinderInfo() {
    var info = [UInt8](repeating: 0, count: 32)
    info[8] = 0x40
    info[9] = 0x10
    #expect(Self.entry(finderInfo: info).finderFlags == 0x4010)
    #expect(Self.entry().finderFlags == 0)
  }

  @Test func allZeroFinderInfoIsNone() {
    #expect(Self.entry(finderInfo: [UInt8](repeating: 0, count: 32)).finderInfo.isEmpty)
    #expect(Self.entry(finderInfo: [UInt8](repeating: 0, count: 32)) == Self.entry())
  }

  @Test func attributeNamesAreWhatAMacLists() {
    var info = [UInt8](repeating: 0, count: 32)
    info[8] = 0x40
    let entry = Self.entry(finderInfo: info, attributes: [Self.tag], resourceFork: Self.fork)
    #expect(
      entry.attributeNames == ["com.apple.FinderInfo", "com.apple.ResourceFork", "com.example.tag"])
    #expect(entry.resourceForkSize == 5000 && Self.entry().resourceForkSize == 0)
    #expect(Self.entry().attributeNames.isEmpty)
  }

  @Test func theAttributesFlagDefaultsToWhetherThereAreAttributes() {
    #expect(Self.entry(attributes: [Self.tag]).hasAttributesFlag)
    #expect(!Self.entry().hasAttributesFlag)
    #expect(!Self.entry(attributes: [Self.tag]).attributesFlagDisagrees)
    #expect(Self.entry(attributes: [Self.tag], hasAttributesFlag: false).attributesFlagDisagrees)
    #expect(Self.entry(hasAttributesFlag: true).attributesFlagDisagrees)
    // A resource fork alone is no extended attribute for the flag.
    #expect(!Self.entry(resourceFork: Self.fork).hasAttributesFlag)
  }

  @Test func storageHasOneVocabularyForBothFileSystems() {
    #expect(Self.tag.isInline && Self.tag.storageName == "inline")
    #expect(!Self.fork.isInline && Self.fork.storageName == "stream")
  }

  @Test func equalityComparesEveryField() {
    let base = Self.entry(attributes: [Self.tag])
    var other = base
    #expect(other == base)
    other.modificationDate += 1
    #expect(other != base)
    other = base
    other.attributes[0].storage = .inline([1, 2, 4])
    #expect(other != base)
    other = base
    other.extents = [VolumeExtent(start: 1, blockCount: 1)]
    #expect(other != base)
    other = base
    other.hasAttributesFlag = false
    #expect(other != base)
  }
}
