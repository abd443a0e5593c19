import APFS
import ShipyardTestSupport
import StagedTree
import SystemSupport
import Testing
import VolumeInterface

/// Containers whose bytes must not change: fingerprints of whole containers built from trees
/// that reach every kind of record (attributes embedded and in streams, on files and folders,
/// resource forks, links, a filled `.DS_Store`, names that fold and decompose) and B-trees of
/// one, two and three levels.
///
/// The volume and container UUIDs come from a hash of the file-system tree's records, so
/// these change when that hash does (last on 2026-12-03, when it moved from the made nodes to
/// the measured records: the same bytes otherwise).
@Suite struct ContainerGoldenTests {
  /// A file of `size` bytes in memory, patterned by `seed`.
  static func file(_ name: String, size: Int, seed: Int, attributes: Int = 0) -> SourceItem {
    var item = SourceItem(
      name: name, content: .data((0..<size).map { UInt8(truncatingIfNeeded: $0 * 7 + seed) }),
      permissions: seed % 5 == 0 ? 0o755 : 0o644, modificationDate: 1_600_000_000 + Int64(seed))
    if attributes > 0 {
      item.extendedAttributes = (0..<attributes).map {
        ("user.attribute-\(($0 * 7) % attributes)", [UInt8](repeating: UInt8($0), count: $0 * 40))
      }
    }
    if seed % 97 == 3 { item.resourceFork = [UInt8](repeating: 0xAB, count: 6000 + seed) }
    if seed % 89 == 5 { item.finderFlags = 0x4000 }
    return item
  }

  /// `count` items in nested folders, with varied names, sizes and attributes.
  static func generatedTree(count: Int) -> SourceItem {
    var folders: [SourceItem] = []
    var made = 0
    var folderIndex = 0
    while made < count {
      var children: [SourceItem] = []
      for index in 0..<min(150, count - made) {
        let seed = made + index
        let names = ["file-\(index)", "Caf\u{E9} \(index)", "STRASSE-\(index)", "x\(index).txt"]
        let size = [0, 1, 100, 4096, 5000][seed % 5]
        if seed % 41 == 0 {
          children.append(
            SourceItem(
              name: "link-\(index)", content: .symbolicLink(target: "../target-\(seed)"),
              permissions: 0o755, modificationDate: 1_600_000_000))
        } else {
          children.append(
            file(
              names[seed % names.count], size: size, seed: seed, attributes: seed % 13 == 0 ? 3 : 0)
          )
        }
      }
      made += children.count
      var folder = SourceItem(
        name: "folder \(folderIndex)", content: .folder(children), permissions: 0o755,
        modificationDate: 1_650_000_000)
      if folderIndex % 3 == 1 {
        folder.extendedAttributes = [("big", [UInt8](repeating: 9, count: 4000))]
        folder.content = .folder(
          children + [
            SourceItem(
              name: "inner", content: .folder([file("deep", size: 10, seed: folderIndex)]),
              permissions: 0o700, modificationDate: 1_650_000_001)
          ])
      }
      folders.append(folder)
      folderIndex += 1
    }
    folders.append(
      SourceItem(
        name: SourceItem.dsStoreName, content: .data([]), permissions: 0o644,
        modificationDate: 1_650_000_000, finderFlags: 0x4000))
    return SourceItem(
      name: "root", content: .folder(folders), permissions: 0o755,
      modificationDate: 1_700_000_000)
  }

  /// The FNV-1a fingerprint of a container's bytes.
  static func fingerprint(_ container: APFSContainer) throws -> UInt64 {
    let bytes = try VolumeFile.bytes(of: container.makeStream())
    #expect(Int64(bytes.count) == container.byteCount)
    return ReproducibleBytes.fingerprint(of: [bytes])
  }

  /// Builds `root` with `dsStore` in its `.DS_Store`.
  static func build(_ root: SourceItem, dsStore: [UInt8], caseSensitive: Bool = false) throws
    -> APFSContainer
  {
    var options = VolumeOptions(volumeName: "Golden", ownerID: 501, groupID: 20)
    options.caseSensitive = caseSensitive
    options.freeSpace = 1 << 20
    options.rootFinderFlags = 0x0400
    return try APFSContainer.plan(root: root, options: options).build(dsStore: dsStore)
  }

  @Test(arguments: [
    (0, false, 0, 0x2ae0_2252_9003_7c6f),
    (40, false, 0, 0x64d2_7a5a_8876_0f3c),
    (40, false, 5000, 0xac2c_3042_fb3b_0261),
    (3000, false, 300, 0xc9a4_4921_347f_7750),
    (3000, true, 9000, 0x557c_f959_0774_9607),
    (12000, false, 0, 0x1863_fea7_e7a8_e1b9),
  ])
  func containersKeepTheirBytes(count: Int, caseSensitive: Bool, store: Int, expected: UInt64)
    throws
  {
    let root = Self.generatedTree(count: count)
    let container = try Self.build(
      root, dsStore: [UInt8](repeating: 0x5A, count: store), caseSensitive: caseSensitive)
    let found = try Self.fingerprint(container)
    #expect(found == expected)
  }
}
