import Foundation
import ShipyardTestSupport
import Testing

/// Layout configurations given to `shipyard dmg build --config`, read back by the peers.
@Suite(
  .enabled(
    if: PeerPolicy.shouldRun(whenAvailable: FinderLayoutDump.peersPresent),
    "needs 7zz, fshfsinfo and python3 with ds-store and mac-alias"))
struct DMGLayoutConfigTests {
  static let examples = PeerPolicy.packageRoot.appendingPathComponent("Examples")

  /// The example of appdmg's README, as it is, beside the files it names.
  static let appdmgReadmeExample = """
    {
      "title": "Test Application",
      "icon": "test-app.icns",
      "background": "test-background.png",
      "contents": [
        { "x": 448, "y": 344, "type": "link", "path": "/Applications" },
        { "x": 192, "y": 344, "type": "file", "path": "TestApp.app" }
      ]
    }
    """

  private func shipyard(_ arguments: [String]) throws -> ProcessRunner.Output {
    try ProcessRunner.run(BuiltProducts.shipyard.path, arguments)
  }

  private func stageAppdmgFiles(in folder: ScratchFolder) throws {
    let manager = FileManager.default
    try manager.copyItem(
      at: Self.examples.appendingPathComponent("Hello.app"), to: folder.file("TestApp.app"))
    try manager.copyItem(
      at: Self.examples.appendingPathComponent("layout/Hello.icns"),
      to: folder.file("test-app.icns"))
    try manager.copyItem(
      at: Self.examples.appendingPathComponent("layout/background.png"),
      to: folder.file("test-background.png"))
  }

  @Test func appdmgsReadmeExampleBuildsTheLayoutItDescribes() throws {
    let folder = try ScratchFolder()
    defer { folder.remove() }
    try stageAppdmgFiles(in: folder)
    try folder.write(Array(Self.appdmgReadmeExample.utf8), to: "appdmg.json")
    let image = folder.path("out.dmg")
    let run = try shipyard(["dmg", "build", "--config", folder.path("appdmg.json"), "-o", image])
    #expect(run.status == 0, "\(run.standardError)")

    let layout = try FinderLayoutDump.read(
      image: image, volume: "Test Application", scratch: folder)
    #expect(layout.iloc == ["TestApp.app": [192, 344], "Applications": [448, 344]])
    #expect(layout.backgroundType == 2)
    let alias = try #require(layout.alias)
    #expect(alias.volume == "Test Application" && alias.file == "test-background.png")
    #expect(alias.posixPath == "/.background/test-background.png")

    // The volume icon is there, and the root folder carries the custom-icon flag.
    let inspect = try shipyard(["dmg", "inspect", image, "--json"])
    let report = try #require(
      try JSONSerialization.jsonObject(with: inspect.standardOutput) as? [String: Any])
    #expect(report["volumeIcon"] as? Bool == true, "\(report)")
    // Our own reader of the .DS_Store agrees with the peers.
    let ours = try #require(report["layout"] as? [String: Any])
    #expect(ours["positions"] as? [String: [Int]] == layout.iloc)
    #expect(ours["background"] as? String == "picture /.background/test-background.png")
    #expect(ours["windowBounds"] as? String == "{{200, 120}, {660, 400}}")
    let files = try #require(report["files"] as? [[String: Any]]).compactMap {
      $0["path"] as? String
    }
    #expect(
      files.contains("/.VolumeIcon.icns") && files.contains("/TestApp.app/Contents/Info.plist"))
  }

  @Test func appdmgWindowIconSizeColourAndExtraEntries() throws {
    let folder = try ScratchFolder()
    defer { folder.remove() }
    try stageAppdmgFiles(in: folder)
    try folder.write(Array("read me".utf8), to: "README.txt")
    let config = """
      {
        "title": "Extras", "icon-size": 80, "background-color": "navy",
        "window": { "position": { "x": 50, "y": 60 }, "size": { "width": 640, "height": 480 } },
        "format": "UDBZ", "filesystem": "HFS+",
        "contents": [
          { "x": 500, "y": 150, "type": "link", "path": "/Applications", "name": "Apps" },
          { "x": 140, "y": 150, "type": "file", "path": "TestApp.app" },
          { "x": 140, "y": 350, "type": "file", "path": "README.txt", "name": "Read Me.txt" },
          { "x": 320, "y": 350, "type": "link", "path": "https://example.com", "name": "Website" },
          { "x": 600, "y": 420, "type": "position", "path": ".VolumeIcon.icns" }
        ],
        "icon": "test-app.icns"
      }
      """
    try folder.write(Array(config.utf8), to: "extras.json")
    let image = folder.path("extras.dmg")
    let run = try shipyard(["dmg", "build", "--config", folder.path("extras.json"), "-o", image])
    #expect(run.status == 0, "\(run.standardError)")
    let layout = try FinderLayoutDump.read(image: image, volume: "Extras", scratch: folder)
    #expect(layout.bounds == "{{50, 60}, {640, 480}}" && layout.iconSize == 80)
    #expect(layout.backgroundType == 1 && layout.backgroundColor == [0, 0, 128.0 / 255])
    #expect(
      layout.iloc == [
        "TestApp.app": [140, 150], "Apps": [500, 150], "Read Me.txt": [140, 350],
        "Website": [320, 350], ".VolumeIcon.icns": [600, 420],
      ])
    let listing = String(
      decoding: try ProcessRunner.check("7zz", ["l", "-slt", image]), as: UTF8.self)
    #expect(listing.contains("Path = Extras/Read Me.txt") && listing.contains("Method = BZip2"))
  }

  @Test(arguments: [
    (#"{"title": "X", "contents": [], "window": {"size": {"w": 1}}}"#, "unknown key window.size.w"),
    (
      #"{"title": "X", "contents": [{"x": 1, "y": 2, "type": "file", "path": "a.txt"}]}"#,
      "contents has no file entry for an .app"
    ),
    (#"{"title": "X", "filesystem": "FAT32", "contents": []}"#, "use HFS+ or APFS"),
    (
      #"{"title": "X", "contents": [{"x": 1, "y": 2, "type": "alias", "path": "a"}]}"#,
      "contents[0].type is \"alias\""
    ),
    (#"{"title": "X", "extra": 1, "contents": []}"#, "unknown key extra"),
  ])
  func badAppdmgFilesAreNamed(config: String, message: String) throws {
    let folder = try ScratchFolder()
    defer { folder.remove() }
    try folder.write(Array(config.utf8), to: "bad.json")
    let run = try shipyard([
      "dmg", "build", "--config", folder.path("bad.json"), "-o", folder.path("x.dmg"),
    ])
    #expect(run.status == 64)
    #expect(run.standardError.contains(message), "\(run.standardError)")
    #expect(folder.contents == ["bad.json"])
  }
}
