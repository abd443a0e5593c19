import DiskImage
import Distribution
import FinderLayout
import Foundation
import HFSPlus
import ShipyardTestSupport
import Testing

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

    let store = try ProcessRunner.check("7zz", ["e", "-so", image, "Hello/.DS_Store"])
    try store.write(to: folder.file("extracted.DS_Store"))
    let script = """
      import json, sys
      from ds_store import DSStore
      from mac_alias import Alias
      out = {"iloc": {}}
      with DSStore.open(sys.argv[1], 'r') as store:
          for entry in store:
              code = entry.code.decode()
              if code == "Iloc": out["iloc"][entry.filename] = list(entry.value)
              elif code == "bwsp": out["bounds"] = entry.value["WindowBounds"]
              elif code == "icvp":
                  view = entry.value
                  out["iconSize"], out["textSize"], out["backgroundType"] = view["iconSize"], view["textSize"], view["backgroundType"]
                  alias = Alias.from_bytes(view["backgroundImageAlias"])
                  out["alias"] = {"volume": alias.volume.name, "file": alias.target.filename, "cnid": alias.target.cnid,
                                  "folderCnid": alias.target.folder_cnid, "posixPath": alias.target.posix_path,
                                  "mountPoint": alias.volume.posix_path, "fsType": alias.volume.fs_type.decode()}
      print(json.dumps(out))
      """
    let dump = try ProcessRunner.check(
      "python3", ["-c", script, folder.path("extracted.DS_Store")])
    let layout = try #require(try JSONSerialization.jsonObject(with: dump) as? [String: Any])
    #expect(layout["bounds"] as? String == "{{100, 80}, {700, 500}}")
    #expect(layout["iconSize"] as? Double == 96 && layout["textSize"] as? Double == 14)
    #expect(layout["backgroundType"] as? Int == 2)
    let iloc = try #require(layout["iloc"] as? [String: [Int]])
    #expect(iloc["Hello.app"] == [150, 210] && iloc["Applications"] == [550, 210])
    let alias = try #require(layout["alias"] as? [String: Any])
    #expect(alias["volume"] as? String == "Hello" && alias["file"] as? String == "avatar.png")
    #expect(alias["posixPath"] as? String == "/.background/avatar.png")
    #expect(
      alias["mountPoint"] as? String == "/Volumes/Hello" && alias["fsType"] as? String == "H+")

    // The IDs in the alias are the ones the volume gives the picture and its folder.
    let reader = try DiskImageReader(path: image)
    let volume = try HFSPlusReader(reader.bytes(of: try #require(reader.hfsPartition)))
    let entries = try volume.entries()
    let picture = try #require(entries.first { $0.path == "/.background/avatar.png" })
    let backgroundFolder = try #require(entries.first { $0.path == "/.background" })
    #expect(
      alias["cnid"] as? Int == Int(picture.id)
        && alias["folderCnid"] as? Int == Int(backgroundFolder.id))
    #expect(backgroundFolder.finderFlags & 0x4000 != 0)
    let partition = folder.path("partition")
    try ProcessRunner.check("7zz", ["x", "-y", "-tdmg", "-o\(partition)", image, "4.hfs"])
    let info = String(
      decoding: try ProcessRunner.check(
        "fshfsinfo", ["-F", "/.background/avatar.png", partition + "/4.hfs"]), as: UTF8.self)
    #expect(info.contains("Identifier\t\t: \(picture.id)"), "\(info)")
  }

  @Test func theDefaultLayoutPutsTheAppLeftAndApplicationsRight() throws {
    let folder = try ScratchFolder()
    defer { folder.remove() }
    let image = folder.path("Hello.dmg")
    let source = PeerPolicy.packageRoot.appendingPathComponent("Examples/Hello.app").path
    _ = try DMGBuilder(options: DMGBuildOptions(source: source, output: image, threads: 2)).build()
    try ProcessRunner.check("7zz", ["e", "-so", image, "Hello/.DS_Store"]).write(
      to: folder.file("x.DS_Store"))
    let dump = try ProcessRunner.check(
      "python3",
      [
        "-c",
        "import json,sys\nfrom ds_store import DSStore\nwith DSStore.open(sys.argv[1],'r') as s: print(json.dumps({e.filename: list(e.value) for e in s if e.code == b'Iloc'}))",
        folder.path("x.DS_Store"),
      ])
    let positions = try JSONDecoder().decode([String: [Int]].self, from: dump)
    #expect(positions == ["Hello.app": [180, 170], "Applications": [480, 170]])
  }
}

enum LayoutPeers {
  static let shouldRun = PeerPolicy.shouldRun(
    whenAvailable: ProcessRunner.succeeds("python3", ["-c", "import ds_store, mac_alias"])
      && ProcessRunner.succeeds("7zz", ["i"]) && ProcessRunner.succeeds("fshfsinfo", ["-V"]))
}
