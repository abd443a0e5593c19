import Foundation
import ShipyardTestSupport
import Testing

/// `--filesystem`, `"filesystem"` (ours and appdmg's) and `dmg inspect` on APFS images.
struct DMGFileSystemTests {
  static let examples = PeerPolicy.packageRoot.appendingPathComponent("Examples")

  @Test func theFlagOurJSONAndAppdmgsJSONAllMakeAPFSImages() async throws {
    let folder = try ScratchFolder()
    defer { folder.remove() }
    let app = Self.examples.appendingPathComponent("Hello.app").path
    try folder.write(
      Array(#"{"source": "\#(app)", "filesystem": "APFS", "caseSensitive": true}"#.utf8),
      to: "ours.json")
    try FileManager.default.copyItem(atPath: app, toPath: folder.path("Hello.app"))
    try folder.write(
      Array(
        #"{"title": "Hello", "filesystem": "APFS", "contents": [{"x": 1, "y": 2, "type": "file", "path": "Hello.app"}]}"#
          .utf8), to: "appdmg.json")
    let runs: [(arguments: [String], caseSensitive: Bool)] = [
      (["dmg", "build", app, "--filesystem", "apfs", "-o", folder.path("flag.dmg")], false),
      (
        ["dmg", "build", "--config", folder.path("ours.json"), "-o", folder.path("ours.dmg")], true
      ),
      (
        ["dmg", "build", "--config", folder.path("appdmg.json"), "-o", folder.path("appdmg.dmg")],
        false
      ),
    ]
    for run in runs {
      let capture = CapturingConsole()
      #expect(await capture.run(run.arguments) == 0, "\(capture.errors)")
      let inspect = CapturingConsole()
      let image = try #require(run.arguments.last)
      #expect(await inspect.run(["dmg", "inspect", image, "--json"]) == 0, "\(inspect.errors)")
      let report = try #require(
        try JSONSerialization.jsonObject(with: Data(inspect.output)) as? [String: Any])
      let partitions = try #require(report["partitions"] as? [[String: Any]])
      #expect(partitions.contains { ($0["name"] as? String) == "disk image (Apple_APFS : 4)" })
      #expect(report["volume"] as? String == "Hello")
      let files = try #require(report["files"] as? [[String: Any]])
      #expect(files.contains { ($0["path"] as? String) == "/Hello.app/Contents/MacOS/Hello" })
    }
  }

  @Test func inspectShowsTheLayoutsBackgroundAndTheSameFilesOnAPFSAsOnHFSPlus() async throws {
    let folder = try ScratchFolder()
    defer { folder.remove() }
    let config = Self.examples.appendingPathComponent("layout/Hello.json").path
    var listings: [[String]] = []
    for fileSystem in ["HFS+", "APFS"] {
      let image = folder.path("\(fileSystem).dmg")
      let build = CapturingConsole()
      let arguments = ["dmg", "build", "--config", config, "--filesystem", fileSystem, "-o", image]
      #expect(await build.run(arguments) == 0, "\(build.errors)")
      let text = CapturingConsole()
      #expect(await text.run(["dmg", "inspect", image]) == 0, "\(text.errors)")
      for expected in [
        "background picture /.background/background.tiff",
        "  background pictures: 660×400 at 72 dpi, 1320×800 at 144 dpi",
      ] {
        #expect(text.outputText.contains(expected), "\(fileSystem): \(text.outputText)")
      }
      #expect(!text.outputText.contains("@com.apple.FinderInfo"), "\(text.outputText)")
      let json = CapturingConsole()
      #expect(await json.run(["dmg", "inspect", image, "--json"]) == 0, "\(json.errors)")
      let report = try #require(
        try JSONSerialization.jsonObject(with: Data(json.output)) as? [String: Any])
      let pictures = try #require(report["backgroundPictures"] as? [[String: Any]])
      #expect(pictures.map { $0["dpi"] as? Int } == [72, 144], "\(fileSystem)")
      #expect(pictures.map { $0["width"] as? Int } == [660, 1320], "\(fileSystem)")
      #expect(report["volumeIcon"] as? Bool == true, "\(fileSystem)")
      let files = try #require(report["files"] as? [[String: Any]])
      listings.append(
        try files.map {
          String(
            decoding: try JSONSerialization.data(withJSONObject: $0, options: .sortedKeys),
            as: UTF8.self)
        }.sorted())
    }
    #expect(listings.first == listings.last)
  }

  @Test(arguments: [
    (["--filesystem", "FAT32"], "unknown file system \"FAT32\": use HFS+ or APFS"),
    (["--case-sensitive"], "--case-sensitive applies to APFS volumes"),
  ])
  func badFileSystemFlagsAreUsageErrors(arguments: [String], message: String) async {
    let capture = CapturingConsole()
    let app = Self.examples.appendingPathComponent("Hello.app").path
    #expect(await capture.run(["dmg", "build", app, "-o", "/nonexistent/x.dmg"] + arguments) == 64)
    #expect(capture.errors.contains(message), "\(capture.errors)")
  }

  @Test func namesAPFSSeesAsOneAreAClearError() async throws {
    let folder = try ScratchFolder()
    defer { folder.remove() }
    try FileManager.default.createDirectory(
      at: folder.file("src"), withIntermediateDirectories: true)
    try folder.write([1], to: "src/Read Me")
    try folder.write([2], to: "src/READ ME")
    let capture = CapturingConsole()
    let status = await capture.run([
      "dmg", "build", folder.path("src"), "--filesystem", "APFS", "-o", folder.path("x.dmg"),
    ])
    #expect(status == 1)
    #expect(capture.errors.contains("are the same name on APFS"), "\(capture.errors)")
    #expect(!FileManager.default.fileExists(atPath: folder.path("x.dmg")))
  }
}
