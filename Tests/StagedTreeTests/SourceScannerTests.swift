import Foundation
import ShipyardTestSupport
import StagedTree
import Testing

/// What the scanner reads from disk: whole link targets, Finder info and resource forks.
@Suite struct SourceScannerTests {
  @Test func linkTargetsAreReadWhole() throws {
    let folder = try ScratchFolder()
    defer { folder.remove() }
    let target = String(repeating: "abcdefghij/", count: 300)  // 3,300 bytes
    try FileManager.default.createSymbolicLink(
      atPath: folder.path("long"), withDestinationPath: target)
    let item = try SourceScanner.scan(folder.path("long"))
    guard case .symbolicLink(let read) = item.content else {
      Issue.record("not a link: \(item.content)")
      return
    }
    #expect(read == target)
  }

  /// A name that is not UTF-8 cannot go on a volume: the error names the entry (its other bytes
  /// shown as U+FFFD) and says why, instead of a "No such file" for a name decoded lossily.
  @Test func aNameThatIsNotUTF8IsAnErrorNamingIt() throws {
    let folder = try ScratchFolder()
    defer { folder.remove() }
    let bytes = Array(folder.path("caf").utf8) + [0xE9, 0]
    let descriptor = bytes.withUnsafeBufferPointer {
      $0.withMemoryRebound(to: CChar.self) { open($0.baseAddress!, O_CREAT | O_WRONLY, 0o644) }
    }
    try #require(descriptor >= 0)
    close(descriptor)
    let error = try #require(throws: StagingError.self) { try SourceScanner.scan(folder.url.path) }
    #expect(error.description == "cannot read \(folder.path("caf\u{FFFD}")): its name is not UTF-8")
  }

  /// `user.com.apple.FinderInfo` and `user.com.apple.ResourceFork`, as tools that copy files
  /// from a Mac to Linux keep them, become the item's Finder info and resource fork.
  @Test func finderInfoAndResourceForkComeFromTheirAttributes() throws {
    let folder = try ScratchFolder()
    defer { folder.remove() }
    _ = try folder.write(Array("data".utf8), to: "legacy")
    let info = Array("APPLaplt".utf8) + [UInt8](repeating: 0, count: 24)
    try Self.setAttribute("user.com.apple.FinderInfo", info, on: folder.path("legacy"))
    try Self.setAttribute("user.com.apple.ResourceFork", [9, 8, 7], on: folder.path("legacy"))
    try Self.setAttribute("user.other", [1], on: folder.path("legacy"))
    let item = try SourceScanner.scan(folder.path("legacy"))
    #expect(item.finderInfo == info)
    #expect(item.resourceFork == [9, 8, 7])
    #expect(item.extendedAttributes.map(\.name) == ["other"])

    try Self.setAttribute("user.com.apple.FinderInfo", [1, 2, 3], on: folder.path("legacy"))
    let error = try #require(throws: StagingError.self) {
      try SourceScanner.scan(folder.path("legacy"))
    }
    #expect(error.description.contains("com.apple.FinderInfo attribute has 3 bytes"))
  }

  /// Sets an extended attribute with Python's `os.setxattr` (the test target has no xattr API).
  static func setAttribute(_ name: String, _ value: [UInt8], on path: String) throws {
    let hex = value.map { String(format: "%02x", $0) }.joined()
    _ = try ProcessRunner.check(
      "python3",
      [
        "-c", "import os, sys; os.setxattr(sys.argv[1], sys.argv[2], bytes.fromhex(sys.argv[3]))",
        path, name, hex,
      ])
  }
}
