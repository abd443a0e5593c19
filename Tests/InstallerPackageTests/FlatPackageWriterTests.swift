import Foundation
import InstallerPackage
import ShipyardTestSupport
import StagedTree
import SystemSupport
import Testing
import XarArchive

/// Component packages and product archives read back by a Python reader of flat packages
/// written from the formats' descriptions (Peers/check_pkg.py: the xar, the payload's one gzip
/// member and its cpio, the Bom against it with GNU cksum, PackageInfo and Distribution with
/// lxml) and by 7-Zip; the same contents give the same bytes; a failure leaves nothing.
@Suite(
  .enabled(
    if: PeerPolicy.shouldRun(whenAvailable: PackagePeers.available),
    Comment(rawValue: PackagePeers.requirement)))
struct FlatPackageWriterTests {
  static let checker = PackagePeers.checker
  static let time: Int64 = 1_800_000_000

  /// The contents of a package of the test app, with scripts, as a product or a component.
  static func contents(in folder: ScratchFolder, product: Bool) throws -> FlatPackageContents {
    let app = try PayloadWriterTests.tree(in: folder)
    try FileManager.default.createDirectory(
      at: folder.file("scripts/lib"), withIntermediateDirectories: true)
    _ = try folder.write(Array("#!/bin/sh\nexit 0\n".utf8), to: "scripts/postinstall")
    _ = try folder.write(Array("helper\n".utf8), to: "scripts/lib/helper.sh")
    let root = SourceItem(
      name: ".", content: .folder([try SourceScanner.scan(app.path)]), permissions: 0o775,
      modificationDate: time)
    return FlatPackageContents(
      payload: root, scripts: try SourceScanner.scan(folder.path("scripts")),
      identifier: "com.example.demo", version: "2.1", installLocation: "/Applications",
      bundles: [
        .init(path: "./Demo.app", identifier: "com.example.demo", shortVersion: "2.1", version: "7")
      ],
      product: product
        ? .init(
          title: "Demo & Co", componentName: "Demo App.pkg",
          hostArchitectures: ["arm64", "x86_64"],
          minimumSystemVersion: "12.0")
        : nil)
  }

  /// What the checker says of the package at `path`.
  static func check(_ path: String, _ kind: String) throws -> [String: Any] {
    let output = try ProcessRunner.run("python3", [checker, path, "--\(kind)", "--json"])
    #expect(output.status == 0, "\(output.standardError)")
    return try #require(
      try JSONSerialization.jsonObject(with: Data(output.standardOutput)) as? [String: Any])
  }

  @Test(arguments: [false, true])
  func thePeersReadEveryPart(product: Bool) throws {
    let folder = try ScratchFolder()
    defer { folder.remove() }
    let contents = try Self.contents(in: folder, product: product)
    let output = folder.path("Demo.pkg")
    let summary = try FlatPackageWriter(archive: XarWriter(creationTime: Self.time)).write(
      contents, to: output)
    let report = try Self.check(output, product ? "product" : "component")
    let members = (report["members"] as? [[String: Any]] ?? []).compactMap { $0["path"] as? String }
    let prefix = product ? "Demo App.pkg/" : ""
    #expect(
      members == (product ? ["Distribution"] : [])
        + ["Bom", "Payload", "Scripts", "PackageInfo"]
        .map { prefix + $0 })
    let text = String(decoding: try JSONSerialization.data(withJSONObject: report), as: UTF8.self)
    #expect(text.contains("\"numberOfFiles\":\"\(summary.numberOfFiles)\""), "\(text)")
    #expect(text.contains("\"installKBytes\":\"\(summary.installKilobytes)\""), "\(text)")
    if product {
      #expect(text.contains(##""href":"#Demo%20App.pkg""##), "\(text)")
      #expect(text.contains(#""hostArchitectures":"arm64,x86_64""#), "\(text)")
    }

    let tested = try ProcessRunner.run("7zz", ["t", "-txar", output])
    let testText = String(decoding: tested.standardOutput, as: UTF8.self)
    #expect(tested.status == 0 && testText.contains("Everything is Ok"), "\(testText)")
    #expect(!testText.contains("WARNING"), "\(testText)")
  }

  @Test func theSameContentsGiveTheSameBytes() throws {
    let folder = try ScratchFolder()
    defer { folder.remove() }
    let contents = try Self.contents(in: folder, product: true)
    let writer = FlatPackageWriter(archive: XarWriter(creationTime: Self.time))
    try writer.write(contents, to: folder.path("one.pkg"))
    try writer.write(contents, to: folder.path("two.pkg"))
    let one = try Data(contentsOf: folder.file("one.pkg"))
    #expect(one == (try Data(contentsOf: folder.file("two.pkg"))))
  }

  @Test func aFileThatCannotBeReadLeavesNothingAtTheOutput() throws {
    let folder = try ScratchFolder()
    defer { folder.remove() }
    var contents = try Self.contents(in: folder, product: false)
    contents.payload.content = .folder([
      SourceItem(
        name: "gone", content: .file(path: .init(folder.path("gone")), size: 4),
        permissions: 0o644, modificationDate: 0)
    ])
    let output = folder.path("Demo.pkg")
    #expect(throws: PayloadError.self) {
      try FlatPackageWriter(archive: XarWriter(creationTime: Self.time)).write(contents, to: output)
    }
    #expect(!FileManager.default.fileExists(atPath: output))
    #expect(folder.contents.allSatisfy { !$0.hasSuffix(".tmp") })
  }
}
