import StagedTree
import SystemSupport
import Testing
import VolumeInterface

@testable import HFSPlus

/// The catalog's records are made one at a time in key order, never sorted as a whole: checked
/// here against the key order TN1150 defines (parent ID, then the name as HFS+ compares it; a
/// thread record's empty name first), read back from each record's key.
@Suite struct CatalogRecordOrderTests {
  /// A root whose names fall before, between and after the two private folders' (which fold to
  /// "hfs+ private data" and ".hfs+ private directory data\r"), with nested folders whose IDs
  /// come after their siblings' files, in names of every case.
  static func tree() -> SourceItem {
    func file(_ name: String) -> SourceItem {
      SourceItem(
        name: name, content: .data(Array(name.utf8)), permissions: 0o644, modificationDate: 0)
    }
    func folder(_ name: String, _ children: [SourceItem]) -> SourceItem {
      SourceItem(name: name, content: .folder(children), permissions: 0o755, modificationDate: 0)
    }
    let nested = folder("Zeta", [file("b"), folder("A", [file("x"), file("Y")]), file("a-é")])
    return folder(
      "root",
      [
        file(".DS_Store"), file(".hfs"), file("HFS+ Private"), file("hfs+ q"), nested,
        folder("alpha", [file("Ω"), file("ω2"), folder("Beta", [])]), file("Éclair"),
        SourceItem(
          name: "link", content: .symbolicLink(target: "alpha"), permissions: 0o755,
          modificationDate: 0),
      ])
  }

  /// A catalog key's parent ID and name units.
  static func parse(_ key: [UInt8]) throws -> (parentID: UInt32, name: [UInt16]) {
    let reader = ByteReader(key)
    let length = Int(try reader.getInteger(at: 6, as: UInt16.self))
    let name = try (0..<length).map { try reader.getInteger(at: 8 + 2 * $0, as: UInt16.self) }
    return (try reader.getInteger(at: 2, as: UInt32.self), name)
  }

  @Test func recordsComeInKeyOrderOnePerItemAndThread() throws {
    let plan = try CatalogPlan(root: Self.tree(), options: VolumeOptions(volumeName: "Order"))
    let keys = try plan.records(dataStart: 10).map { try Self.parse($0.key) }
    // The root, the two private folders and 16 staged items: a record and a thread each.
    #expect(keys.count == 2 * (3 + 16))
    for (first, second) in zip(keys, keys.dropFirst()) {
      let ordered =
        first.parentID != second.parentID
        ? first.parentID < second.parentID : HFSPlusName.compare(first.name, second.name) < 0
      #expect(ordered, "\(first) before \(second)")
    }
    // Each parent's thread record (its empty name) leads its children.
    let parents = Set(keys.map(\.parentID)).subtracting([1])
    for parent in parents {
      #expect(keys.first { $0.parentID == parent }?.name == [])
    }
  }

  @Test func theStreamedCatalogIsTheTreeOfTheSameRecordsCollected() throws {
    let plan = try CatalogPlan(root: Self.tree(), options: VolumeOptions(volumeName: "Order"))
    let collected = Array(plan.records(dataStart: 10))
    let streamed = BTreeBuilder.build(plan.records(dataStart: 10), format: .catalog)
    #expect(streamed == BTreeBuilder.build(collected, format: .catalog))
    #expect(streamed.count == BTreeShape(plan.records(dataStart: 10), format: .catalog).byteCount)
  }
}
