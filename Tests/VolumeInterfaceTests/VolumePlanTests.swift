import APFS
import Foundation
import HFSPlus
import ShipyardTestSupport
import StagedTree
import SystemSupport
import Testing
import VolumeInterface

/// HFS+ and APFS behind the one volume interface: a plan built with the `.DS_Store`'s bytes is
/// the volume of the tree staged with them, byte for byte, and both file systems read back the
/// same entries.
@Suite struct VolumePlanTests {
  /// The two file systems, as test arguments.
  enum FileSystem: String, CaseIterable, Sendable {
    case hfsPlus, apfs

    var volumeType: any FileSystemVolume.Type {
      switch self {
      case .hfsPlus: HFSPlusVolume.self
      case .apfs: APFSContainer.self
      }
    }

    func reader(of file: URL) throws -> any VolumeReader {
      let bytes = FileBytes(handle: try FileHandle(forReadingFrom: file))
      return switch self {
      case .hfsPlus: try HFSPlusReader(bytes)
      case .apfs: try APFSReader(bytes)
      }
    }
  }

  static let options = VolumeOptions(
    volumeName: "Plan", dateLimit: 1_700_000_000, rootFinderFlags: 0x0400)

  static func pattern(_ count: Int, seed: Int = 0) -> [UInt8] {
    (0..<count).map { UInt8(($0 + seed) % 251) }
  }

  /// A root whose staged store sits between items with data, in a folder's tree order and in a
  /// catalog's: the store's size moves what follows it.
  static func root(store: [UInt8]) -> SourceItem {
    func file(_ name: String, _ bytes: [UInt8], date: Int64 = 1_600_000_000) -> SourceItem {
      SourceItem(name: name, content: .data(bytes), permissions: 0o644, modificationDate: date)
    }
    var forked = file("forked", Array("fork".utf8))
    forked.resourceFork = pattern(5000, seed: 3)
    forked.finderInfo = Array("TEXTttxt".utf8) + [UInt8](repeating: 0, count: 24)
    var small = file("small fork", [1])
    small.resourceFork = [1, 2, 3]
    var tagged = file("tagged", pattern(9000), date: 1_800_000_000)
    tagged.extendedAttributes = [("com.example.big", pattern(5000, seed: 7)), ("tag", [1, 2, 3])]
    var store = file(".DS_Store", store)
    store.finderFlags = 0x4000  // kIsInvisible
    let app = SourceItem(
      name: "A.app", content: .folder([file("big", pattern(5000, seed: 1))]), permissions: 0o755,
      modificationDate: 1_600_000_000, extendedAttributes: [("com.example.folder", [9])])
    let link = SourceItem(
      name: "link", content: .symbolicLink(target: "A.app"), permissions: 0o755,
      modificationDate: 1_600_000_000)
    return SourceItem(
      name: "root", content: .folder([app, store, forked, link, small, tagged]),
      permissions: 0o755, modificationDate: 1_600_000_000)
  }

  static func bytes(of volume: some FileSystemVolume) throws -> [UInt8] {
    try VolumeFile.bytes(of: volume.makeStream())
  }

  /// The volume planned with an empty store and built with `store`, the one planned and built
  /// with the store staged, and the two plans.
  static func planned<Volume: FileSystemVolume>(_: Volume.Type, store: [UInt8]) throws -> (
    filled: [UInt8], staged: [UInt8], plans: (empty: Volume.Plan, staged: Volume.Plan)
  ) {
    let plan = try Volume.plan(root: root(store: []), options: options)
    let stagedPlan = try Volume.plan(root: root(store: store), options: options)
    return (
      try bytes(of: try plan.build(dsStore: store)),
      try bytes(of: try Volume(root: root(store: store), options: options)), (plan, stagedPlan)
    )
  }

  @Test(arguments: FileSystem.allCases, [0, 1, 4096, 4097, 30_000])
  func theStoreFilledInIsTheStoreStaged(fileSystem: FileSystem, storeSize: Int) throws {
    let result = try Self.planned(fileSystem.volumeType, store: Self.pattern(storeSize, seed: 5))
    #expect(result.filled == result.staged)
    let paths = ["/"] + Self.paths(in: Self.root(store: []))
    #expect(
      paths.map(result.plans.empty.item(atPath:)) == paths.map(result.plans.staged.item(atPath:)))
    #expect(result.plans.empty.volumeDate == result.plans.staged.volumeDate)
  }

  @Test(arguments: FileSystem.allCases)
  func thePlansIDsAndDatesAreTheVolumes(fileSystem: FileSystem) throws {
    let folder = try ScratchFolder()
    defer { folder.remove() }
    let (item, volumeDate, volume) = try Self.write(
      fileSystem.volumeType, to: folder.file("volume"))
    let reader = try fileSystem.reader(of: volume)
    let entries = try reader.entries()
    #expect(entries.map(\.path).sorted() == Self.paths(in: Self.root(store: [])).sorted())
    #expect(try reader.rootFolder().id == item("/")?.id)
    #expect(item("/")?.date == volumeDate)
    for entry in entries {
      #expect(item(entry.path) == PlannedItem(id: entry.id, date: entry.modificationDate))
    }
    #expect(item("/tagged")?.date == 1_700_000_000)  // clamped to the limit
    // Only what was staged is planned: no other path, nor one that differs only in case.
    #expect(item("/TAGGED") == nil && item("/tagged/inside") == nil && item("/absent") == nil)
  }

  /// Writes the volume for ``root(store:)`` (a 100-byte store) to `file`; returns the plan's
  /// item look-up and volume date, and the file.
  static func write<Volume: FileSystemVolume>(_: Volume.Type, to file: URL) throws -> (
    (String) -> PlannedItem?, Int64, URL
  ) {
    let plan = try Volume.plan(root: root(store: []), options: options)
    let volume = try plan.build(dsStore: pattern(100))
    #expect(try VolumeFile.write(volume.makeStream(), to: file) == volume.byteCount)
    return (plan.item(atPath:), plan.volumeDate, file)
  }

  /// The path from the root of every item under `folder`, as a plan names them (`/a/b`).
  static func paths(in folder: SourceItem, under prefix: String = "") -> [String] {
    folder.children.flatMap { child in
      ["\(prefix)/\(child.name)"] + paths(in: child, under: "\(prefix)/\(child.name)")
    }
  }

  @Test func bothFileSystemsReadBackTheSameEntries() throws {
    let folder = try ScratchFolder()
    defer { folder.remove() }
    var listings: [[String]] = []
    for fileSystem in FileSystem.allCases {
      let (_, _, file) = try Self.write(
        fileSystem.volumeType, to: folder.file(fileSystem.rawValue))
      let reader = try fileSystem.reader(of: file)
      #expect(try reader.volumeName() == "Plan")
      #expect(try reader.rootFolder().finderFlags == 0x0400)
      var lines: [String] = []
      for entry in try reader.entries().sorted(by: { $0.path < $1.path }) {
        lines.append(
          "\(entry.path) \(entry.kind) \(entry.size) \(String(entry.mode, radix: 8)) "
            + "\(entry.ownerID):\(entry.groupID) \(entry.modificationDate) "
            + "flags \(entry.finderFlags) -> \(entry.linkTarget ?? "") "
            + "fork \(entry.resourceForkSize) \(try reader.resourceFork(of: entry).count) "
            + "flagged \(entry.hasAttributesFlag)")
        if entry.kind == .file {
          lines.append("  data \(try reader.contents(of: entry).hashValue)")
        }
        for attribute in entry.attributes.sorted(by: { $0.name < $1.name }) {
          lines.append(
            "  @\(attribute.name) \(attribute.size) \(attribute.storageName) "
              + "\(try reader.value(of: attribute).hashValue)")
        }
      }
      listings.append(lines)
    }
    #expect(listings[0] == listings[1])
    #expect(listings[0].contains { $0.hasPrefix("  @com.example.big 5000 stream") })
    #expect(
      listings[0].contains {
        $0.hasPrefix("/forked file 4 100644") && $0.contains("fork 5000 5000")
      })
  }
}

extension VolumePlanTests {
  /// A file read in pieces, from any offset, gives the bytes of the file read whole, on both
  /// file systems: what extraction writes a multi-GiB file with.
  @Test(arguments: FileSystem.allCases)
  func aFileReadInPiecesIsTheFileReadWhole(fileSystem: FileSystem) throws {
    let folder = try ScratchFolder()
    defer { folder.remove() }
    let (_, _, file) = try Self.write(fileSystem.volumeType, to: folder.file("volume"))
    let reader = try fileSystem.reader(of: file)
    let tagged = try #require(try reader.entries().first { $0.path == "/tagged" })
    let whole = try reader.contents(of: tagged)
    #expect(whole == Self.pattern(9000))
    for (offset, count) in [(0, 9000), (0, 1), (4095, 2), (4096, 4096), (8999, 10), (100, 8000)] {
      let end = min(9000, offset + count)
      #expect(
        try reader.contents(of: tagged, at: Int64(offset), count: count)
          == Array(whole[offset..<end]), "\(offset) + \(count)")
    }
    #expect(try reader.contents(of: tagged, at: 9000, count: 10).isEmpty)
    var pieces: [UInt8] = []
    while pieces.count < whole.count {
      pieces += try reader.contents(of: tagged, at: Int64(pieces.count), count: 1000)
    }
    #expect(pieces == whole)
  }
}
