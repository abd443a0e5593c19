import Foundation
import ShipyardTestSupport
import Testing
import ZipArchive

/// The writer's refusals: names a zip cannot hold, and a file that changed since it was scanned.
@Suite struct ZipWriterTests {
  static func entry(_ name: String, _ kind: ZipEntry.Kind = .directory) -> ZipEntry {
    ZipEntry(name: name, kind: kind, permissions: 0o755, modificationTime: 1_700_000_000)
  }

  @Test(arguments: [
    ("/Hello.app/", "is absolute"), ("Hello.app/../x/", "has an empty, . or .. component"),
    ("Hello.app//x/", "has an empty, . or .. component"),
    ("Hello.app", "is a folder without a final /"),
  ])
  func aNameAZipCannotHoldIsAnErrorNamingIt(name: String, reason: String) throws {
    let writer = ZipWriter(output: MemoryZipOutput())
    #expect(throws: ZipWriterError.invalidName(name, reason: reason)) {
      try writer.add(Self.entry(name))
    }
  }

  @Test func aFileThatGrewSinceItWasScannedIsAnError() throws {
    let folder = try ScratchFolder()
    defer { folder.remove() }
    let file = try folder.write(Array(repeating: 7, count: 5000), to: "grown")
    let writer = ZipWriter(output: MemoryZipOutput())
    let error = ZipWriterError.fileChanged(path: file.path, expected: 4000, found: 5000)
    #expect(throws: error) {
      try writer.add(Self.entry("Hello.app/grown", .file(path: file.path, size: 4000)))
    }
    #expect(error.description.contains("grown changed while it was archived"))
  }
}
