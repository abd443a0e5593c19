import Foundation
import ShipyardTestSupport
import Testing
import ZipArchive

@Suite(.enabled(if: PythonZips.shouldRun, "needs python3 with zipfile"))
struct ZipReaderTests {
  @Test(arguments: [("ZIP_STORED", false), ("ZIP_DEFLATED", false), ("ZIP_DEFLATED", true)])
  func readsWhatPythonWrote(method: String, zip64: Bool) throws {
    let scratch = try ScratchFolder()
    defer { scratch.remove() }
    let path = scratch.path("Hello.zip")
    try PythonZips.write(to: path, method: method, zip64: zip64)

    let zip = try ZipReader(path: path)

    #expect(
      zip.entries.map(\.name) == ["Hello.app/"] + PythonZips.files.map(\.0) + [
        "Hello.app/Contents/Link"
      ])
    for (name, bytes) in PythonZips.files {
      let entry = try #require(zip.entries.first { $0.name == name })
      #expect(entry.method == (method == "ZIP_STORED" ? 0 : 8))
      #expect(try zip.contents(of: entry) == bytes, "\(name)")
      #expect(entry.unixMode == 0o100644)
    }
    #expect(zip.entries[0].isDirectory)
    let link = try #require(zip.entries.last)
    #expect(link.isSymbolicLink)
    #expect(try zip.contents(of: link) == Array("MacOS/Hello".utf8))
  }

  @Test func findsZip64RecordsWhenForced() throws {
    let scratch = try ScratchFolder()
    defer { scratch.remove() }
    let path = scratch.path("Hello.zip")
    try PythonZips.write(to: path, method: "ZIP_DEFLATED", zip64: true)
    var zip = HostileZip(bytes: try [UInt8](Data(contentsOf: URL(fileURLWithPath: path))))
    // The peer really wrote Zip64: the end record and locator are there, and the binary's
    // sizes and offset are in its Zip64 extra field.
    #expect(HostileZip.lastOffset(of: [0x50, 0x4B, 0x06, 0x06], in: zip.bytes) != nil)
    let header = zip.centralHeader(of: "Hello.app/Contents/MacOS/Hello")
    #expect(
      [20, 24, 42].map { zip.get32(header + $0) } == [0xFFFF_FFFF, 0xFFFF_FFFF, 0xFFFF_FFFF])
    // With the classic end record's offset and count all ones, only the Zip64 record has them.
    zip.set(0xFFFF_FFFF, at: zip.endRecord + 16, width: 4)
    zip.set(0xFFFF, at: zip.endRecord + 10, width: 2)
    try Data(zip.bytes).write(to: URL(fileURLWithPath: path))

    let reader = try ZipReader(path: path)
    #expect(reader.entries.count == 5)
    let binary = try #require(reader.entries.first { $0.name == "Hello.app/Contents/MacOS/Hello" })
    #expect(try reader.contents(of: binary) == PythonZips.files[1].1)
  }

  /// Written to a pipe, `zipfile` cannot seek back: the sizes and CRC-32 follow each entry's
  /// data in a data descriptor, and only the central directory has them.
  @Test func readsEntriesWithDataDescriptors() throws {
    let scratch = try ScratchFolder()
    defer { scratch.remove() }
    let path = scratch.path("piped.zip")
    let script = """
      import sys, zipfile
      with zipfile.ZipFile(sys.stdout.buffer, 'w', zipfile.ZIP_DEFLATED) as archive:
          archive.writestr('Hello.app/Contents/Info.plist', sys.argv[1])
      """
    let made = try ProcessRunner.run(
      "sh",
      ["-c", "python3 -c \"$1\" \"$2\" | cat > \"$3\"", "sh", script, PythonZips.infoPlist, path])
    #expect(made.status == 0, "\(made.standardError)")

    let zip = try ZipReader(path: path)
    let entry = try #require(zip.entries.first)
    #expect(entry.flags & 1 << 3 != 0)
    #expect(try zip.contents(of: entry) == Array(PythonZips.infoPlist.utf8))
  }

  @Test func refusesAnEntryOverTheLimitBeforeReadingIt() throws {
    let scratch = try ScratchFolder()
    defer { scratch.remove() }
    let path = scratch.path("Hello.zip")
    try PythonZips.write(to: path, method: "ZIP_DEFLATED", zip64: false)
    let zip = try ZipReader(path: path)
    let binary = try #require(zip.entries.first { $0.name.hasSuffix("MacOS/Hello") })
    #expect {
      try zip.contents(of: binary, limit: 1000)
    } throws: { error in
      "\(error)".contains("has 70000 bytes uncompressed, more than the 1000 allowed")
    }
  }
}
