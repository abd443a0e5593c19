import InstallerPackage
import ShipyardTestSupport
import SystemSupport
import Testing
import XarArchive

/// A component package FlatPackageWriter writes, read back as `pkg verify` will read one: the
/// xar's Bom through BomReader, its Payload and Scripts streamed out of the xar through
/// PayloadReader, the Bom and the payload compared.
struct FlatPackageReadBackTests {
  @Test func theBomAndThePayloadOfAPackageAgree() throws {
    let folder = try ScratchFolder()
    defer { folder.remove() }
    let contents = try FlatPackageWriterTests.contents(in: folder, product: false)
    let output = folder.path("Demo.pkg")
    _ = try FlatPackageWriter(archive: XarWriter(creationTime: FlatPackageWriterTests.time))
      .write(contents, to: output)
    let file = try FileDescriptor.openForReading(output)
    defer { file.close() }
    let xar = try XarReader(source: file, size: try file.status().size)
    let member = { (path: String) in try #require(xar.entries.first { $0.path == path }) }

    let records = try BomReader.records(in: try xar.contents(of: try member("Bom")))
    var comparison = BomPayloadComparison(bom: records)
    let payload = try #require(try member("Payload").data)
    #expect(payload.encoding == "application/octet-stream")
    try PayloadReader.read(
      from: file, at: xar.heapOffset + payload.offset, count: payload.length
    ) { comparison.check($0) }
    #expect(comparison.finish() == [])
    #expect(records.count == 14 && records.contains { $0.path == "./Demo.app/Contents/MacOS/demo" })

    let scripts = try #require(try member("Scripts").data)
    var names: [String] = []
    try PayloadReader.read(
      from: file, at: xar.heapOffset + scripts.offset, count: scripts.length
    ) { names.append($0.path) }
    #expect(names == [".", "./lib", "./lib/helper.sh", "./postinstall"])
  }
}
