import DiskImage
import Distribution
import FinderLayout
import Foundation
import HFSPlus
import ShipyardTestSupport
import Testing
import VolumeInterface

/// The layout of a built image, read back by 7-Zip, the Python `ds_store` and `mac_alias`
/// packages (what dmgbuild uses) and fshfsinfo.
@Suite(
  .enabled(
    if: LayoutPeers.shouldRun, "needs 7zz, fshfsinfo and python3 with ds-store and mac-alias"))
struct FinderLayoutPeerTests {
  @Test func theDSStoreAndTheBackgroundAliasHoldWhatWasAsked() throws {
    let folder = try ScratchFolder()
    defer { folder.remove() }
    let root = PeerPolicy.packageRoot
    let image = folder.path("Hello.dmg")
    var options = DMGBuildOptions(
      source: root.appendingPathComponent("Examples/Hello.app").path, output: image, threads: 2)
    options.layout.windowOrigin = (100, 80)
    options.layout.windowSize = (700, 500)
    options.layout.iconSize = 96
    options.layout.textSize = 14
    options.layout.positions = ["Hello.app": (150, 210), "Applications": (550, 210)]
    options.background = root.appendingPathComponent("Examples/form/avatar.png").path
    _ = try DMGBuilder(options: options).build()

    let layout = try FinderLayoutDump.read(image: image, volume: "Hello", scratch: folder)
    #expect(layout.bounds == "{{100, 80}, {700, 500}}")
    #expect(layout.iconSize == 96 && layout.textSize == 14 && layout.backgroundType == 2)
    #expect(layout.iloc == ["Hello.app": [150, 210], "Applications": [550, 210]])
    let alias = try #require(layout.alias)
    #expect(alias.volume == "Hello" && alias.file == "avatar.png")
    #expect(alias.posixPath == "/.background/avatar.png")
    #expect(alias.mountPoint == "/Volumes/Hello" && alias.fsType == "H+")

    // The IDs in the alias are the ones the volume gives the picture and its folder.
    let reader = try DiskImageReader(path: image)
    let volume = try HFSPlusReader(reader.bytes(of: try #require(reader.hfsPartition)))
    let entries = try volume.entries()
    let picture = try #require(entries.first { $0.path == "/.background/avatar.png" })
    let backgroundFolder = try #require(entries.first { $0.path == "/.background" })
    #expect(alias.cnid == Int(picture.id) && alias.folderCnid == Int(backgroundFolder.id))
    #expect(backgroundFolder.finderFlags & 0x4000 != 0)
    let partition = folder.path("partition")
    try ProcessRunner.check("7zz", ["x", "-y", "-tdmg", "-o\(partition)", image, "4.hfs"])
    let info = String(
      decoding: try ProcessRunner.check(
        "fshfsinfo", ["-F", "/.background/avatar.png", partition + "/4.hfs"]), as: UTF8.self)
    #expect(info.contains("Identifier\t\t: \(picture.id)"), "\(info)")
  }

  /// A name longer than the alias's 27-byte field: cut there at a character boundary, whole in
  /// the Unicode volume-name extra that mac_alias reads.
  @Test func aSixtyCharacterVolumeNameWithABackgroundBuilds() throws {
    let folder = try ScratchFolder()
    defer { folder.remove() }
    let root = PeerPolicy.packageRoot
    let name = "Hello — the longest one édition, a volume of sixty letters!!"
    #expect(name.count == 60)
    let image = folder.path("Long.dmg")
    var options = DMGBuildOptions(
      source: root.appendingPathComponent("Examples/Hello.app").path, output: image, threads: 2)
    options.volumeName = name
    options.background = root.appendingPathComponent("Examples/form/avatar.png").path
    _ = try DMGBuilder(options: options).build()

    // 7-Zip lists HFS+ names as stored: decomposed.
    let layout = try FinderLayoutDump.read(
      image: image, volume: name.decomposedStringWithCanonicalMapping, scratch: folder)
    let alias = try #require(layout.alias)
    #expect(alias.volume == name && alias.mountPoint == "/Volumes/\(name)")
    // 27 bytes would split the é: the field stops before it.
    #expect(alias.fixedVolumeName == "Hello — the longest one ")
    #expect(alias.posixPath == "/.background/avatar.png")
    let sevenZip = try ProcessRunner.run("7zz", ["t", image])
    #expect(sevenZip.status == 0)
  }

  @Test func theDefaultLayoutPutsTheAppLeftAndApplicationsRight() throws {
    let folder = try ScratchFolder()
    defer { folder.remove() }
    let image = folder.path("Hello.dmg")
    let source = SampleApps.scriptHello
    _ = try DMGBuilder(options: DMGBuildOptions(source: source, output: image, threads: 2)).build()
    let layout = try FinderLayoutDump.read(image: image, volume: "Hello", scratch: folder)
    #expect(layout.iloc == ["Hello.app": [180, 170], "Applications": [480, 170]])
    #expect(layout.bounds == "{{200, 120}, {660, 400}}" && layout.backgroundType == 0)
  }
}

enum LayoutPeers {
  static let shouldRun = PeerPolicy.shouldRun(whenAvailable: FinderLayoutDump.peersPresent)
}
