import Foundation
import ShipyardTestSupport
import SystemSupport
import Testing
import ZipArchive

/// The zip peers: Python's zipfile, Info-ZIP's unzip and 7-Zip.
enum ZipPeers {
  static let available =
    ProcessRunner.succeeds("python3", ["-c", "import zipfile"])
    && ProcessRunner.succeeds("unzip", ["-v"]) && ProcessRunner.succeeds("7zz", ["i"])
}

/// The app zip submitted for notarization, read back by independent peers: Python's `zipfile`
/// (names, modes, links, contents, testzip), `unzip -t` / `unzip -Z` and `7zz t`.
@Suite(
  .enabled(
    if: PeerPolicy.shouldRun(whenAvailable: ZipPeers.available),
    "needs python3, unzip and 7zz"))
struct ZipPeerTests {
  static let checker = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("Peers/check_zip.py").path

  /// An app-shaped tree: an executable, compressible and incompressible files, an empty file
  /// and folder, a framework's version links, a non-ASCII name.
  static func makeApp(in folder: ScratchFolder, seed: UInt64 = 7) throws -> String {
    let app = folder.path("Hello.app")
    let manager = FileManager.default
    for sub in [
      "Contents/MacOS", "Contents/Resources/Empty", "Contents/Frameworks/K.framework/Versions/A",
    ] {
      try manager.createDirectory(atPath: app + "/" + sub, withIntermediateDirectories: true)
    }
    var random = SplitMix(seed: seed)
    let text = Array(String(repeating: "hello zip, deflate me ", count: 5000).utf8)
    let noise = (0..<(5 << 20)).map { _ in UInt8.random(in: 0...255, using: &random) }
    let files: [(String, [UInt8], Int)] = [
      ("Contents/MacOS/Hello", text, 0o755), ("Contents/Resources/noise.bin", noise, 0o644),
      ("Contents/Resources/empty", [], 0o600), ("Contents/Resources/Résumé.txt", text, 0o644),
      ("Contents/Frameworks/K.framework/Versions/A/K", text, 0o755),
    ]
    for (path, bytes, mode) in files {
      try Data(bytes).write(to: URL(fileURLWithPath: app + "/" + path))
      try manager.setAttributes([.posixPermissions: mode], ofItemAtPath: app + "/" + path)
    }
    let framework = app + "/Contents/Frameworks/K.framework"
    try manager.createSymbolicLink(
      atPath: framework + "/Versions/Current", withDestinationPath: "A")
    try manager.createSymbolicLink(
      atPath: framework + "/K", withDestinationPath: "Versions/Current/K")
    return app
  }

  @Test func pythonsZipfileReadsTheTreeBackWithModesAndLinks() throws {
    let folder = try ScratchFolder()
    defer { folder.remove() }
    let app = try Self.makeApp(in: folder)
    let zip = folder.path("Hello.zip")
    let count = try ZipArchiver.archive(app, to: zip)
    let report = try Self.check(zip, app)
    #expect(report.problems.isEmpty, "\(report.problems)")
    #expect(report.count == count && count == 16)
    // Deflate where it pays, stored where it does not, links and folders stored.
    #expect(report.methods["Hello.app/Contents/MacOS/Hello"] == 8)
    #expect(report.methods["Hello.app/Contents/Resources/noise.bin"] == 0)
    #expect(report.methods["Hello.app/Contents/Frameworks/K.framework/K"] == 0)
    #expect(report.methods["Hello.app/Contents/"] == 0)
  }

  @Test func unzipAnd7ZipTestTheArchiveAndListLinksAndModes() throws {
    let folder = try ScratchFolder()
    defer { folder.remove() }
    let app = try Self.makeApp(in: folder)
    let zip = folder.path("Hello.zip")
    try ZipArchiver.archive(app, to: zip)
    let tested = try ProcessRunner.run("unzip", ["-t", zip])
    #expect(tested.status == 0, "\(String(decoding: tested.standardOutput, as: UTF8.self))")
    let listing = String(decoding: try ProcessRunner.check("unzip", ["-Z", zip]), as: UTF8.self)
    let lines = listing.split(separator: "\n")
    func line(_ name: String) -> String {
      String(lines.first { $0.hasSuffix(" " + name) } ?? "")
    }
    #expect(line("Hello.app/Contents/MacOS/Hello").hasPrefix("-rwxr-xr-x"), "\(listing)")
    #expect(line("Hello.app/Contents/Resources/empty").hasPrefix("-rw-------"), "\(listing)")
    #expect(line("Hello.app/Contents/Frameworks/K.framework/K").hasPrefix("lrwx"), "\(listing)")
    #expect(line("Hello.app/Contents/Resources/Empty/").hasPrefix("drwx"), "\(listing)")
    #expect(line("Hello.app/Contents/").contains(" unx "), "\(listing)")
    let sevenZip = try ProcessRunner.run("7zz", ["t", zip])
    #expect(sevenZip.status == 0, "\(sevenZip.standardError)")
    // unzip extracts the same tree: the link as a link.
    let out = folder.path("out")
    _ = try ProcessRunner.check("unzip", ["-q", zip, "-d", out])
    let link = try FileManager.default.destinationOfSymbolicLink(
      atPath: out + "/Hello.app/Contents/Frameworks/K.framework/Versions/Current")
    #expect(link == "A")
    let copy = try Data(contentsOf: URL(fileURLWithPath: out + "/Hello.app/Contents/MacOS/Hello"))
    #expect(copy == (try Data(contentsOf: URL(fileURLWithPath: app + "/Contents/MacOS/Hello"))))
  }

  @Test func theSameTreeGivesTheSameBytesAndTheDateLimitClampsTimes() throws {
    let folder = try ScratchFolder()
    defer { folder.remove() }
    let app = try Self.makeApp(in: folder)
    let (first, second) = (folder.path("1.zip"), folder.path("2.zip"))
    try ZipArchiver.archive(app, to: first, dateLimit: 1_700_000_000)
    // A later modification time is clamped to the limit: the bytes do not change.
    let executable = app + "/Contents/MacOS/Hello"
    try FileManager.default.setAttributes(
      [.modificationDate: Date(timeIntervalSince1970: 1_800_000_000)], ofItemAtPath: executable)
    try ZipArchiver.archive(app, to: second, dateLimit: 1_700_000_000)
    let bytes = try Data(contentsOf: URL(fileURLWithPath: first))
    #expect(bytes == (try Data(contentsOf: URL(fileURLWithPath: second))))
    // Without the limit the time is the file's: 2027-01-15 08:00:00 UTC, in DOS time.
    try ZipArchiver.archive(app, to: second)
    let info = try ProcessRunner.check(
      "python3",
      [
        "-c",
        "import sys, zipfile; print(zipfile.ZipFile(sys.argv[1]).getinfo(sys.argv[2]).date_time)",
        second, "Hello.app/Contents/MacOS/Hello",
      ])
    #expect(String(decoding: info, as: UTF8.self) == "(2027, 1, 15, 8, 0, 0)\n")
  }

  @Test func moreThan65535EntriesGetZip64Records() throws {
    let folder = try ScratchFolder()
    defer { folder.remove() }
    let output = MemoryZipOutput()
    let writer = ZipWriter(output: output)
    let count = 65_600
    for index in 0..<count {
      try writer.add(
        ZipEntry(
          name: "Many.app/\(index)/", kind: .directory, permissions: 0o755,
          modificationTime: 1_700_000_000))
    }
    try writer.finish()
    let zip = try folder.write(output.bytes, to: "many.zip")
    let listed = try ProcessRunner.check(
      "python3",
      ["-c", "import sys, zipfile; print(len(zipfile.ZipFile(sys.argv[1]).infolist()))", zip.path])
    #expect(String(decoding: listed, as: UTF8.self) == "\(count)\n")
    // The Zip64 end record and its locator are there, and 7-Zip agrees.
    #expect(output.bytes.count > 100 && Self.contains(output.bytes, [0x50, 0x4B, 0x06, 0x06]))
    let sevenZip = try ProcessRunner.run("7zz", ["t", zip.path])
    #expect(sevenZip.status == 0, "\(sevenZip.standardError)")
  }

  @Test func aPipeInTheTreeIsAnErrorNamingItAndLeavesNoZip() throws {
    let folder = try ScratchFolder()
    defer { folder.remove() }
    let app = try Self.makeApp(in: folder)
    let fifo = app + "/Contents/Resources/pipe"
    #expect(mkfifo(fifo, 0o644) == 0)
    let zip = folder.path("Hello.zip")
    #expect(throws: ZipWriterError.unsupportedFile(path: fifo, kind: "fifo")) {
      try ZipArchiver.archive(app, to: zip)
    }
    #expect(!FileManager.default.fileExists(atPath: zip))
    #expect(!folder.contents.contains { $0.hasSuffix(".tmp") }, "\(folder.contents)")
  }

  /// Python's report on `zip` against `folder`.
  static func check(_ zip: String, _ folder: String) throws -> (
    problems: [String], methods: [String: Int], count: Int
  ) {
    let output = try ProcessRunner.check("python3", [checker, zip, folder])
    let object = try JSONSerialization.jsonObject(with: output) as? [String: Any] ?? [:]
    return (
      object["problems"] as? [String] ?? ["no report"], object["methods"] as? [String: Int] ?? [:],
      object["count"] as? Int ?? -1
    )
  }

  static func contains(_ bytes: [UInt8], _ needle: [UInt8]) -> Bool {
    bytes.withUnsafeBytes { raw in
      (0...(raw.count - needle.count)).contains { index in
        needle.indices.allSatisfy { raw[index + $0] == needle[$0] }
      }
    }
  }
}
