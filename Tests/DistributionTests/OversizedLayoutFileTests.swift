import DiskImage
import Distribution
import Foundation
import HFSPlus
import ShipyardTestSupport
import Testing
import VolumeInterface

/// A volume whose `.DS_Store` or background picture claims far more bytes than a real one
/// (its catalog record given the data fork of a 160 MiB file of zeros, which the image stores as
/// zero-fill, so a reader that trusted the size would decode and hold all of it): `dmg inspect`
/// exits 1 naming the file, its claimed size and the limit, without reading it.
@Suite struct OversizedLayoutFileTests {
  static let zerosSize: Int64 = 160 << 20

  /// An uncompressed HFS+ image (`folder`'s Hello.dmg) of a folder holding `zeros.bin`, with the
  /// example layout's Retina background.
  static func image(in folder: ScratchFolder) throws -> [UInt8] {
    let source = folder.url.appendingPathComponent("payload")
    try FileManager.default.createDirectory(at: source, withIntermediateDirectories: true)
    let zeros = source.appendingPathComponent("zeros.bin")
    try Data().write(to: zeros)
    let handle = try FileHandle(forWritingTo: zeros)
    try handle.truncate(atOffset: UInt64(zerosSize))
    try handle.close()
    var options = DMGBuildOptions(
      source: source.path, output: folder.path("Hello.dmg"), threads: 1)
    options.format = .udro
    options.background =
      PeerPolicy.packageRoot.appendingPathComponent("Examples/layout/background.png").path
    _ = try DMGBuilder(options: options).build()
    return [UInt8](try Data(contentsOf: folder.file("Hello.dmg")))
  }

  /// The offset in `catalog` of the HFSPlusForkData (TN1150) that describes `entry`'s data
  /// fork: its logical size, then (after the clump size and block count) its first extent.
  static func forkData(of entry: VolumeEntry, in catalog: [UInt8]) throws -> Int {
    let first = try #require(entry.extents.first)
    func bigEndian<T: FixedWidthInteger>(_ value: T) -> [UInt8] {
      withUnsafeBytes(of: value.bigEndian) { Array($0) }
    }
    let size = bigEndian(UInt64(entry.size))
    let extent = bigEndian(UInt32(first.start)) + bigEndian(UInt32(first.blockCount))
    let matches = (0..<(catalog.count - 80)).filter { offset in
      catalog[offset..<(offset + 8)].elementsEqual(size)
        && catalog[(offset + 16)..<(offset + 24)].elementsEqual(extent)
    }
    #expect(matches.count == 1, "\(entry.path)'s fork data in the catalog")
    return try #require(matches.first)
  }

  @Test(arguments: ["/.DS_Store", "/.background/background.tiff"])
  func aLayoutFileClaimingMoreThanARealOneIsRefusedUnread(path: String) throws {
    let folder = try ScratchFolder()
    defer { folder.remove() }
    let image = try Self.image(in: folder)
    let reader = try DiskImageReader(path: folder.path("Hello.dmg"))
    let hfs = try #require(reader.hfsPartition)
    let bytes = reader.bytes(of: hfs)
    let entries = try HFSPlusReader(bytes).entries()
    let zeros = try #require(entries.first { $0.path == "/zeros.bin" })
    let victim = try #require(entries.first { $0.path == path }, "\(entries.map(\.path))")
    // The catalog file's extent, from the volume header (catalogFile at 272, TN1150).
    let header = try bytes.read(at: 1024, count: 512)
    func integer(at offset: Int) -> Int {
      header[offset..<(offset + 4)].reduce(0) { $0 << 8 | Int($1) }
    }
    let catalogEnd = (integer(at: 272 + 16) + integer(at: 272 + 20)) * integer(at: 40)
    var volume = try bytes.read(at: 0, count: catalogEnd)
    let from = try Self.forkData(of: zeros, in: volume)
    let to = try Self.forkData(of: victim, in: volume)
    volume.replaceSubrange(to..<(to + 80), with: volume[from..<(from + 80)])
    let hostile = try HostileVolumeImageTests.replacing(
      partition: "Apple_HFS", of: image, with: volume, in: folder)
    let name = "hfsplus-oversized-" + (path == "/.DS_Store" ? "dsstore" : "background") + ".dmg"
    let run = try HostileImageTests.shipyard(
      ["dmg", "inspect", try HostileVolumeImageTests.write(hostile, as: name, in: folder)])
    let limit = path == "/.DS_Store" ? 16 : 128
    #expect(run.status == 1, "\(run.standardError)")
    #expect(
      run.standardError.contains(
        "\(path): its record claims \(Self.zerosSize) bytes, more than the \(limit) MiB a real one could need; refused unread"
      ), "\(run.standardError)")
  }
}
