import Foundation
import InstallerPackage
import ShipyardTestSupport
import StagedTree
import SystemSupport
import Testing

/// The payload of an installer package, read back by GNU cpio, gzip, Python's zlib and 7-Zip:
/// one gzip member holding an "odc" cpio archive in pkgbuild's order that gives back the tree.
@Suite(
  .enabled(
    if: PeerPolicy.shouldRun(
      whenAvailable: ProcessRunner.succeeds("cpio", ["--version"])
        && ProcessRunner.succeeds("7zz", ["i"])),
    "needs cpio (apt cpio) and 7zz (apt 7zip)"))
struct PayloadWriterTests {
  /// An app-like tree in `folder`/src: nested folders, an executable, an empty file, a link, a
  /// name outside ASCII, a file of 3 MiB (several reads).
  static func tree(in folder: ScratchFolder) throws -> URL {
    let app = folder.file("src/Demo.app")
    for path in ["Contents/MacOS", "Contents/Resources/en.lproj", "Contents/Frameworks/A"] {
      try FileManager.default.createDirectory(
        at: app.appendingPathComponent(path), withIntermediateDirectories: true)
    }
    let executable = try folder.write(
      Array("#!/bin/sh\necho hi\n".utf8), to: "src/Demo.app/Contents/MacOS/demo")
    try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: executable.path)
    _ = try folder.write(Array("<plist/>".utf8), to: "src/Demo.app/Contents/Info.plist")
    _ = try folder.write([], to: "src/Demo.app/Contents/Resources/empty")
    _ = try folder.write(Array("é".utf8), to: "src/Demo.app/Contents/Resources/en.lproj/Résumé.txt")
    var generator = SplitMix(seed: 3)
    _ = try folder.write(
      (0..<(3 << 20)).map { _ in UInt8.random(in: 0...255, using: &generator) },
      to: "src/Demo.app/Contents/Frameworks/A/big.bin")
    try FileManager.default.createSymbolicLink(
      atPath: app.appendingPathComponent("Contents/Frameworks/Current").path,
      withDestinationPath: "A")
    return app
  }

  /// The payload of the app at `app`, as `./Demo.app/…` under `.`.
  static func payload(of app: URL) throws -> (bytes: [UInt8], summary: PayloadWriter.Summary) {
    let scanned = try SourceScanner.scan(app.path)
    let root = SourceItem(
      name: ".", content: .folder([scanned]), permissions: 0o755, modificationDate: 1_700_000_000)
    var bytes: [UInt8] = []
    let summary = try PayloadWriter { bytes += $0 }.write(root)
    return (bytes, summary)
  }

  @Test func cpioGivesBackTheTreeInPkgbuildsOrder() throws {
    let folder = try ScratchFolder()
    defer { folder.remove() }
    let app = try Self.tree(in: folder)
    let (bytes, summary) = try Self.payload(of: app)
    let payload = try folder.write(bytes, to: "Payload")
    #expect(try ProcessRunner.run("gzip", ["-t", payload.path]).status == 0)

    // One gzip member, nothing after it (Installer refuses more).
    let members = try ProcessRunner.check(
      "python3",
      [
        "-c",
        "import sys, zlib; d = zlib.decompressobj(31); data = open(sys.argv[1], 'rb').read(); "
          + "out = d.decompress(data); print(d.eof, len(d.unused_data), len(out))",
        payload.path,
      ])
    #expect(String(decoding: members, as: UTF8.self).hasPrefix("True 0 "))

    let cpio = try ProcessRunner.check(
      "sh",
      ["-c", "gzip -dc \"$1\" > \"$1.cpio\" && cpio -it --quiet < \"$1.cpio\"", "sh", payload.path])
    let names = String(decoding: cpio, as: UTF8.self).split(separator: "\n").map(String.init)
    #expect(names.count == summary.entryCount)
    #expect(Array(names.prefix(3)) == [".", "./Demo.app", "./Demo.app/Contents"])
    for (index, name) in names.enumerated() where index > 0 {
      let parent = (name as NSString).deletingLastPathComponent
      #expect(names[..<index].contains(parent), "\(name) comes after its folder")
    }
    #expect(names.contains("./Demo.app/Contents/Resources/en.lproj/Résumé.txt"))

    let extracted = folder.file("out")
    try FileManager.default.createDirectory(at: extracted, withIntermediateDirectories: true)
    try ProcessRunner.check(
      "sh",
      ["-c", "cd \"$1\" && cpio -idm --quiet < \"$2.cpio\"", "sh", extracted.path, payload.path])
    #expect(
      try TreeSnapshot(of: extracted.appendingPathComponent("Demo.app")) == TreeSnapshot(of: app))
    let modified =
      try FileManager.default.attributesOfItem(
        atPath: extracted.appendingPathComponent("Demo.app/Contents/Info.plist").path)[
        .modificationDate] as? Date
    let original =
      try FileManager.default.attributesOfItem(
        atPath: app.appendingPathComponent("Contents/Info.plist").path)[.modificationDate] as? Date
    #expect(
      modified.map { Int($0.timeIntervalSince1970) }
        == original.map { Int($0.timeIntervalSince1970) })

    let listing = try ProcessRunner.run("7zz", ["l", "-tcpio", payload.path + ".cpio"])
    let text = String(decoding: listing.standardOutput, as: UTF8.self)
    #expect(listing.status == 0 && text.contains("Demo.app/Contents/MacOS/demo"), "\(text)")
    #expect(try ProcessRunner.run("7zz", ["t", "-tcpio", payload.path + ".cpio"]).status == 0)
  }

  @Test func theSameTreeGivesTheSameBytes() throws {
    let folder = try ScratchFolder()
    defer { folder.remove() }
    let app = try Self.tree(in: folder)
    #expect(try Self.payload(of: app).bytes == Self.payload(of: app).bytes)
  }

  @Test func aFileThatChangedSinceTheScanIsNamed() throws {
    let folder = try ScratchFolder()
    defer { folder.remove() }
    let file = try folder.write([1, 2, 3], to: "grown")
    let root = SourceItem(
      name: ".",
      content: .folder([
        SourceItem(
          name: "grown", content: .file(path: .init(file.path), size: 2), permissions: 0o644,
          modificationDate: 0)
      ]), permissions: 0o755, modificationDate: 0)
    #expect(throws: PayloadError.fileChanged(path: file.path, expected: 2, read: 3)) {
      try PayloadWriter { _ in }.write(root)
    }
  }
}
