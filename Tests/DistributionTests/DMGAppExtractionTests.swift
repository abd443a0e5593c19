import Distribution
import Foundation
import ShipyardTestSupport
import StagedTree
import Testing
import VolumeInterface

/// The apps of images read back through our HFS+ and APFS readers and extracted: the same tree
/// as the source, hostile names refused, detritus reported, and the builder refusing detritus
/// inside an app.
@Suite struct DMGAppExtractionTests {
  static let fileSystems: [DMGBuildOptions.FileSystem] = [.hfsPlus, .apfs]

  @Test(arguments: fileSystems)
  func extractionReproducesTheSourceTreeByteForByte(fileSystem: DMGBuildOptions.FileSystem)
    throws
  {
    let folder = try ScratchFolder()
    defer { folder.remove() }
    let app = try AppTreeFixture.writeApp(in: folder)
    let image = folder.path("Tiny.dmg")
    try AppTreeFixture.build(app, fileSystem: fileSystem, to: image)
    let out = folder.path("out")
    try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: false)

    let extraction = try DMGAppExtraction(path: image, extractingInto: out)
    #expect(extraction.apps.map(\.volumePath) == ["/Tiny.app"])
    #expect(extraction.apps.first?.extractedPath == out + "/Tiny.app")
    #expect(extraction.apps.first?.detritus == [])
    let source = try AppTreeFixture.listing(of: app)
    #expect(source["Contents/MacOS/Tiny"]?.hasPrefix("f 755 5004 ") == true)
    #expect(source["Contents/Resources/link"] == "l x")
    #expect(try AppTreeFixture.listing(of: out + "/Tiny.app") == source)
    // Only the app: not the Applications link or the .DS_Store.
    #expect(try FileManager.default.contentsOfDirectory(atPath: out) == ["Tiny.app"])
  }

  /// The hide-extension flag goes on the bundle folder only: nothing inside carries attributes.
  @Test(arguments: fileSystems)
  func aHiddenExtensionLeavesNoDetritusInsideTheApp(fileSystem: DMGBuildOptions.FileSystem)
    throws
  {
    let folder = try ScratchFolder()
    defer { folder.remove() }
    let image = folder.path("Tiny.dmg")
    try AppTreeFixture.build(
      try AppTreeFixture.writeApp(in: folder), fileSystem: fileSystem, to: image,
      hiddenExtensions: ["Tiny.app"])
    let inspection = try DMGInspection(path: image)
    let bundle = try #require(inspection.files.first { $0.path == "/Tiny.app" })
    #expect(bundle.attributes == nil)
    let extraction = try DMGAppExtraction(path: image, extractingInto: folder.path(""))
    #expect(extraction.apps.first?.detritus == [])
  }

  @Test(arguments: fileSystems)
  func detritusInsideAnImagesAppIsReported(fileSystem: DMGBuildOptions.FileSystem) throws {
    let folder = try ScratchFolder()
    defer { folder.remove() }
    var finder = AppTreeFixture.file("Info.plist")
    finder.finderInfo =
      [UInt8](repeating: 0, count: 8) + [0x00, 0x10]
      + [UInt8](
        repeating: 0, count: 22)
    var fork = AppTreeFixture.file("legacy")
    fork.resourceFork = [7, 7, 7]
    var tagged = AppTreeFixture.file("tagged")
    tagged.extendedAttributes = [("com.example.tag", Array("red".utf8))]
    var bundle = AppTreeFixture.folder(
      "Old.app", [AppTreeFixture.folder("Contents", [finder, fork, tagged])])
    bundle.finderFlags = 0x0010  // the bundle folder's own flag is not detritus
    let image = folder.path("old.dmg")
    try AppTreeFixture.writeRaw([bundle], fileSystem: fileSystem, to: image)

    let extraction = try DMGAppExtraction(path: image, extractingInto: folder.path(""))
    let detritus = extraction.apps.first?.detritus.map {
      "\($0.path) \($0.attributes) \($0.breaksStrictVerification)"
    }
    #expect(
      detritus == [
        "/Old.app/Contents/Info.plist [\"com.apple.FinderInfo\"] true",
        "/Old.app/Contents/legacy [\"com.apple.ResourceFork\"] true",
        "/Old.app/Contents/tagged [\"com.example.tag\"] false",
      ])
  }

  @Test(arguments: fileSystems)
  func anEntryNamedDotDotIsRefusedAndNothingLeavesTheFolder(
    fileSystem: DMGBuildOptions.FileSystem
  ) throws {
    let folder = try ScratchFolder()
    defer { folder.remove() }
    let hostile = AppTreeFixture.folder(
      "Evil.app",
      [
        AppTreeFixture.folder(
          "Contents", [AppTreeFixture.folder("..", [AppTreeFixture.file("escape")])])
      ])
    let image = folder.path("evil.dmg")
    try AppTreeFixture.writeRaw([hostile], fileSystem: fileSystem, to: image)
    let out = folder.path("out")
    try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: false)

    let error = #expect(throws: DMGExtractionError.self) {
      try DMGAppExtraction(path: image, extractingInto: out)
    }
    #expect(
      error?.description.contains("\"/Evil.app/Contents/..") == true, "\(String(describing: error))"
    )
    #expect(!FileManager.default.fileExists(atPath: out + "/Evil.app/escape"))
    #expect(!FileManager.default.fileExists(atPath: out + "/escape"))
  }

  /// A link at a folder's place does not let a later entry be written through it (a crafted
  /// APFS volume can name an entry `Contents/escape`; our writers cannot).
  @Test func anEntryBelowASymbolicLinkIsRefused() throws {
    let folder = try ScratchFolder()
    defer { folder.remove() }
    func entry(_ path: String, _ kind: VolumeEntry.Kind, link: String? = nil) -> VolumeEntry {
      VolumeEntry(
        path: path, id: 0, kind: kind, size: 1, mode: 0o755, ownerID: 0, groupID: 0,
        modificationDate: 0, linkTarget: link)
    }
    let volume = ListedVolume(listed: [
      entry("/Evil.app", .folder),
      entry("/Evil.app/Contents", .symbolicLink, link: folder.path("")),
      entry("/Evil.app/Contents/escape", .file),
    ])
    let error = #expect(throws: DMGExtractionError.self) {
      try DMGAppExtraction(volume: volume, image: "evil.dmg", extractingInto: folder.path(""))
    }
    #expect(
      error?.description
        == "evil.dmg: refusing to extract \"/Evil.app/Contents/escape\": its parent /Evil.app/Contents is not a folder"
    )
    #expect(!FileManager.default.fileExists(atPath: folder.path("escape")))
  }

  /// Finder info copied from the source onto a file inside the app stops the build, naming the
  /// file and the attribute.
  @Test func theBuilderRefusesFinderInfoInsideAnApp() throws {
    let folder = try ScratchFolder()
    defer { folder.remove() }
    let app = try AppTreeFixture.writeApp(in: folder)
    let resource = app + "/Contents/Resources/x"
    let info = [UInt8](repeating: 0, count: 8) + [0x40, 0x00] + [UInt8](repeating: 0, count: 22)
    guard AppTreeFixture.setAttribute("user.com.apple.FinderInfo", info, on: resource) else {
      #expect(!PeerPolicy.isCI, "the scratch file system refuses user extended attributes")
      return
    }
    let image = folder.path("Tiny.dmg")
    let error = #expect(throws: StagingError.self) {
      try AppTreeFixture.build(app, fileSystem: .hfsPlus, to: image)
    }
    let text = error?.description ?? ""
    #expect(
      text.hasPrefix("\(resource): it lies inside Tiny.app and carries com.apple.FinderInfo"),
      "\(text)")
    #expect(text.contains("resource fork, Finder information, or similar detritus not allowed"))
    #expect(!FileManager.default.fileExists(atPath: image))
  }
}

/// A volume of listed entries whose files each hold one byte.
struct ListedVolume: VolumeReader {
  let listed: [VolumeEntry]

  func volumeName() -> String { "Listed" }
  func rootFolder() -> VolumeEntry {
    VolumeEntry(
      path: "/", id: 2, kind: .folder, size: 0, mode: 0o755, ownerID: 0, groupID: 0,
      modificationDate: 0)
  }
  func entries() -> [VolumeEntry] { listed }
  func contents(of entry: VolumeEntry) -> [UInt8] { [1] }
  func contents(of entry: VolumeEntry, at offset: Int64, count: Int) -> [UInt8] {
    offset == 0 && count > 0 ? [1] : []
  }
  func value(of attribute: VolumeAttribute) -> [UInt8] { [] }
}
