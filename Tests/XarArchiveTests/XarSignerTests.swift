import Digests
import Foundation
import ShipyardTestSupport
import SystemSupport
import Testing
import XarArchive

/// Archives signed by XarSigner (with stand-in signature bytes: the format, not the
/// cryptography, which DistributionTests' package signing checks), read back by our reader,
/// 7-Zip and the Python reader: signatures where the table says, members moved and unchanged,
/// a staple left out when signing again.
@Suite(
  .enabled(
    if: PeerPolicy.shouldRun(whenAvailable: ProcessRunner.succeeds("7zz", ["i"])),
    "needs 7zz (apt 7zip)"))
struct XarSignerTests {
  /// Two stand-in certificates: the reader gives back what the table holds, base64 decoded.
  static let certificates = [[UInt8](repeating: 0x30, count: 1000), Array(0...255)]

  /// A small package's members: a zlib Bom, a stored payload of 300 KiB, PackageInfo.
  static func unsigned(in folder: ScratchFolder, checksum: XarChecksum = .sha1) throws -> (
    path: String, contents: [String: [UInt8]]
  ) {
    var generator = SplitMix(seed: 3)
    let payload = (0..<300_000).map { _ in UInt8.random(in: 0...255, using: &generator) }
    let contents: [String: [UInt8]] = [
      "Demo.pkg/Bom": [UInt8](repeating: 7, count: 4000), "Demo.pkg/Payload": payload,
      "Demo.pkg/PackageInfo": Array(#"<pkg-info identifier="com.example.demo"/>"#.utf8),
    ]
    let path = folder.path("Demo.pkg")
    try XarWriter(checksum: checksum, creationTime: XarWriterTests.time).write(
      [
        .file(
          "Demo.pkg/Bom", .bytes(contents["Demo.pkg/Bom"] ?? []), encoding: .zlib,
          modificationTime: 0),
        .file("Demo.pkg/Payload", .bytes(payload), encoding: .stored, modificationTime: 0),
        .file(
          "Demo.pkg/PackageInfo", .bytes(contents["Demo.pkg/PackageInfo"] ?? []),
          encoding: .zlib, modificationTime: 0),
      ], to: path)
    return (path, contents)
  }

  /// Signs `input` into `output` with stand-in signatures of `rsa` and `cms` bytes; returns the
  /// digest the closure was asked to sign and its algorithm.
  @discardableResult
  static func sign(
    _ input: String, to output: String, rsa: Int = 256, cms: Int = 300, space: Int = 1024
  ) async throws -> (digest: [UInt8], algorithm: DigestAlgorithm) {
    let asked = Locked<([UInt8], DigestAlgorithm)?>(nil)
    try await XarSigner(certificates: certificates, rsaSize: rsa, cmsSize: space).sign(
      input, to: output
    ) { digest, algorithm in
      asked.withLock { $0 = (digest, algorithm) }
      return XarSigner.Signatures(
        rsa: [UInt8](repeating: 0xAA, count: rsa), cms: [UInt8](repeating: 0xBB, count: cms))
    }
    let (digest, algorithm) = try #require(asked.withLock { $0 })
    return (digest, algorithm)
  }

  static func read(_ path: String) throws -> XarReader {
    let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
    return try XarReader(source: MemoryByteSource(bytes), size: Int64(bytes.count))
  }

  /// 7-Zip tests every member's checksums, with no warning (a bad table digest is one), and
  /// the Python reader checks the table's digest and each member.
  static func expectPeersAccept(_ path: String) throws {
    let tested = try ProcessRunner.run("7zz", ["t", "-txar", path])
    let output = String(decoding: tested.standardOutput, as: UTF8.self) + tested.standardError
    #expect(tested.status == 0 && output.contains("Everything is Ok"), "\(output)")
    #expect(!output.contains("WARNING") && !output.contains("Tail Size"), "\(output)")
    let checked = try ProcessRunner.run("python3", [XarWriterTests.checker, path])
    #expect(checked.status == 0, "\(checked.standardError)")
  }

  @Test(arguments: [XarChecksum.sha1, .sha256])
  func signaturesLieWhereTheTableSaysAndMembersMove(checksum: XarChecksum) async throws {
    let folder = try ScratchFolder()
    defer { folder.remove() }
    let (unsigned, contents) = try Self.unsigned(in: folder, checksum: checksum)
    let signed = folder.path("Signed.pkg")
    let asked = try await Self.sign(unsigned, to: signed)

    let reader = try Self.read(signed)
    #expect(asked.algorithm == checksum.algorithm)
    #expect(asked.digest == reader.storedTableDigest && asked.digest == reader.tableDigest)
    let length = Int64(checksum.algorithm.length)
    let rsa = try #require(reader.signature(.rsa))
    let cms = try #require(reader.signature(.cms))
    #expect((rsa.offset, rsa.size, cms.offset, cms.size) == (length, 256, length + 256, 1024))
    #expect(rsa.bytes == [UInt8](repeating: 0xAA, count: 256))
    #expect(cms.bytes == [UInt8](repeating: 0xBB, count: 300) + [UInt8](repeating: 0, count: 724))
    #expect(rsa.certificates == Self.certificates && cms.certificates == Self.certificates)
    #expect(reader.trailingByteCount == 0)
    let offsets = reader.entries.compactMap { $0.data?.offset }
    #expect(offsets.min() == length + 256 + 1024)
    for entry in reader.entries where entry.data != nil {
      #expect(try reader.contents(of: entry) == contents[entry.path], "\(entry.path)")
    }
    // As Apple writes them: the namespace of XML Signature, base64 in lines of 72.
    let xml = String(decoding: reader.tableOfContents, as: UTF8.self)
    #expect(xml.contains(#"<KeyInfo xmlns="http://www.w3.org/2000/09/xmldsig#">"#))
    let lines = xml.split(separator: "\n").filter { $0.count == 72 && !$0.contains("<") }
    #expect(lines.count >= 2 * (1000 * 4 / 3 / 72), "\(xml)")
    try Self.expectPeersAccept(signed)
  }

  /// Signing a signed, stapled package again replaces its signatures (other sizes here) and
  /// leaves the staple out; the output may be the input's path.
  @Test func signingAgainReplacesSignaturesAndDropsTheStaple() async throws {
    let folder = try ScratchFolder()
    defer { folder.remove() }
    let (path, contents) = try Self.unsigned(in: folder)
    try await Self.sign(path, to: path)
    let staple = Array("t8lr".utf8) + [UInt8](repeating: 0x11, count: 2000)
    let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
    try handle.seekToEnd()
    try handle.write(contentsOf: Data(staple))
    try handle.close()
    #expect(try Self.read(path).trailingByteCount == Int64(staple.count))

    try await Self.sign(path, to: path, rsa: 512, cms: 1500, space: 4000)
    let reader = try Self.read(path)
    #expect(reader.signatures.map(\.style) == [.rsa, .cms])
    #expect(reader.signatures.map(\.size) == [512, 4000])
    #expect(reader.trailingByteCount == 0)
    for entry in reader.entries where entry.data != nil {
      #expect(try reader.contents(of: entry) == contents[entry.path], "\(entry.path)")
    }
    try Self.expectPeersAccept(path)
    #expect(try FolderListing.names(in: folder.url.path) == ["Demo.pkg"])
  }

  @Test func aSignatureLargerThanItsSpaceIsRefusedAndNothingIsWritten() async throws {
    let folder = try ScratchFolder()
    defer { folder.remove() }
    let (path, _) = try Self.unsigned(in: folder)
    let output = folder.path("Signed.pkg")
    await #expect(throws: XarSignerError.signatureTooLarge(.cms, size: 2000, reserved: 1024)) {
      try await Self.sign(path, to: output, cms: 2000)
    }
    #expect(try FolderListing.names(in: folder.url.path) == ["Demo.pkg"])
  }

  /// A signature whose offset or size the table puts outside the file is an error naming it.
  @Test func aSignatureOutsideTheFileIsAnError() throws {
    let folder = try ScratchFolder()
    defer { folder.remove() }
    for (offset, size) in [("20", "256"), ("9223372036854775800", "16")] {
      let path = folder.path("outside.xar")
      try XarReaderTests.craft(
        toc: XarReaderTests.checksumRecord
          + #"<x-signature style="CMS"><offset>\#(offset)</offset><size>\#(size)</size>"#
          + "</x-signature></toc></xar>", to: path)
      #expect {
        _ = try Self.read(path)
      } throws: { error in
        (error as? XarReaderError)?.part == "CMS signature"
          && "\(error)".contains("outside the file")
      }
    }
  }
}
