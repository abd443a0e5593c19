import Foundation
import ShipyardTestSupport
import Testing

/// `shipyard dmg extract` of the layout example's image, on HFS+ and APFS: the app comes back as
/// the tree it was built from (files, data, modes, links, times), with the volume's own items
/// beside it; a folder that is not empty needs `--force`; a path extracts that subtree only.
@Suite struct DMGExtractCommandTests {
  static let examples = PeerPolicy.packageRoot.appendingPathComponent("Examples")
  static let hello = examples.appendingPathComponent("Hello.app")

  static func shipyard(_ arguments: [String]) throws -> ProcessRunner.Output {
    try ProcessRunner.run(BuiltProducts.shipyard.path, arguments)
  }

  /// The layout example's image (`dmg build --config Examples/layout/Hello.json`) on
  /// `fileSystem`, in `folder`.
  static func layoutImage(_ fileSystem: String, in folder: ScratchFolder) throws -> String {
    let image = folder.path("Hello-\(fileSystem).dmg")
    let config = examples.appendingPathComponent("layout/Hello.json").path
    let build = try shipyard(
      ["dmg", "build", "--config", config, "--filesystem", fileSystem, "-o", image])
    #expect(build.status == 0, "\(build.standardError)")
    return image
  }

  /// The modification time of `path` itself (a link's own), in whole seconds: what the volume
  /// keeps.
  static func modificationTime(_ path: String) throws -> Int? {
    (try FileManager.default.attributesOfItem(atPath: path)[.modificationDate] as? Date).map {
      Int($0.timeIntervalSince1970.rounded(.down))
    }
  }

  @Test(arguments: ["hfs+", "apfs"])
  func theLayoutExampleComesBackAsItsSourceTree(fileSystem: String) throws {
    let folder = try ScratchFolder()
    defer { folder.remove() }
    let image = try Self.layoutImage(fileSystem, in: folder)
    let out = folder.path("out/volume")
    let run = try Self.shipyard(["dmg", "extract", image, "-o", out])
    #expect(run.status == 0, "\(run.standardError)")
    #expect(String(decoding: run.standardOutput, as: UTF8.self).hasPrefix("wrote 13 items of"))

    #expect(
      try TreeSnapshot(of: URL(fileURLWithPath: out + "/Hello.app"))
        == TreeSnapshot(of: Self.hello))
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: out).sorted() == [
        ".DS_Store", ".VolumeIcon.icns", ".background", "Applications", "Hello.app",
      ])
    #expect(
      try FileManager.default.destinationOfSymbolicLink(atPath: out + "/Applications")
        == "/Applications")
    for path in ["", "/Contents", "/Contents/MacOS/Hello", "/Contents/Resources/Hello.icns"] {
      #expect(
        try Self.modificationTime(out + "/Hello.app" + path)
          == Self.modificationTime(Self.hello.path + path), "\(path)")
    }
  }

  @Test func aFolderThatIsNotEmptyNeedsForceAndAPathExtractsItsSubtree() throws {
    let folder = try ScratchFolder()
    defer { folder.remove() }
    let image = try Self.layoutImage("hfs+", in: folder)
    let out = folder.path("out")
    try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
    try Data("mine".utf8).write(to: URL(fileURLWithPath: out + "/notes.txt"))

    let refused = try Self.shipyard(["dmg", "extract", image, "-o", out])
    #expect(refused.status == 1)
    #expect(refused.standardError.contains("\(out) is not empty: add --force"))
    #expect(try FileManager.default.contentsOfDirectory(atPath: out) == ["notes.txt"])

    let macOS = "Hello.app/Contents/MacOS"
    let forced = try Self.shipyard(["dmg", "extract", image, macOS, "-o", out, "--force"])
    #expect(forced.status == 0, "\(forced.standardError)")
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: out).sorted() == [
        "Hello.app", "notes.txt",
      ])
    #expect(
      try FileManager.default.subpathsOfDirectory(atPath: out + "/Hello.app").sorted() == [
        "Contents", "Contents/MacOS", "Contents/MacOS/Hello",
      ])
    #expect(
      try TreeSnapshot(of: URL(fileURLWithPath: out + "/" + macOS))
        == TreeSnapshot(of: Self.hello.appendingPathComponent("Contents/MacOS")))

    // Again with --force: the file is replaced, the folders written into.
    try Data("changed".utf8).write(to: URL(fileURLWithPath: out + "/" + macOS + "/Hello"))
    let again = try Self.shipyard([
      "dmg", "extract", image, "/" + macOS + "/", "-o", out, "--force",
    ])
    #expect(again.status == 0, "\(again.standardError)")
    #expect(
      try TreeSnapshot(of: URL(fileURLWithPath: out + "/" + macOS))
        == TreeSnapshot(of: Self.hello.appendingPathComponent("Contents/MacOS")))

    let missing = try Self.shipyard(["dmg", "extract", image, "Nope.app", "-o", folder.path("x")])
    #expect(missing.status == 1)
    #expect(missing.standardError.contains("the volume holds no /Nope.app"))
    #expect(!FileManager.default.fileExists(atPath: folder.path("x")))
  }

  @Test func aLinkAlreadyInTheFolderIsNeverWrittenThrough() throws {
    let folder = try ScratchFolder()
    defer { folder.remove() }
    let image = try Self.layoutImage("apfs", in: folder)
    let elsewhere = folder.path("elsewhere")
    try FileManager.default.createDirectory(atPath: elsewhere, withIntermediateDirectories: true)
    let out = folder.path("out")
    try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
    try FileManager.default.createSymbolicLink(
      atPath: out + "/Hello.app", withDestinationPath: elsewhere)

    let run = try Self.shipyard(["dmg", "extract", image, "Hello.app", "-o", out, "--force"])
    #expect(run.status == 1)
    #expect(
      run.standardError.contains("cannot write \(out)/Hello.app: it exists and is not a folder"),
      "\(run.standardError)")
    #expect(try FileManager.default.contentsOfDirectory(atPath: elsewhere) == [])
  }
}
