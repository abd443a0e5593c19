import Deflating
import Distribution
import Foundation
import InstallerPackage
import ShipyardTestSupport
import StagedTree
import SystemSupport
import Testing
import XarArchive

/// The apps of a package's payload copied out for `pkg verify`: an app comes out as it went in
/// (files, modes, links, nested apps), at its path under the payload's root; a payload that
/// would write through a link, twice to one path, or outside the folder is refused, naming the
/// entry, with nothing written outside.
@Suite struct PackageAppExtractionTests {
  /// A component package whose payload is `payload`.
  static func package(payload: [UInt8], in folder: ScratchFolder) throws -> String {
    let path = folder.path("Test-\(UUID().uuidString).pkg")
    try XarWriter(creationTime: 1_800_000_000).write(
      [.file("Payload", .bytes(payload), encoding: .stored, modificationTime: 0)], to: path)
    return path
  }

  /// A cpio entry of `name` with `bytes`: a file unless `mode` says otherwise.
  static func entry(_ name: String, mode: UInt32 = 0o100644, _ bytes: String = "") -> [UInt8] {
    CPIOHeader(
      inode: 1, mode: mode, linkCount: 1, modificationTime: 0,
      fileSize: Int64(bytes.utf8.count), name: name
    ).bytes + Array(bytes.utf8)
  }

  /// `entries` as a payload: a cpio archive with its trailer in one gzip member.
  static func payload(_ entries: [[UInt8]]) throws -> [UInt8] {
    let archive = entries.flatMap { $0 } + CPIOHeader.trailer.bytes
    var output: [UInt8] = []
    let deflater = try Deflater(level: 6, format: .gzip)
    try archive.withUnsafeBytes { try deflater.deflate($0, finishing: true) { output += $0 } }
    return output
  }

  @Test func anAppComesOutAsItWentIn() throws {
    let folder = try ScratchFolder()
    defer { folder.remove() }
    let app = try SampleApps.machOHello(in: folder.file("tree/Applications"))
    let helper = folder.file("tree/Applications/Hello.app/Contents/Frameworks/Helper.app")
    try FileManager.default.createDirectory(at: helper, withIntermediateDirectories: true)
    _ = try folder.write(
      Array("x".utf8), to: "tree/Applications/Hello.app/Contents/Frameworks/Helper.app/x")
    try FileManager.default.createSymbolicLink(
      atPath: folder.path("tree/Applications/Hello.app/Contents/Resources-link"),
      withDestinationPath: "Resources")
    _ = try folder.write(Array("not an app".utf8), to: "tree/readme.txt")
    var root = try SourceScanner.scan(folder.path("tree"))
    root.name = "."
    var payload: [UInt8] = []
    _ = try PayloadWriter { payload += $0 }.write(root)
    let package = try Self.package(payload: payload, in: folder)

    let into = folder.file("out")
    try FileManager.default.createDirectory(at: into, withIntermediateDirectories: false)
    let extraction = try PackageAppExtraction(path: package, extractingInto: into.path)
    #expect(extraction.apps.map(\.payloadPath) == ["./Applications/Hello.app"])
    #expect(extraction.apps.map(\.component) == ["."])
    let extracted = try #require(extraction.apps.first).extractedPath
    #expect(
      try TreeSnapshot(of: URL(fileURLWithPath: extracted))
        == TreeSnapshot(of: URL(fileURLWithPath: app)))
    #expect(!FileManager.default.fileExists(atPath: into.path + "/1/readme.txt"))
  }

  @Test(arguments: [
    (
      "a file under a link",
      [
        entry("./A.app", mode: 0o040755), entry("./A.app/l", mode: 0o120777, "../../../outside"),
        entry("./A.app/l/x", "escaped"),
      ], "./A.app/l/x"
    ),
    ("a path twice", [entry("./A.app/f", "one"), entry("./A.app/f", "two")], "./A.app/f"),
    ("a device", [entry("./A.app/d", mode: 0o020644)], "./A.app/d"),
  ])
  func aHostilePayloadIsRefusedNamingTheEntry(
    _ case: String, _ entries: [[UInt8]], _ named: String
  ) throws {
    let folder = try ScratchFolder()
    defer { folder.remove() }
    let package = try Self.package(payload: try Self.payload(entries), in: folder)
    let into = folder.file("deep/out")
    try FileManager.default.createDirectory(at: into, withIntermediateDirectories: true)
    #expect(
      performing: {
        try PackageAppExtraction(path: package, extractingInto: into.path)
      },
      throws: { error in
        guard case .unsafeEntry(_, let entry, _)? = error as? PackageAppExtractionError else {
          return false
        }
        return entry == named
      })
    #expect(try FolderListing.names(in: folder.path("deep")) == ["out"], "\(`case`)")
  }

  @Test func aNameLeavingThePayloadIsTheReadersError() throws {
    let folder = try ScratchFolder()
    defer { folder.remove() }
    let name = "escaped-\(UUID().uuidString)"
    let payload = try Self.payload([Self.entry("./A.app/../../\(name)", "escaped")])
    let package = try Self.package(payload: payload, in: folder)
    #expect(throws: PackageAppExtractionError.self) {
      try PackageAppExtraction(path: package, extractingInto: folder.url.path)
    }
    #expect(
      !FileManager.default.fileExists(
        atPath: folder.url.deletingLastPathComponent().path + "/" + name))
  }
}
