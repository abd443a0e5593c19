import Foundation
import ShipyardTestSupport
import Testing

/// `dmg ls` of the layout example's image, in text and JSON, on HFS+ and APFS, and the usage
/// errors of `dmg ls`, `dmg extract` and `app zip`.
@Suite struct DMGListCommandTests {
  static let examples = PeerPolicy.packageRoot.appendingPathComponent("Examples")

  /// The layout example's image on `fileSystem`, built in process.
  static func layoutImage(_ fileSystem: String, in folder: ScratchFolder) async throws -> String {
    let image = folder.path("Hello.dmg")
    let build = CapturingConsole()
    let config = examples.appendingPathComponent("layout/Hello.json").path
    #expect(
      await build.run(
        ["dmg", "build", "--config", config, "--filesystem", fileSystem, "-o", image]) == 0,
      "\(build.errors)")
    return image
  }

  @Test(arguments: ["hfs+", "apfs"])
  func theExampleImageListsInTextAndJSON(fileSystem: String) async throws {
    let folder = try ScratchFolder()
    defer { folder.remove() }
    let image = try await Self.layoutImage(fileSystem, in: folder)

    let app = CapturingConsole()
    #expect(await app.run(["dmg", "ls", image, "Hello.app"]) == 0, "\(app.errors)")
    #expect(
      app.outputText == """
        drwxr-xr-x    0  /Hello.app/Contents
        -rw-r--r--  766  /Hello.app/Contents/Info.plist
        drwxr-xr-x    0  /Hello.app/Contents/MacOS
        -rwxr-xr-x  279  /Hello.app/Contents/MacOS/Hello
        -rw-r--r--    8  /Hello.app/Contents/PkgInfo
        drwxr-xr-x    0  /Hello.app/Contents/Resources
        -rw-r--r--  817  /Hello.app/Contents/Resources/Hello.icns

        """)

    let all = CapturingConsole()
    #expect(await all.run(["dmg", "ls", image]) == 0, "\(all.errors)")
    let lines = all.outputText.split(separator: "\n")
    #expect(
      lines.map { $0.components(separatedBy: "  ").last ?? "" } == [
        "/.DS_Store", "/.VolumeIcon.icns", "/.background", "/.background/background.tiff",
        "/Applications -> /Applications", "/Hello.app", "/Hello.app/Contents",
        "/Hello.app/Contents/Info.plist", "/Hello.app/Contents/MacOS",
        "/Hello.app/Contents/MacOS/Hello", "/Hello.app/Contents/PkgInfo",
        "/Hello.app/Contents/Resources", "/Hello.app/Contents/Resources/Hello.icns",
      ], "\(all.outputText)")
    #expect(lines.first { $0.hasSuffix(" /Applications -> /Applications") }?.hasPrefix("l") == true)

    let json = CapturingConsole()
    #expect(await json.run(["dmg", "ls", image, "--json"]) == 0, "\(json.errors)")
    let files = try #require(
      try JSONSerialization.jsonObject(with: Data(json.output)) as? [[String: Any]])
    #expect(files.count == 13)
    let byPath = Dictionary(uniqueKeysWithValues: files.map { ($0["path"] as? String ?? "", $0) })
    let link = try #require(byPath["/Applications"])
    #expect(link["kind"] as? String == "symbolicLink")
    #expect(link["linkTarget"] as? String == "/Applications")
    let executable = try #require(byPath["/Hello.app/Contents/MacOS/Hello"])
    #expect(executable["kind"] as? String == "file")
    #expect(executable["mode"] as? String == "100755")
    #expect(executable["size"] as? Int == 279)
    #expect(byPath["/Hello.app"]?["kind"] as? String == "folder")

    let file = CapturingConsole()
    #expect(await file.run(["dmg", "ls", image, "/Hello.app/Contents/PkgInfo"]) == 0)
    #expect(file.outputText == "-rw-r--r--  8  /Hello.app/Contents/PkgInfo\n")
    let missing = CapturingConsole()
    #expect(await missing.run(["dmg", "ls", image, "Nope"]) == 1)
    #expect(missing.errors.contains("\(image): the volume holds no /Nope"))
  }

  @Test func usageErrorsComeBeforeAnyWork() async {
    let cases: [([String], String)] = [
      (["dmg", "ls"], "missing <image.dmg>"),
      (["dmg", "ls", "a.dmg", "b", "c"], "at most one <path in volume>"),
      (["dmg", "extract", "a.dmg"], "-o <folder> is required"),
      (["dmg", "extract", "-o", "out"], "missing <image.dmg>"),
      (["app", "zip"], "missing <App.app>"),
      (["app", "zip", "A.app", "B.app"], "expected one <App.app>"),
    ]
    for (arguments, message) in cases {
      let console = CapturingConsole()
      #expect(await console.run(arguments) == 64, "\(arguments)")
      #expect(console.errors.contains(message), "\(arguments): \(console.errors)")
    }
  }
}
