import Digests
import Foundation
import ShipyardTestSupport
import SystemSupport
import Testing
import XarArchive

/// xar archives as an installer package holds them, read back by 7-Zip, libarchive's bsdtar and
/// a Python reader written here (Peers/check_xar.py): the table's checksum, every member's
/// checksums, sizes and bytes; damage found where 7-Zip finds it.
@Suite(
  .enabled(
    if: PeerPolicy.shouldRun(
      whenAvailable: ProcessRunner.succeeds("7zz", ["i"])
        && ProcessRunner.succeeds("bsdtar", ["--version"])),
    "needs 7zz (apt 7zip) and bsdtar (apt libarchive-tools)"))
struct XarWriterTests {
  static let checker = PeerPolicy.packageRoot.appendingPathComponent(
    "Tests/XarArchiveTests/Peers/check_xar.py"
  ).path
  static let time: Int64 = 1_700_000_000

  /// A product archive's shape: a Distribution, and a component package's Bom, Payload (a
  /// file of 2 MiB, stored) and PackageInfo; returns the archive's members and their bytes.
  static func members(in folder: ScratchFolder) throws -> ([XarMember], [String: [UInt8]]) {
    var generator = SplitMix(seed: 11)
    let payload = (0..<(2 << 20)).map { _ in UInt8.random(in: 0...255, using: &generator) }
    let payloadFile = try folder.write(payload, to: "Payload.gz")
    let distribution = Array(#"<?xml version="1.0"?><installer-gui-script/>"#.utf8)
    let bom = [UInt8](repeating: 0x42, count: 5000)
    let info = Array(#"<pkg-info identifier="com.example.demo"/>"#.utf8)
    let contents: [String: [UInt8]] = [
      "Distribution": distribution, "Demo & Co.pkg/Bom": bom, "Demo & Co.pkg/Payload": payload,
      "Demo & Co.pkg/PackageInfo": info,
    ]
    let members: [XarMember] = [
      .file("Distribution", .bytes(distribution), encoding: .zlib, modificationTime: time),
      .file("Demo & Co.pkg/Bom", .bytes(bom), encoding: .zlib, modificationTime: time),
      .file(
        "Demo & Co.pkg/Payload", .file(path: payloadFile.path), encoding: .stored,
        modificationTime: time),
      .file("Demo & Co.pkg/PackageInfo", .bytes(info), encoding: .zlib, modificationTime: time),
    ]
    return (members, contents)
  }

  @Test(arguments: [XarChecksum.sha1, .sha256])
  func sevenZipBsdtarAndPythonReadItBack(checksum: XarChecksum) throws {
    let folder = try ScratchFolder()
    defer { folder.remove() }
    let (members, contents) = try Self.members(in: folder)
    let archive = folder.path("Demo.pkg")
    try XarWriter(checksum: checksum, creationTime: Self.time).write(members, to: archive)

    let checked = try ProcessRunner.run("python3", [Self.checker, archive])
    #expect(checked.status == 0, "\(checked.standardError)")
    let lines = String(decoding: checked.standardOutput, as: UTF8.self).split(separator: "\n")
    let distribution = try #require(contents["Distribution"])
    #expect(
      lines.first == "Distribution 44 \(DigestAlgorithm.sha256.digest(distribution).hex) 0644")
    #expect(lines.contains("Demo & Co.pkg/ directory 0755"))
    for (path, bytes) in contents {
      #expect(
        lines.contains {
          $0.hasPrefix("\(path) \(bytes.count) \(DigestAlgorithm.sha256.digest(bytes).hex)")
        }, "\(path)")
    }

    let tested = try ProcessRunner.run("7zz", ["t", "-txar", archive])
    let testOutput = String(decoding: tested.standardOutput, as: UTF8.self) + tested.standardError
    #expect(tested.status == 0 && testOutput.contains("Everything is Ok"), "\(testOutput)")
    #expect(!testOutput.contains("WARNING"), "\(testOutput)")

    // libarchive knows the header's checksum codes 0 to 2 only: Apple's SHA-256 (3) is left to
    // 7-Zip and the Python reader.
    guard checksum == .sha1 else { return }
    let listed = String(
      decoding: try ProcessRunner.check("bsdtar", ["-tf", archive]), as: UTF8.self)
    #expect(
      listed.split(separator: "\n").map(String.init) == [
        "Distribution", "Demo & Co.pkg", "Demo & Co.pkg/Bom", "Demo & Co.pkg/Payload",
        "Demo & Co.pkg/PackageInfo",
      ], "\(listed)")
    let extracted = folder.file("out")
    try FileManager.default.createDirectory(at: extracted, withIntermediateDirectories: true)
    try ProcessRunner.check("bsdtar", ["-xf", archive, "-C", extracted.path])
    for (path, bytes) in contents {
      #expect(
        try Data(contentsOf: extracted.appendingPathComponent(path)) == Data(bytes), "\(path)")
    }
  }

  @Test func theSameMembersAndTimeGiveTheSameBytes() throws {
    let folder = try ScratchFolder()
    defer { folder.remove() }
    let (members, _) = try Self.members(in: folder)
    let writer = XarWriter(creationTime: Self.time)
    try writer.write(members, to: folder.path("a.pkg"))
    try writer.write(members, to: folder.path("b.pkg"))
    #expect(try Data(contentsOf: folder.file("a.pkg")) == Data(contentsOf: folder.file("b.pkg")))
  }

  /// A flipped byte of a member is a Data Error to 7-Zip and to the Python reader; a flipped
  /// byte of the table's checksum a CRC warning (7-Zip's exit status stays 0) and an error.
  @Test func damageIsWhereThePeersFindIt() throws {
    let folder = try ScratchFolder()
    defer { folder.remove() }
    let (members, _) = try Self.members(in: folder)
    let archive = folder.path("Demo.pkg")
    try XarWriter(creationTime: Self.time).write(members, to: archive)
    let original = [UInt8](try Data(contentsOf: URL(fileURLWithPath: archive)))
    let tocLength = original[8..<16].reduce(0) { $0 << 8 | Int($1) }
    let heap = 28 + tocLength

    var memberDamaged = original
    memberDamaged[original.count - 1000] ^= 0xFF  // inside the payload, the last member but one
    try Data(memberDamaged).write(to: folder.file("member.pkg"))
    let member = try ProcessRunner.run("7zz", ["t", "-txar", folder.path("member.pkg")])
    #expect(member.status == 2, "\(String(decoding: member.standardOutput, as: UTF8.self))")
    #expect(
      try ProcessRunner.run("python3", [Self.checker, folder.path("member.pkg")]).status == 1)

    var tocDamaged = original
    tocDamaged[heap + 3] ^= 0xFF
    try Data(tocDamaged).write(to: folder.file("toc.pkg"))
    let toc = try ProcessRunner.run("7zz", ["t", "-txar", folder.path("toc.pkg")])
    let text = String(decoding: toc.standardOutput, as: UTF8.self)
    #expect(text.contains("CRC Error"), "\(text)")
    let python = try ProcessRunner.run("python3", [Self.checker, folder.path("toc.pkg")])
    #expect(python.status == 1 && python.standardError.contains("TOC's checksum"))
  }

  @Test func aPathGivenTwiceIsRefusedAndNothingIsWritten() throws {
    let folder = try ScratchFolder()
    defer { folder.remove() }
    let archive = folder.path("Twice.pkg")
    let member = XarMember.file("a/b", .bytes([1]), encoding: .stored, modificationTime: 0)
    #expect(throws: XarWriterError.badPath("a/b", reason: "given twice, or after what it holds")) {
      try XarWriter(creationTime: 0).write([member, member], to: archive)
    }
    #expect(throws: XarWriterError.self) {
      try XarWriter(creationTime: 0).write(
        [.file("a", .bytes([1]), encoding: .stored, modificationTime: 0), member], to: archive)
    }
    #expect(throws: XarWriterError.self) {
      try XarWriter(creationTime: 0).write(
        [.file("../a", .bytes([1]), encoding: .stored, modificationTime: 0)], to: archive)
    }
    #expect(!FileManager.default.fileExists(atPath: archive))
    #expect(try FolderListing.names(in: folder.url.path).isEmpty)
  }
}
