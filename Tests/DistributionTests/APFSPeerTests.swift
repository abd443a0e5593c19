import APFS
import DiskImage
import Distribution
import FinderLayout
import Foundation
import ShipyardTestSupport
import Testing
import VolumeInterface

/// Our APFS images against 7-Zip (`7zz`) and libfsapfs (`fsapfsinfo`), for the peer tree of
/// 20,000 files and a large file, in UDZO and ULMO.
@Suite(
  .serialized,
  .enabled(if: APFSPeers.shouldRun, "needs 7zz (apt 7zip) and fsapfsinfo (apt libfsapfs-utils)"))
struct APFSPeerTests {
  @Test(arguments: [ImageFormat.udzo, .ulmo])
  func peersReadTheTreeExactly(format: ImageFormat) throws {
    let tree = try DMGPeerTests.tree.get()
    let folder = try ScratchFolder()
    defer { folder.remove() }
    let image = folder.path("Payload.dmg")
    var options = DMGBuildOptions(source: tree.root.path, output: image, threads: 2)
    options.format = format
    options.fileSystem = .apfs
    options.applicationsLink = false
    let result = try DMGBuilder(options: options).build()
    #expect(result.fileCount == UInt32(PeerTree.fileCount + 6))

    // 7-Zip tests every chunk and checksum, and reads the container.
    let test = try ProcessRunner.run("7zz", ["t", image])
    let testOutput = String(decoding: test.standardOutput, as: UTF8.self) + test.standardError
    #expect(test.status == 0 && testOutput.contains("Everything is Ok"), "\(testOutput)")
    #expect(!testOutput.contains("WARNING") && !testOutput.contains("ERROR"), "\(testOutput)")

    try expectSevenZipListing(of: image, matches: tree)
    try expectSevenZipExtraction(of: image, matches: tree, in: folder)
    let partition = try Self.extractContainer(of: image, in: folder)
    try expectFsapfsinfo(of: partition, matches: tree)
    try expectOurReader(of: image, matches: tree)

    // A second build gives the same bytes.
    if format == .udzo {
      options.output = folder.path("Again.dmg")
      _ = try DMGBuilder(options: options).build()
      #expect(try DMGPeerTests.sameContents(image, options.output))
    }
  }

  /// The tree's items as the peers should see them: names are stored as given, so paths are the
  /// source's.
  static func expected(_ tree: PeerTree) -> Set<PeerTree.Item> { Set(tree.items) }

  private func expectSevenZipListing(of image: String, matches tree: PeerTree) throws {
    let listing = String(
      decoding: try ProcessRunner.check("7zz", ["l", "-slt", image]), as: UTF8.self)
    var listed: [String: (size: String, mode: String)] = [:]
    var links: [String: String] = [:]
    for block in listing.components(separatedBy: "\n\n") {
      var fields: [String: String] = [:]
      for line in block.split(separator: "\n") {
        let parts = line.split(separator: " = ", maxSplits: 1)
        if parts.count == 2 { fields[String(parts[0])] = String(parts[1]) }
      }
      guard let path = fields["Path"], let mode = fields["Mode"], path != ".DS_Store",
        !path.hasSuffix(".dmg")
      else { continue }
      listed[path] = (fields["Size"] ?? "", mode)
      if let target = fields["Symbolic Link"], !target.isEmpty { links[path] = target }
    }
    var expected: [String: (size: String, mode: String)] = [:]
    for item in tree.items {
      let type = item.kind == "folder" ? "d" : item.kind == "link" ? "l" : "-"
      // 7-Zip gives a link's size as its target attribute's, the terminating NUL included.
      let size = item.kind == "folder" ? "" : String(item.size + (item.kind == "link" ? 1 : 0))
      expected[item.path] = (size, type + DMGPeerTests.permissionString(item.permissions))
    }
    #expect(Set(listed.keys) == Set(expected.keys))
    let mismatched = expected.filter { key, value in listed[key].map { $0 != value } ?? true }
    #expect(
      mismatched.isEmpty, "7zz lists other sizes or modes for \(mismatched.keys.sorted().prefix(5))"
    )
    // Link targets as listed: extracting rewrites the absolute and upward ones.
    #expect(
      links
        == Dictionary(
          uniqueKeysWithValues: tree.items.compactMap { item in
            item.linkTarget.map { (item.path, $0) }
          }))
  }

  private func expectSevenZipExtraction(
    of image: String, matches tree: PeerTree, in folder: ScratchFolder
  ) throws {
    let output = folder.path("extracted")
    _ = try ProcessRunner.run("7zz", ["x", "-y", "-o\(output)", image])
    var differing: [String] = []
    for item in tree.items where item.kind == "file" {
      let source = tree.root.appendingPathComponent(item.path).path
      if !(try DMGPeerTests.sameContents(source, output + "/" + item.path)) {
        differing.append(item.path)
      }
    }
    #expect(differing.isEmpty, "7zz x gives other bytes for \(differing.prefix(5))")
  }

  /// The raw container, as 7-Zip extracts the Apple_APFS partition.
  static func extractContainer(of image: String, in folder: ScratchFolder) throws -> String {
    let partition = folder.path("partition")
    _ = try ProcessRunner.check("7zz", ["x", "-y", "-tdmg", "-o\(partition)", image, "4.apfs"])
    return partition + "/4.apfs"
  }

  private func expectFsapfsinfo(of container: String, matches tree: PeerTree) throws {
    let hierarchy = String(
      decoding: try ProcessRunner.check("fsapfsinfo", ["-H", container]), as: UTF8.self)
    // Each line is the path below the volume, which fsapfsinfo prefixes with "/{volume UUID}".
    let listed = Set(
      hierarchy.split(separator: "\n").compactMap { line -> String? in
        guard line.hasPrefix("/{"), let end = line.firstIndex(of: "}") else { return nil }
        let path = String(line[line.index(after: end)...])
        return path.isEmpty || path == "/" || path == "/.DS_Store" ? nil : path
      })
    #expect(listed == Set(tree.items.map { "/" + $0.path }))
    let sample = tree.items.enumerated().filter { offset, item in
      item.kind == "link" || item.path == "big.bin"
        || offset % (item.kind == "folder" ? 11 : 997) == 0
    }
    #expect(sample.count > 30)
    for (_, item) in sample {
      let info = String(
        decoding: try ProcessRunner.check("fsapfsinfo", ["-F", "/" + item.path, container]),
        as: UTF8.self)
      DMGPeerTests.expectEntry(info, describes: item)
      if item.kind == "file" { #expect(info.contains("Size\t\t\t: \(item.size)\n"), "\(info)") }
    }
  }

  private func expectOurReader(of image: String, matches tree: PeerTree) throws {
    let reader = try DiskImageReader(path: image)
    let container = try APFSReader(reader.bytes(of: try #require(reader.apfsPartition)))
    let ours = Set(
      try container.entries().filter { $0.path != "/.DS_Store" }.map { entry in
        PeerTree.Item(
          path: String(entry.path.dropFirst()),
          kind: entry.kind == .folder ? "folder" : entry.kind == .symbolicLink ? "link" : "file",
          size: entry.size, permissions: entry.mode & 0o7777, linkTarget: entry.linkTarget)
      })
    #expect(ours == Self.expected(tree))
  }
}

enum APFSPeers {
  static let shouldRun = PeerPolicy.shouldRun(
    whenAvailable: ProcessRunner.succeeds("7zz", ["i"])
      && ProcessRunner.succeeds("fsapfsinfo", ["-V"]))
}

/// The Finder layout of an APFS image, read by the Python `ds_store` and `mac_alias` packages,
/// with the alias's IDs checked against what fsapfsinfo reports.
@Suite(
  .enabled(
    if: APFSPeers.shouldRun && LayoutPeers.shouldRun,
    "needs 7zz, fsapfsinfo and python3 with ds-store and mac-alias"))
struct APFSLayoutPeerTests {
  @Test func theExampleLayoutsAliasHoldsTheInodeNumbersFsapfsinfoReports() throws {
    let folder = try ScratchFolder()
    defer { folder.remove() }
    // The example layout, as the README builds it, in APFS.
    let config = PeerPolicy.packageRoot.appendingPathComponent("Examples/layout/Hello.json").path
    let image = folder.path("Hello.dmg")
    let build = try ProcessRunner.run(
      BuiltProducts.shipyard.path,
      ["dmg", "build", "--config", config, "--filesystem", "APFS", "-o", image])
    #expect(build.status == 0, "\(build.standardError)")

    let layout = try FinderLayoutDump.read(
      image: image, volume: "Hello", scratch: folder, storePath: ".DS_Store")
    #expect(layout.iloc == ["Hello.app": [180, 170], "Applications": [480, 170]])
    let alias = try #require(layout.alias)
    // The example's background, as staged (a PNG, or the TIFF made of its 1x and 2x pictures).
    #expect(alias.volume == "Hello" && alias.file.hasPrefix("background."))
    #expect(alias.posixPath == "/.background/" + alias.file)

    let container = try APFSPeerTests.extractContainer(of: image, in: folder)
    for (path, id) in [
      (alias.posixPath, alias.cnid), ("/.background", alias.folderCnid),
    ] {
      let info = String(
        decoding: try ProcessRunner.check("fsapfsinfo", ["-F", path, container]), as: UTF8.self)
      #expect(info.contains("Identifier\t\t: \(id)\n"), "\(path): \(info)")
    }
    // The volume icon: the root's kHasCustomIcon flag, as dmg inspect reads it.
    let reader = try DiskImageReader(path: image)
    let volume = try APFSReader(reader.bytes(of: try #require(reader.apfsPartition)))
    #expect(try volume.rootFolder().finderFlags & 0x0400 != 0)
    let entries = try volume.entries()
    #expect(entries.contains { $0.path == "/.VolumeIcon.icns" && $0.finderFlags & 0x4000 != 0 })
    #expect(entries.contains { $0.path == "/.background" && $0.finderFlags & 0x4000 != 0 })
  }
}

/// The Sleuth Kit (4.11 and later read APFS): `pstat` describes the container, `fls` lists the
/// volume's tree with inode numbers.
@Suite(
  .enabled(
    if: PeerPolicy.shouldRun(
      whenAvailable: APFSPeers.shouldRun && ProcessRunner.succeeds("pstat", ["-V"])),
    "needs 7zz and The Sleuth Kit (apt sleuthkit)"))
struct APFSSleuthKitTests {
  @Test func pstatAndFlsReadTheContainer() throws {
    let folder = try ScratchFolder()
    defer { folder.remove() }
    let image = folder.path("Hello.dmg")
    var options = DMGBuildOptions(
      source: SampleApps.scriptHello,
      output: image, threads: 2)
    options.fileSystem = .apfs
    _ = try DMGBuilder(options: options).build()
    let container = try APFSPeerTests.extractContainer(of: image, in: folder)

    let pool = String(decoding: try ProcessRunner.check("pstat", [container]), as: UTF8.self)
    #expect(pool.contains("Type: APFS") && pool.contains("Name (Role): Hello"), "\(pool)")
    #expect(pool.contains("Case Sensitive: No"), "\(pool)")
    let block = try #require(
      pool.split(separator: "\n").first { $0.contains("APSB Block Number:") }?
        .split(separator: ":").last?.trimmingCharacters(in: .whitespaces))
    let listing = String(
      decoding: try ProcessRunner.check("fls", ["-P", "apfs", "-B", block, "-r", "-p", container]),
      as: UTF8.self)
    // Lines such as "r/r 26:\tHello.app/Contents/MacOS/Hello".
    var listed: [String: UInt64] = [:]
    for line in listing.split(separator: "\n") {
      let parts = line.split(separator: "\t", maxSplits: 1)
      guard parts.count == 2, let number = parts[0].split(separator: " ").last?.dropLast(),
        let id = UInt64(number)
      else { continue }
      listed["/" + parts[1]] = id
    }
    let reader = try DiskImageReader(path: image)
    let volume = try APFSReader(reader.bytes(of: try #require(reader.apfsPartition)))
    let ours = Dictionary(uniqueKeysWithValues: try volume.entries().map { ($0.path, $0.id) })
    #expect(listed == ours)
  }
}

/// Every image format holds an APFS container that 7-Zip tests clean and our reader lists.
@Suite(.enabled(if: APFSPeers.shouldRun, "needs 7zz (apt 7zip) and fsapfsinfo"))
struct APFSFormatTests {
  @Test(arguments: ImageFormat.allCases)
  func everyFormatHoldsTheContainer(format: ImageFormat) throws {
    let folder = try ScratchFolder()
    defer { folder.remove() }
    let image = folder.path("Hello.dmg")
    var options = DMGBuildOptions(
      source: SampleApps.scriptHello,
      output: image, threads: 2)
    options.fileSystem = .apfs
    options.format = format
    _ = try DMGBuilder(options: options).build()
    let test = try ProcessRunner.run("7zz", ["t", image])
    let output = String(decoding: test.standardOutput, as: UTF8.self)
    #expect(test.status == 0 && output.contains("Everything is Ok"), "\(output)")
    let reader = try DiskImageReader(path: image)
    let chunks = Set(reader.partitions.flatMap { $0.table.chunks.map(\.type) })
    #expect(chunks.contains(format.chunkType))
    let volume = try APFSReader(reader.bytes(of: try #require(reader.apfsPartition)))
    let hello = try #require(
      try volume.entries().first { $0.path == "/Hello.app/Contents/MacOS/Hello" })
    let source = PeerPolicy.packageRoot.appendingPathComponent(
      "Examples/Hello.app/Contents/MacOS/Hello")
    #expect(try volume.contents(of: hello) == [UInt8](try Data(contentsOf: source)))
  }
}
