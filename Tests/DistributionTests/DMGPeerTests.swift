import DiskImage
import Distribution
import Foundation
import HFSPlus
import ShipyardTestSupport
import Testing
import VolumeInterface

/// Our images against 7-Zip (`7zz`) and libfshfs (`fshfsinfo`), for a tree of 20,000 files and a
/// 300 MiB file, in every format.
@Suite(
  .serialized,
  .enabled(if: DMGPeers.shouldRun, "needs 7zz (apt 7zip) and fshfsinfo (apt libfshfs-utils)"))
struct DMGPeerTests {
  static let tree = Result { try PeerTree.make() }

  @Test(arguments: ImageFormat.allCases)
  func peersReadTheTreeExactly(format: ImageFormat) throws {
    let tree = try Self.tree.get()
    let folder = try ScratchFolder()
    defer { folder.remove() }
    let image = folder.path("Payload.dmg")
    var options = DMGBuildOptions(source: tree.root.path, output: image, threads: 2)
    options.format = format
    options.applicationsLink = false
    let result = try DMGBuilder(options: options).build()
    // The tree's files and links, and the .DS_Store the build adds (checked by FinderLayout's tests).
    #expect(result.fileCount == UInt32(PeerTree.fileCount + 6))

    // 7-Zip tests every chunk and checksum.
    let test = try ProcessRunner.run("7zz", ["t", "-tdmg", image])
    let testOutput = String(decoding: test.standardOutput, as: UTF8.self) + test.standardError
    #expect(test.status == 0, "\(testOutput)")
    #expect(
      testOutput.contains("Everything is Ok") && !testOutput.contains("WARNING"), "\(testOutput)")

    // 7-Zip lists exactly the source tree.
    try expectSevenZipListing(of: image, matches: tree)
    // 7-Zip extracts identical bytes.
    try expectSevenZipExtraction(of: image, matches: tree, in: folder)
    // libfshfs reads the volume: hierarchy, modes, owners, link targets.
    try expectFshfsinfo(of: image, matches: tree, in: folder)
    // Our reader agrees.
    try expectOurReader(of: image, matches: tree)
  }

  private func expectSevenZipListing(of image: String, matches tree: PeerTree) throws {
    let listing = String(
      decoding: try ProcessRunner.check("7zz", ["l", "-slt", image]), as: UTF8.self)
    var listed: [String: (size: String, mode: String)] = [:]
    for block in listing.components(separatedBy: "\n\n") {
      var fields: [String: String] = [:]
      for line in block.split(separator: "\n") {
        let parts = line.split(separator: " = ", maxSplits: 1)
        if parts.count == 2 { fields[String(parts[0])] = String(parts[1]) }
      }
      guard let path = fields["Path"], path.hasPrefix("Payload/"), let mode = fields["Mode"] else {
        continue
      }
      listed[String(path.dropFirst("Payload/".count))] = (fields["Size"] ?? "", mode)
    }
    listed = listed.filter { !$0.key.contains("HFS+ Private") && $0.key != ".DS_Store" }
    var expected: [String: (size: String, mode: String)] = [:]
    for item in tree.items {
      // 7-Zip shows the stored '/' of a ':' as '_'.
      let path = PeerTree.stored(item.path).replacingOccurrences(of: ":", with: "_")
      let type = item.kind == "folder" ? "d" : item.kind == "link" ? "l" : "-"
      expected[path] = (
        item.kind == "folder" ? "" : String(item.size),
        type + Self.permissionString(item.permissions)
      )
    }
    #expect(Set(listed.keys) == Set(expected.keys))
    let mismatched = expected.filter { key, value in listed[key].map { $0 != value } ?? true }
    #expect(
      mismatched.isEmpty, "7zz lists other sizes or modes for \(mismatched.keys.sorted().prefix(5))"
    )
  }

  private func expectSevenZipExtraction(
    of image: String, matches tree: PeerTree, in folder: ScratchFolder
  ) throws {
    let output = folder.path("extracted")
    _ = try ProcessRunner.run("7zz", ["x", "-y", "-o\(output)", image])
    var differing: [String] = []
    for item in tree.items where item.kind == "file" {
      let extracted =
        output + "/Payload/" + PeerTree.stored(item.path).replacingOccurrences(of: ":", with: "_")
      if !(try Self.sameContents(tree.root.appendingPathComponent(item.path).path, extracted)) {
        differing.append(item.path)
      }
    }
    #expect(differing.isEmpty, "7zz x gives other bytes for \(differing.prefix(5))")
  }

  private func expectFshfsinfo(of image: String, matches tree: PeerTree, in folder: ScratchFolder)
    throws
  {
    let partition = folder.path("partition")
    _ = try ProcessRunner.check("7zz", ["x", "-y", "-tdmg", "-o\(partition)", image, "4.hfs"])
    let volume = partition + "/4.hfs"
    let hierarchy = String(
      decoding: try ProcessRunner.check("fshfsinfo", ["-H", volume]), as: UTF8.self)
    // libfshfs 20201104 decodes UTF-16 surrogate pairs wrongly (it shows U+1F642 as U+1F243, and
    // cannot look such paths up), so names beyond the BMP are checked by 7-Zip and our reader only.
    let inBMP: (String) -> Bool = { $0.unicodeScalars.allSatisfy { $0.value < 0x10000 } }
    let listed = Set(
      hierarchy.split(separator: "\n").map(String.init).filter {
        $0.hasPrefix("/") && !$0.contains("HFS+ Private") && $0 != "/" && $0 != "/.DS_Store"
          && inBMP($0)
      })
    #expect(listed == Set(tree.items.map { "/" + PeerTree.stored($0.path) }.filter(inBMP)))
    let sample = tree.items.enumerated().filter { offset, item in
      inBMP(item.path)
        && (item.kind == "link" || item.path == "big.bin"
          || offset % (item.kind == "folder" ? 11 : 997) == 0)
    }
    #expect(sample.count > 30)
    for (_, item) in sample {
      let info = String(
        decoding: try ProcessRunner.check(
          "fshfsinfo", ["-F", "/" + PeerTree.stored(item.path), volume]), as: UTF8.self)
      Self.expectEntry(info, describes: item)
    }
  }

  private func expectOurReader(of image: String, matches tree: PeerTree) throws {
    let reader = try DiskImageReader(path: image)
    let volume = try HFSPlusReader(reader.bytes(of: try #require(reader.hfsPartition)))
    let entries = try volume.entries()
    let ours = Set(
      entries.filter { $0.path != "/.DS_Store" }.map { entry in
        PeerTree.Item(
          path: String(entry.path.dropFirst()),
          kind: entry.kind == .folder ? "folder" : entry.kind == .symbolicLink ? "link" : "file",
          size: entry.size, permissions: entry.mode & 0o7777, linkTarget: entry.linkTarget)
      })
    let expected = Set(
      tree.items.map { item in
        PeerTree.Item(
          path: PeerTree.stored(item.path), kind: item.kind, size: item.size,
          permissions: item.permissions, linkTarget: item.linkTarget)
      })
    #expect(ours == expected)
  }

  /// Checks what libfshfs or libfsapfs prints for one item (`-F`): mode, owner, link target.
  static func expectEntry(_ info: String, describes item: PeerTree.Item) {
    let mode =
      (item.kind == "folder" ? 0o040000 : item.kind == "link" ? 0o120000 : 0o100000)
      | Int(item.permissions)
    let octal = String(mode, radix: 8)
    // Both print seven octal digits: (0040755), (0100644).
    #expect(
      info.contains("(" + String(repeating: "0", count: 7 - octal.count) + octal + ")"),
      "\(item.path): \(info)")
    #expect(
      info.contains("Owner identifier\t: 501") && info.contains("Group identifier\t: 20"),
      "\(item.path)")
    if let target = item.linkTarget {
      #expect(info.contains("Symbolic link target\t: \(target)"), "\(item.path): \(info)")
    }
  }

  static func permissionString(_ permissions: UInt16) -> String {
    let letters = Array("rwxrwxrwx")
    return String((0..<9).map { permissions & (0o400 >> UInt16($0)) != 0 ? letters[$0] : "-" })
  }

  /// Whether two files hold the same bytes, read 1 MiB at a time.
  static func sameContents(_ first: String, _ second: String) throws -> Bool {
    guard let a = FileHandle(forReadingAtPath: first), let b = FileHandle(forReadingAtPath: second)
    else { return false }
    defer {
      try? a.close()
      try? b.close()
    }
    while true {
      let left = try a.read(upToCount: 1 << 20) ?? Data()
      let right = try b.read(upToCount: 1 << 20) ?? Data()
      if left != right { return false }
      if left.isEmpty { return true }
    }
  }
}

enum DMGPeers {
  static let shouldRun = PeerPolicy.shouldRun(
    whenAvailable: ProcessRunner.succeeds("7zz", ["i"])
      && ProcessRunner.succeeds("fshfsinfo", ["-V"]))
}

/// Extended attributes and a file past 4 GiB, checked by the same peers.
@Suite(.enabled(if: DMGPeers.shouldRun, "needs 7zz (apt 7zip) and fshfsinfo (apt libfshfs-utils)"))
struct DMGAttributeAndSizeTests {
  @Test func extendedAttributesAndAFileOver4GiBArrive() throws {
    let folder = try ScratchFolder()
    defer { folder.remove() }
    let source = folder.file("src")
    try FileManager.default.createDirectory(at: source, withIntermediateDirectories: true)
    let attributed = try folder.write(Array("with an attribute".utf8), to: "src/attr.txt")
    // Linux keeps user attributes under `user.`; the volume gets the name without it.
    try ProcessRunner.check(
      "python3",
      [
        "-c", "import os, sys; os.setxattr(sys.argv[1], 'user.com.example.test', b'hello xattr')",
        attributed.path,
      ])
    // A sparse 5 GiB file with markers at both ends.
    let big = try FileHandle(forWritingTo: try folder.write(Array("head".utf8), to: "src/big5"))
    let bigSize: UInt64 = 5 << 30
    try big.seek(toOffset: bigSize - 4)
    try big.write(contentsOf: Data("tail".utf8))
    try big.close()

    let image = folder.path("x.dmg")
    var options = DMGBuildOptions(source: source.path, output: image, threads: 2)
    options.applicationsLink = false
    _ = try DMGBuilder(options: options).build()

    let test = try ProcessRunner.run("7zz", ["t", "-tdmg", image])
    #expect(
      test.status == 0 && !String(decoding: test.standardOutput, as: UTF8.self).contains("WARNING"))
    let value = try ProcessRunner.check(
      "7zz", ["e", "-y", "-so", image, "src/attr.txt:com.example.test"])
    #expect(value == Data("hello xattr".utf8))
    let listing = String(
      decoding: try ProcessRunner.check("7zz", ["l", "-slt", image]), as: UTF8.self)
    #expect(listing.contains("Path = src/big5\nFolder = -\nSize = \(bigSize)\n"))

    let partition = folder.path("partition")
    try ProcessRunner.check("7zz", ["x", "-y", "-tdmg", "-o\(partition)", image, "4.hfs"])
    let info = String(
      decoding: try ProcessRunner.check("fshfsinfo", ["-F", "/attr.txt", partition + "/4.hfs"]),
      as: UTF8.self)
    #expect(info.contains("Attribute: 1\t: com.example.test"), "\(info)")

    let reader = try DiskImageReader(path: image)
    let volume = try HFSPlusReader(reader.bytes(of: try #require(reader.hfsPartition)))
    let entry = try #require(try volume.entries().first { $0.path == "/big5" })
    #expect(entry.size == Int64(bigSize))
    #expect(try volume.contents(of: entry, at: 0, count: 4) == Array("head".utf8))
    #expect(try volume.contents(of: entry, at: Int64(bigSize) - 4, count: 4) == Array("tail".utf8))
  }
}
