import DiskImage
import Foundation
import HFSPlus
import ShipyardTestSupport
import StagedTree
import SystemSupport
import Testing
import VolumeInterface

/// Resource forks, large attributes and the catalog's attributes flag, as 7-Zip and `dmg
/// inspect` see them in whole images.
@Suite(.enabled(if: DMGPeers.shouldRun, "needs 7zz (apt 7zip) and fshfsinfo (apt libfshfs-utils)"))
struct HFSPlusForkPeerTests {
  /// Writes an image of `items` at `path`, through the volume's stream (or `patch`ed bytes).
  static func writeImage(
    _ items: [SourceItem], format: ImageFormat, to path: String,
    patch: ((inout [UInt8], HFSPlusVolume) throws -> Void)? = nil
  ) throws {
    let root = SourceItem(
      name: "Forks", content: .folder(items), permissions: 0o755, modificationDate: 1_700_000_000)
    let volume = try HFSPlusVolume(root: root, options: VolumeOptions(volumeName: "Forks"))
    var stream: any SequentialByteSource = volume.makeStream()
    if let patch {
      var bytes: [UInt8] = []
      var buffer = [UInt8](repeating: 0, count: 1 << 16)
      while true {
        let count = try buffer.withUnsafeMutableBytes { try stream.read(into: $0) }
        if count == 0 { break }
        bytes += buffer[..<count]
      }
      try patch(&bytes, volume)
      stream = SegmentedByteStream([.bytes(bytes)])
    }
    let writer = DiskImageWriter(format: format, threads: 2)
    _ = try AtomicOutputFile.write(to: path) { descriptor in
      try writer.write(
        volume: stream, volumeBytes: volume.byteCount, identifier: volume.identifier,
        to: descriptor)
    }
  }

  static func randomBytes(_ count: Int) -> [UInt8] {
    var generator = SystemRandomNumberGenerator()
    return (0..<count).map { _ in UInt8.random(in: 0...255, using: &generator) }
  }

  @Test(arguments: [ImageFormat.udzo, .ulmo])
  func sevenZipExtractsResourceForksAndLargeAttributesExactly(format: ImageFormat) throws {
    let folder = try ScratchFolder()
    defer { folder.remove() }
    let fork = Self.randomBytes(70_000)
    let large = Self.randomBytes(3_803)
    let huge = Self.randomBytes(200_000)
    var legacy = SourceItem(
      name: "legacy", content: .data(Array("data fork".utf8)), permissions: 0o644,
      modificationDate: 1_700_000_000,
      extendedAttributes: [("com.example.large", large), ("com.example.huge", huge)])
    legacy.resourceFork = fork
    let image = folder.path("forks.dmg")
    try Self.writeImage([legacy], format: format, to: image)

    let test = try ProcessRunner.run("7zz", ["t", "-tdmg", image])
    let output = String(decoding: test.standardOutput, as: UTF8.self) + test.standardError
    #expect(test.status == 0 && output.contains("Everything is Ok"), "\(output)")
    // -sns- leaves the alternate streams out of the data fork.
    #expect(
      try ProcessRunner.check("7zz", ["e", "-y", "-so", "-sns-", image, "Forks/legacy"])
        == Data("data fork".utf8))
    #expect(
      try ProcessRunner.check("7zz", ["e", "-y", "-so", image, "Forks/legacy:rsrc"]) == Data(fork))
    #expect(
      try ProcessRunner.check("7zz", ["e", "-y", "-so", image, "Forks/legacy:com.example.large"])
        == Data(large))
    #expect(
      try ProcessRunner.check("7zz", ["e", "-y", "-so", image, "Forks/legacy:com.example.huge"])
        == Data(huge))
  }

  /// An image whose catalog record lost `kHFSHasAttributesMask`: `dmg inspect` lists the
  /// attribute and warns that a Mac would not see it.
  @Test func inspectFlagsACatalogRecordThatHidesItsAttributes() throws {
    let folder = try ScratchFolder()
    defer { folder.remove() }
    let item = SourceItem(
      name: "tagged", content: .data([1]), permissions: 0o644, modificationDate: 0,
      extendedAttributes: [("com.example.tag", Array("red".utf8))])
    let image = folder.path("crafted.dmg")
    try Self.writeImage([item], format: .udro, to: image) { bytes, _ in
      // The file record's flags follow its key (length 6 + 2 × 6 units, parent 2, "tagged").
      let key: [UInt8] =
        [0, 18, 0, 0, 0, 2, 0, 6] + "tagged".utf16.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
      let at = try #require(bytes.indices.first { bytes[$0...].starts(with: key + [0, 2]) })
      let flags = at + key.count + 2 + 1
      #expect(bytes[flags] & 0x04 != 0)
      bytes[flags] &= ~0x04
    }
    let result = try ProcessRunner.run(
      BuiltProducts.shipyard.path, ["dmg", "inspect", "--json", image])
    #expect(result.status == 0)
    #expect(
      result.standardError.contains(
        "/tagged: the attributes file holds 1 extended attribute(s), but the catalog record lacks kHFSHasAttributesMask"
      ), "\(result.standardError)")
    let report = try JSONSerialization.jsonObject(with: result.standardOutput) as? [String: Any]
    let files = report?["files"] as? [[String: Any]] ?? []
    let tagged = try #require(files.first { $0["path"] as? String == "/tagged" })
    #expect(tagged["attributesFlag"] as? Bool == false)
    let attributes = tagged["attributes"] as? [[String: Any]] ?? []
    #expect(attributes.first?["name"] as? String == "com.example.tag")
    #expect(
      attributes.first?["size"] as? Int == 3 && attributes.first?["storage"] as? String == "inline")
    #expect((report?["attributeProblems"] as? [String])?.count == 1)
  }
}
