import DiskImage
import Distribution
import Foundation
import HFSPlus
import ShipyardTestSupport
import Testing
import VolumeInterface

@Suite struct DMGBuildTests {
  static let helloApp = SampleApps.scriptHello

  private func build(
    _ source: String, to output: String, configure: (inout DMGBuildOptions) -> Void = { _ in }
  ) throws -> DMGBuilder.Result {
    var options = DMGBuildOptions(source: source, output: output, threads: 2)
    configure(&options)
    return try DMGBuilder(options: options).build()
  }

  @Test(arguments: ImageFormat.allCases)
  func twoBuildsOfTheSameInputAreIdentical(format: ImageFormat) throws {
    let folder = try ScratchFolder()
    defer { folder.remove() }
    _ = try build(Self.helloApp, to: folder.path("one.dmg")) { $0.format = format }
    _ = try build(Self.helloApp, to: folder.path("two.dmg")) { options in
      options.format = format
      options.threads = 1
    }
    let one = try Data(contentsOf: folder.file("one.dmg"))
    #expect(one == (try Data(contentsOf: folder.file("two.dmg"))))
    #expect(folder.contents == ["one.dmg", "two.dmg"])
  }

  @Test func theLayoutIsHdiutils() throws {
    let folder = try ScratchFolder()
    defer { folder.remove() }
    let result = try build(Self.helloApp, to: folder.path("Hello.dmg"))
    #expect(result.volumeName == "Hello")
    let reader = try DiskImageReader(path: folder.path("Hello.dmg"))
    #expect(reader.partitions.map(\.name) == FixtureTests.hdiutilPartitionNames)
    #expect(reader.partitions.map(\.table.blockDescriptor) == Array(0...7))
    #expect(reader.partitions.map(\.table.firstSector).prefix(5) == [0, 1, 2, 34, 40])
    #expect(reader.trailer.sectorCount % 8 == 0)
    #expect(reader.trailer.masterChecksum == reader.computedMasterChecksum)
    #expect(reader.partitions.allSatisfy { reader.check($0) == .ok })
    let volume = try HFSPlusReader(reader.bytes(of: try #require(reader.hfsPartition)))
    #expect(try volume.volumeName() == "Hello")
    let entries = try volume.entries()
    #expect(
      entries.map(\.path).sorted() == [
        "/.DS_Store", "/Applications", "/Hello.app", "/Hello.app/Contents",
        "/Hello.app/Contents/Info.plist",
        "/Hello.app/Contents/MacOS", "/Hello.app/Contents/MacOS/Hello",
        "/Hello.app/Contents/PkgInfo",
        "/Hello.app/Contents/Resources", "/Hello.app/Contents/Resources/Hello.icns",
      ])
    let executable = try #require(entries.first { $0.path.hasSuffix("MacOS/Hello") })
    #expect(executable.mode == 0o100755)
    let source = try Data(contentsOf: URL(fileURLWithPath: Self.helloApp + "/Contents/MacOS/Hello"))
    #expect(try volume.contents(of: executable) == [UInt8](source))
    #expect(entries.first { $0.path == "/Applications" }?.linkTarget == "/Applications")
  }

  @Test func optionsReachTheVolume() throws {
    let folder = try ScratchFolder()
    defer { folder.remove() }
    _ = try build(Self.helloApp, to: folder.path("x.dmg")) {
      $0.volumeName = "Hello Installer"
      $0.applicationsLink = false
      $0.ownerID = 0
      $0.groupID = 80
      $0.freeSpace = 1 << 20
    }
    let reader = try DiskImageReader(path: folder.path("x.dmg"))
    let volume = try HFSPlusReader(reader.bytes(of: try #require(reader.hfsPartition)))
    #expect(try volume.volumeName() == "Hello Installer")
    let entries = try volume.entries()
    #expect(!entries.contains { $0.path == "/Applications" })
    #expect(entries.allSatisfy { $0.ownerID == 0 && $0.groupID == 80 })
    #expect(volume.freeBlocks == 256)
  }

  // MARK: - Bad input

  /// Builds `source` over an existing output and checks the error and that nothing changed.
  private func expectFailure(
    _ source: String, message: String, configure: (inout DMGBuildOptions) -> Void = { _ in }
  ) throws {
    let folder = try ScratchFolder()
    defer { folder.remove() }
    try folder.write(Array("previous".utf8), to: "out.dmg")
    let error = try #require(throws: (any Error).self) {
      try build(source, to: folder.path("out.dmg"), configure: configure)
    }
    #expect("\(error)".contains(message), "\(error)")
    #expect(folder.contents == ["out.dmg"])
    #expect(try Data(contentsOf: folder.file("out.dmg")) == Data("previous".utf8))
  }

  @Test func aMissingSourceIsNamed() throws {
    try expectFailure("/nonexistent/Shipyard.app", message: "cannot read /nonexistent/Shipyard.app")
  }

  @Test func namesEqualUnderHFSComparisonAreNamed() throws {
    let folder = try ScratchFolder()
    defer { folder.remove() }
    try FileManager.default.createDirectory(
      at: folder.file("A.app/Contents"), withIntermediateDirectories: true)
    try folder.write([1], to: "A.app/Contents/Readme.txt")
    try folder.write([2], to: "A.app/Contents/README.txt")
    try expectFailure(
      folder.path("A.app"),
      message: "/A.app/Contents: \"README.txt\" and \"Readme.txt\" are the same name on HFS+")

    try FileManager.default.createDirectory(
      at: folder.file("B.app"), withIntermediateDirectories: true)
    try folder.write([1], to: "B.app/caf\u{E9}")
    try folder.write([2], to: "B.app/cafe\u{301}")
    try expectFailure(folder.path("B.app"), message: "are the same name on HFS+")
  }

  @Test func aNameTooLongForHFSIsNamed() throws {
    let folder = try ScratchFolder()
    defer { folder.remove() }
    try FileManager.default.createDirectory(
      at: folder.file("C.app"), withIntermediateDirectories: true)
    // 200 bytes of UTF-8 (Linux allows 255), but 300 UTF-16 units once decomposed.
    let long = String(repeating: "\u{390}", count: 100)
    try folder.write([1], to: "C.app/\(long)")
    try expectFailure(folder.path("C.app"), message: "C.app/\(long)")
    try expectFailure(folder.path("C.app"), message: "300 UTF-16 units")
  }

  @Test func aVolumeNameHFSCannotHoldIsNamed() throws {
    try expectFailure(Self.helloApp, message: "the volume name") {
      $0.volumeName = String(repeating: "v", count: 256)
    }
    try expectFailure(Self.helloApp, message: "it is empty") { $0.volumeName = "" }
  }

  @Test func devicesAndPipesAreRefused() throws {
    let folder = try ScratchFolder()
    defer { folder.remove() }
    try FileManager.default.createDirectory(
      at: folder.file("D.app"), withIntermediateDirectories: true)
    #expect(mkfifo(folder.path("D.app/pipe"), 0o644) == 0)
    try expectFailure(
      folder.path("D.app"),
      message: "D.app/pipe: devices, sockets and pipes cannot go on a disk image")
  }

  @Test func hiddenExtensionsAndTheVolumeIconSetTheirFinderFlags() throws {
    let folder = try ScratchFolder()
    defer { folder.remove() }
    let layout = PeerPolicy.packageRoot.appendingPathComponent("Examples/layout")
    _ = try build(Self.helloApp, to: folder.path("Hello.dmg")) { options in
      options.hiddenExtensions = ["Hello.app"]
      options.volumeIcon = layout.appendingPathComponent("Hello.icns").path
    }
    let reader = try DiskImageReader(path: folder.path("Hello.dmg"))
    let volume = try HFSPlusReader(reader.bytes(of: try #require(reader.hfsPartition)))
    let entries = try volume.entries()
    let app = try #require(entries.first { $0.path == "/Hello.app" })
    let icon = try #require(entries.first { $0.path == "/.VolumeIcon.icns" })
    #expect(app.finderFlags == 0x0010)  // hide extension
    #expect(icon.finderFlags == 0x4000)  // invisible
    #expect(try volume.rootFolder().finderFlags == 0x0400)  // kHasCustomIcon
    #expect(
      try volume.contents(of: icon)
        == Array(try Data(contentsOf: layout.appendingPathComponent("Hello.icns"))))
  }
}
