import APFS
import DiskImage
import Distribution
import Foundation
import HFSPlus
import ShipyardTestSupport
import StagedTree
import Testing
import VolumeInterface

/// Crafted images that `DMGExtraction` and `shipyard dmg extract` must refuse whole.
///
/// The cases: an entry named `..`, an APFS name holding `/` (`../x`, or `a/Qx` beside a link
/// `a`), an HFS+ file whose catalog key puts it below a symbolic link. Nothing is written,
/// inside the folder or out. HFS+ cannot hold a `/` in a name: its reader shows a stored `/`
/// as `:`.
@Suite struct DMGExtractionTests {
  static let fileSystems: [DMGBuildOptions.FileSystem] = [.hfsPlus, .apfs]

  /// Writes the raw image of `items` as `Hello.dmg` in `folder` (where
  /// ``HostileVolumeImageTests/replacing(partition:of:with:in:)`` reads it) and returns its
  /// bytes.
  static func rawImage(
    _ items: [SourceItem], fileSystem: DMGBuildOptions.FileSystem, in folder: ScratchFolder
  ) throws -> [UInt8] {
    try AppTreeFixture.writeRaw(items, fileSystem: fileSystem, to: folder.path("Hello.dmg"))
    return [UInt8](try Data(contentsOf: folder.file("Hello.dmg")))
  }

  /// The bytes of the image's partition `name` (`Apple_HFS` or `Apple_APFS`).
  static func partition(_ name: String, in folder: ScratchFolder) throws -> [UInt8] {
    let reader = try DiskImageReader(path: folder.path("Hello.dmg"))
    let partition = try #require(reader.partitions.first { $0.name.contains(name) })
    let bytes = reader.bytes(of: partition)
    return try bytes.read(at: 0, count: Int(bytes.length))
  }

  /// The offsets where `pattern` starts in `bytes`.
  static func offsets(of pattern: [UInt8], in bytes: [UInt8]) -> [Int] {
    guard bytes.count >= pattern.count else { return [] }
    return (0...(bytes.count - pattern.count)).filter {
      bytes[$0..<$0 + pattern.count].elementsEqual(pattern)
    }
  }

  /// The empty folder `name` in `folder`, made: where nothing may land.
  static func emptyFolder(_ name: String, in folder: ScratchFolder) throws -> String {
    try FileManager.default.createDirectory(
      atPath: folder.path(name), withIntermediateDirectories: true)
    return folder.path(name)
  }

  /// A link named `name` to `target`.
  static func link(_ name: String, to target: String) -> SourceItem {
    SourceItem(
      name: name, content: .symbolicLink(target: target), permissions: 0o755,
      modificationDate: 1_700_000_000)
  }

  /// Extracts `image` into `out` through the library and the built binary: both refuse, naming
  /// `entry`, and write nothing: no `out`, nothing in `outside`.
  static func expectRefusal(
    of image: String, naming entry: String, out: String, outside: String,
    sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    let error = #expect(throws: DMGExtractionError.self, sourceLocation: sourceLocation) {
      try DMGExtraction(path: image, into: out)
    }
    #expect(
      error?.description.hasPrefix("\(image): refusing to extract \(entry.debugDescription):")
        == true, "\(String(describing: error))", sourceLocation: sourceLocation)
    let run = try HostileImageTests.shipyard(["dmg", "extract", image, "-o", out])
    #expect(run.status == 1, sourceLocation: sourceLocation)
    #expect(
      run.standardError.contains("refusing to extract \(entry.debugDescription)"),
      "\(run.standardError)", sourceLocation: sourceLocation)
    #expect(!FileManager.default.fileExists(atPath: out), sourceLocation: sourceLocation)
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: outside) == [],
      sourceLocation: sourceLocation)
  }

  @Test(arguments: fileSystems)
  func anEntryNamedDotDotIsRefusedBeforeAnythingIsWritten(fileSystem: DMGBuildOptions.FileSystem)
    throws
  {
    let folder = try ScratchFolder()
    defer { folder.remove() }
    let outside = try Self.emptyFolder("outside", in: folder)
    let image = folder.path("evil.dmg")
    try AppTreeFixture.writeRaw(
      [
        AppTreeFixture.file("a"),
        AppTreeFixture.folder("..", [AppTreeFixture.file("x")]),
      ], fileSystem: fileSystem, to: image)
    try Self.expectRefusal(
      of: image, naming: "/..", out: outside + "/out", outside: outside)
  }

  /// A directory record whose name holds a `/` is refused for the name alone.
  ///
  /// It is written as `standIn` and patched to `name` (the same length) in the container:
  /// `../x` would climb out of the folder, `a/Qx` would go through the link `a -> <outside>`
  /// beside it.
  @Test(arguments: [("QQQx", "../x"), ("aQQx", "a/Qx")])
  func anAPFSNameHoldingASlashIsRefused(standIn: String, name: String) throws {
    let folder = try ScratchFolder()
    defer { folder.remove() }
    let outside = try Self.emptyFolder("outside", in: folder)
    let image = try Self.rawImage(
      [Self.link("a", to: outside), AppTreeFixture.file(standIn, Array("escape".utf8))],
      fileSystem: .apfs, in: folder)
    var editor = APFSContainerEditor(try Self.partition("Apple_APFS", in: folder))
    let found = Self.offsets(of: Array(standIn.utf8), in: editor.bytes)
    #expect(!found.isEmpty)
    for offset in found {
      for (index, byte) in name.utf8.enumerated() { editor.set(byte, at: offset + index) }
    }
    let path = try HostileVolumeImageTests.write(
      try HostileVolumeImageTests.replacing(
        partition: "Apple_APFS", of: image, with: editor.sealed(), in: folder),
      as: "apfs-slash-name.dmg", in: folder)
    #expect(try DMGListing(path: path).files.map(\.path).sorted() == ["/" + name, "/a"].sorted())

    try Self.expectRefusal(
      of: path, naming: "/" + name, out: folder.path("out"), outside: outside)
    #expect(!FileManager.default.fileExists(atPath: folder.path("x")))
  }

  /// A file whose catalog key names a symbolic link as its parent: `/a/x` below `a -> outside`.
  @Test func anHFSPlusFileBelowALinkIsRefused() throws {
    let folder = try ScratchFolder()
    defer { folder.remove() }
    let outside = try Self.emptyFolder("outside", in: folder)
    let image = try Self.rawImage(
      [Self.link("a", to: outside), AppTreeFixture.folder("b", [AppTreeFixture.file("x")])],
      fileSystem: .hfsPlus, in: folder)
    var volume = try Self.partition("Apple_HFS", in: folder)
    let reader = try DiskImageReader(path: folder.path("Hello.dmg"))
    let entries = try HFSPlusReader(reader.bytes(of: try #require(reader.hfsPartition))).entries()
    let link = try #require(entries.first { $0.path == "/a" }).id
    let parent = try #require(entries.first { $0.path == "/b" }).id
    func bigEndian(_ id: UInt64) -> [UInt8] {
      (0..<4).map { UInt8(truncatingIfNeeded: id >> (24 - 8 * $0)) }
    }
    // The file record's key: length 8, parent ID, name length 1, "x" in UTF-16BE.
    let key = [0x00, 0x08] + bigEndian(parent) + [0x00, 0x01, 0x00, 0x78]
    let found = Self.offsets(of: key, in: volume)
    try #require(found.count == 1)
    volume.replaceSubrange(found[0] + 2..<found[0] + 6, with: bigEndian(link))
    let path = try HostileVolumeImageTests.write(
      try HostileVolumeImageTests.replacing(
        partition: "Apple_HFS", of: image, with: volume, in: folder),
      as: "hfs-file-below-link.dmg", in: folder)
    #expect(try DMGListing(path: path).files.map(\.path).contains("/a/x"))

    try Self.expectRefusal(of: path, naming: "/a/x", out: folder.path("out"), outside: outside)
  }

  /// A folder whose catalog key names its own child as its parent is an error, not a crash.
  ///
  /// `/b` is put below `/b/c`; before, the reader recursed up the loop until the stack ran out.
  @Test func anHFSPlusCatalogWhoseParentsLoopIsAnError() throws {
    let folder = try ScratchFolder()
    defer { folder.remove() }
    let image = try Self.rawImage(
      [AppTreeFixture.folder("b", [AppTreeFixture.folder("c", [AppTreeFixture.file("x")])])],
      fileSystem: .hfsPlus, in: folder)
    var volume = try Self.partition("Apple_HFS", in: folder)
    let reader = try DiskImageReader(path: folder.path("Hello.dmg"))
    let entries = try HFSPlusReader(reader.bytes(of: try #require(reader.hfsPartition))).entries()
    let child = try #require(entries.first { $0.path == "/b/c" }).id
    // The folder record's key: length 8, parent ID 2 (the root), name length 1, "b".
    let key: [UInt8] = [0x00, 0x08, 0x00, 0x00, 0x00, 0x02, 0x00, 0x01, 0x00, 0x62]
    let found = Self.offsets(of: key, in: volume)
    try #require(found.count == 1)
    volume.replaceSubrange(
      found[0] + 2..<found[0] + 6,
      with: (0..<4).map { UInt8(truncatingIfNeeded: child >> (24 - 8 * $0)) })
    let path = try HostileVolumeImageTests.write(
      try HostileVolumeImageTests.replacing(
        partition: "Apple_HFS", of: image, with: volume, in: folder),
      as: "hfs-parent-loop.dmg", in: folder)
    let error = #expect(throws: DMGExtractionError.self) { try DMGListing(path: path) }
    #expect(error?.description.contains("the catalog's parents loop: folder ") == true)
    for command in [["dmg", "ls", path], ["dmg", "extract", path, "-o", folder.path("out")]] {
      let run = try HostileImageTests.shipyard(command)
      #expect(run.status == 1, "\(run.standardError)")
      #expect(run.standardError.contains("the catalog's parents loop"), "\(run.standardError)")
    }
    #expect(!FileManager.default.fileExists(atPath: folder.path("out")))
  }

  @Test func aPathTwiceOrANameWithASlashIsRefusedInAnApp() throws {
    let folder = try ScratchFolder()
    defer { folder.remove() }
    func entry(_ path: String, _ kind: VolumeEntry.Kind, name: String? = nil) -> VolumeEntry {
      VolumeEntry(
        path: path, name: name, id: 0, kind: kind, size: 1, mode: 0o755, ownerID: 0, groupID: 0,
        modificationDate: 0)
    }
    let cases: [([VolumeEntry], String)] = [
      (
        [entry("/Evil.app", .folder), entry("/Evil.app/x", .file), entry("/Evil.app/x", .file)],
        "evil.dmg: refusing to extract \"/Evil.app/x\": the path appears twice"
      ),
      (
        [
          entry("/Evil.app", .folder), entry("/Evil.app/a", .folder),
          entry("/Evil.app/a/x", .file, name: "a/x"),
        ],
        "evil.dmg: refusing to extract \"/Evil.app/a/x\": the name \"a/x\" would leave the "
          + "folder it is extracted into or cannot be written"
      ),
    ]
    for (listed, message) in cases {
      let out = folder.path("out")
      let error = #expect(throws: DMGExtractionError.self) {
        try DMGAppExtraction(
          volume: ListedVolume(listed: listed), image: "evil.dmg", extractingInto: out)
      }
      #expect(error?.description == message)
      #expect(!FileManager.default.fileExists(atPath: out))
    }
  }
}
