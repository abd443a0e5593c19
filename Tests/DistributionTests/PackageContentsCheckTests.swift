import Distribution
import Foundation
import InstallerPackage
import ShipyardTestSupport
import StagedTree
import SystemSupport
import Testing
import XarArchive

/// A package's Bom checked against its payload: a package as `pkg build` writes one agrees; a
/// Bom that says another checksum, or lacks a path, is named; a package without a Bom is no
/// component.
@Suite struct PackageContentsCheckTests {
  /// A folder of two files and a link, scanned.
  static func tree(in folder: ScratchFolder) throws -> SourceItem {
    try FileManager.default.createDirectory(
      at: folder.file("tree/bin"), withIntermediateDirectories: true)
    _ = try folder.write(Array("#!/bin/sh\necho one\n".utf8), to: "tree/bin/one")
    _ = try folder.write(Array("two\n".utf8), to: "tree/two.txt")
    try FileManager.default.createSymbolicLink(
      atPath: folder.path("tree/link"), withDestinationPath: "two.txt")
    var root = try SourceScanner.scan(folder.path("tree"))
    root.name = "."
    return root
  }

  /// A component package of `root` whose Bom is made of `entries` changed by `change`.
  static func package(
    _ root: SourceItem, in folder: ScratchFolder, change: (inout [BomEntry]) -> Void
  ) throws -> String {
    var payload: [UInt8] = []
    var entries = try PayloadWriter { payload += $0 }.write(root).entries
    change(&entries)
    let path = folder.path("Tampered-\(UUID().uuidString).pkg")
    try XarWriter(creationTime: 1_800_000_000).write(
      [
        .file(
          "Bom", .bytes(try BomWriter.bytes(of: entries)), encoding: .zlib, modificationTime: 0),
        .file("Payload", .bytes(payload), encoding: .stored, modificationTime: 0),
      ], to: path)
    return path
  }

  @Test func aBuiltPackageAgreesWithItself() throws {
    let folder = try ScratchFolder()
    defer { folder.remove() }
    let root = try Self.tree(in: folder)
    let output = folder.path("Tools.pkg")
    try FlatPackageWriter(archive: XarWriter(creationTime: 1_800_000_000)).write(
      FlatPackageContents(
        payload: root, scripts: nil, identifier: "com.example.tools", version: "1",
        installLocation: "/usr/local", bundles: [],
        product: .init(
          title: "Tools", componentName: "Tools.pkg", hostArchitectures: [],
          minimumSystemVersion: nil)),
      to: output)
    let check = try PackageContentsCheck(path: output)
    #expect(check.components.map(\.name) == ["Tools.pkg"])
    #expect(check.components.map(\.paths) == [5])
    #expect(check.isValid)
  }

  @Test func aBomThatDisagreesIsNamedPathByPath() throws {
    let folder = try ScratchFolder()
    defer { folder.remove() }
    let root = try Self.tree(in: folder)
    let wrongChecksum = try Self.package(root, in: folder) { entries in
      if let index = entries.firstIndex(where: { $0.path == "./two.txt" }) {
        entries[index].checksum ^= 1
      }
    }
    let check = try PackageContentsCheck(path: wrongChecksum)
    #expect(!check.isValid)
    #expect(check.components.first?.problems.count == 1)
    #expect(check.components.first?.problems.first?.hasPrefix("./two.txt: checksum") == true)

    let missing = try Self.package(root, in: folder) { entries in
      entries.removeAll { $0.path == "./link" }
    }
    #expect(
      try PackageContentsCheck(path: missing).components.first?.problems == [
        "./link: in the payload, not in the Bom"
      ])
  }

  @Test func aPackageWithoutABomHasNoComponent() throws {
    let folder = try ScratchFolder()
    defer { folder.remove() }
    let path = folder.path("Empty.pkg")
    try XarWriter(creationTime: 0).write(
      [.file("Distribution", .bytes(Array("<x/>".utf8)), encoding: .zlib, modificationTime: 0)],
      to: path)
    let check = try PackageContentsCheck(path: path)
    #expect(check.components.isEmpty && !check.isValid)
  }
}
