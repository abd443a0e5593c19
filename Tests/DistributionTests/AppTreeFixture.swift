import APFS
import DiskImage
import Distribution
import Foundation
import HFSPlus
import ShipyardTestSupport
import StagedTree
import SystemSupport
import Testing
import VolumeInterface

/// A small app written into a scratch folder for the extraction tests, the images made from
/// it, and a listing of a tree on disk to compare extractions with their source.
enum AppTreeFixture {
  /// Writes `Tiny.app` into `folder`: Info.plist, an executable, a resource, a symbolic link and
  /// a nested login-item app; returns the app's path.
  static func writeApp(in folder: ScratchFolder) throws -> String {
    let manager = FileManager.default
    let app = folder.file("src/Tiny.app")
    for path in [
      "Contents/MacOS", "Contents/Resources/en.lproj",
      "Contents/Library/LoginItems/Helper.app/Contents/MacOS",
    ] {
      try manager.createDirectory(
        at: app.appendingPathComponent(path), withIntermediateDirectories: true)
    }
    let files: [(String, [UInt8], Int)] = [
      ("Contents/Info.plist", Array("<plist><dict/></plist>\n".utf8), 0o644),
      (
        "Contents/MacOS/Tiny", [0xCF, 0xFA, 0xED, 0xFE] + (0..<5000).map { UInt8($0 % 251) }, 0o755
      ),
      ("Contents/Resources/x", Array("resource".utf8), 0o644),
      ("Contents/Resources/en.lproj/empty.strings", [], 0o600),
      ("Contents/Library/LoginItems/Helper.app/Contents/Info.plist", Array("<plist/>".utf8), 0o644),
      ("Contents/Library/LoginItems/Helper.app/Contents/MacOS/Helper", [1, 2, 3], 0o755),
    ]
    for (path, bytes, mode) in files {
      let url = app.appendingPathComponent(path)
      try Data(bytes).write(to: url)
      try manager.setAttributes([.posixPermissions: mode], ofItemAtPath: url.path)
    }
    try manager.createSymbolicLink(
      atPath: app.appendingPathComponent("Contents/Resources/link").path, withDestinationPath: "x")
    try manager.createSymbolicLink(
      atPath: app.appendingPathComponent("Contents/Resources/absolute").path,
      withDestinationPath: "/Applications")
    return app.path
  }

  /// Builds an image of `source` with our builder, on `fileSystem`.
  static func build(
    _ source: String, fileSystem: DMGBuildOptions.FileSystem, to image: String,
    hiddenExtensions: [String] = []
  ) throws {
    var options = DMGBuildOptions(source: source, output: image, threads: 2)
    options.fileSystem = fileSystem
    options.format = .udro
    options.hiddenExtensions = hiddenExtensions
    _ = try DMGBuilder(options: options).build()
  }

  /// Writes an image whose volume holds `items` at its root as they are, past the builder's
  /// checks (as a hostile or foreign image would be).
  static func writeRaw(
    _ items: [SourceItem], fileSystem: DMGBuildOptions.FileSystem, to image: String
  ) throws {
    let root = SourceItem(
      name: "Raw", content: .folder(items), permissions: 0o755, modificationDate: 1_700_000_000)
    let options = VolumeOptions(volumeName: "Raw")
    let volume: any FileSystemVolume =
      fileSystem == .apfs
      ? try APFSContainer(root: root, options: options)
      : try HFSPlusVolume(root: root, options: options)
    let writer = DiskImageWriter(format: .udro, threads: 1)
    _ = try AtomicOutputFile.write(to: image) { descriptor in
      try writer.write(
        volume: volume.makeStream(), volumeBytes: volume.byteCount,
        identifier: volume.identifier, partitionType: fileSystem == .apfs ? .apfs : .hfs,
        to: descriptor)
    }
  }

  /// A folder of items, for ``writeRaw(_:fileSystem:to:)``.
  static func folder(_ name: String, _ children: [SourceItem]) -> SourceItem {
    SourceItem(
      name: name, content: .folder(children), permissions: 0o755, modificationDate: 1_700_000_000)
  }

  /// A file of `bytes`, for ``writeRaw(_:fileSystem:to:)``.
  static func file(_ name: String, _ bytes: [UInt8] = [1]) -> SourceItem {
    SourceItem(
      name: name, content: .data(bytes), permissions: 0o644, modificationDate: 1_700_000_000)
  }

  /// Every item below `root`, by relative path: `d 755`, `f 644 <size> <bytes>`, or
  /// `l <target>`, read with `lstat` (links never followed).
  static func listing(of root: String) throws -> [String: String] {
    var result: [String: String] = [:]
    let manager = FileManager.default
    for relative in try manager.subpathsOfDirectory(atPath: root).sorted() {
      let path = root + "/" + relative
      var info = stat()
      #expect(lstat(path, &info) == 0)
      let mode = String(info.st_mode & 0o7777, radix: 8)
      switch info.st_mode & S_IFMT {
      case S_IFDIR: result[relative] = "d \(mode)"
      case S_IFLNK:
        result[relative] = "l \(try manager.destinationOfSymbolicLink(atPath: path))"
      default:
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        result[relative] =
          "f \(mode) \(bytes.count) \(bytes.map { String($0) }.joined(separator: ","))"
      }
    }
    return result
  }

  /// Sets the extended attribute `name` on `path` with Python's `os.setxattr` (the test target
  /// has no xattr API); false when the file system refuses user attributes.
  static func setAttribute(_ name: String, _ value: [UInt8], on path: String) -> Bool {
    let hex = value.map { String(format: "%02x", $0) }.joined()
    return ProcessRunner.succeeds(
      "python3",
      [
        "-c", "import os, sys; os.setxattr(sys.argv[1], sys.argv[2], bytes.fromhex(sys.argv[3]))",
        path, name, hex,
      ])
  }
}
