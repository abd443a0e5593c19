import DiskImage
import Distribution
import Foundation
import ShipyardTestSupport
import Testing

/// Images whose partitions decode and check, but whose file system is hostile or unreadable:
/// `dmg inspect` exits 1 with the reader's message, never a trap and never an empty listing.
///
/// With `SHIPYARD_KEEP_HOSTILE_IMAGES=<folder>` the images are kept there, for
/// `Benchmarks/hostile-images/run.sh` to measure `dmg inspect`'s peak memory on each.
@Suite struct HostileVolumeImageTests {
  /// Hello.app as an uncompressed APFS or HFS+ image.
  static func rawImage(_ fileSystem: DMGBuildOptions.FileSystem, in folder: ScratchFolder) throws
    -> [UInt8]
  {
    var options = DMGBuildOptions(
      source: HostileImageTests.helloApp, output: folder.path("Hello.dmg"), threads: 1)
    options.format = .udro
    options.fileSystem = fileSystem
    _ = try DMGBuilder(options: options).build()
    return [UInt8](try Data(contentsOf: folder.file("Hello.dmg")))
  }

  /// `image` (at `folder`'s Hello.dmg) with its partition `name`'s bytes replaced by `volume`
  /// where they differ (in its raw chunks), and the partition's CRC-32 made to match.
  static func replacing(
    partition name: String, of image: [UInt8], with volume: [UInt8], in folder: ScratchFolder
  ) throws -> [UInt8] {
    let reader = try DiskImageReader(path: folder.path("Hello.dmg"))
    let partition = try #require(reader.partitions.first { $0.name.contains(name) })
    let original = try reader.bytes(of: partition).read(at: 0, count: volume.count)
    var patched = image
    for offset in volume.indices where volume[offset] != original[offset] {
      let sector = Int64(offset / 512)
      let chunk = try #require(
        partition.table.chunks.first {
          $0.firstSector <= sector && sector < $0.firstSector + $0.sectorCount
        })
      #expect(chunk.type == .raw, "byte \(offset) is not in a raw chunk")
      patched[Int(chunk.compressedOffset) + offset - Int(chunk.firstSector) * 512] = volume[offset]
    }
    try Data(patched).write(to: folder.file("patched.dmg"))
    let check = try DiskImageReader(path: folder.path("patched.dmg"))
    let changed = try #require(check.partitions.first { $0.name.contains(name) })
    guard case .checksumMismatch(let crc) = check.check(changed) else { return patched }
    return try HostileImageTests.rewritingTables(of: patched) { table, bytes in
      if table.contains(name) { HostileImageTests.setInteger(crc, at: 72, in: &bytes) }
    }
  }

  /// Writes `image` as `name`, kept in `SHIPYARD_KEEP_HOSTILE_IMAGES` when it is set.
  static func write(_ image: [UInt8], as name: String, in folder: ScratchFolder) throws -> String {
    try Data(image).write(to: folder.file(name))
    if let keep = ProcessInfo.processInfo.environment["SHIPYARD_KEEP_HOSTILE_IMAGES"] {
      try Data(image).write(to: URL(fileURLWithPath: keep).appendingPathComponent(name))
    }
    return folder.path(name)
  }

  @Test(arguments: HostileAPFSCase.all)
  func aHostileContainerIsTheReadersErrorInDmgInspect(_ hostile: HostileAPFSCase) throws {
    let folder = try ScratchFolder()
    defer { folder.remove() }
    let image = try Self.rawImage(.apfs, in: folder)
    let reader = try DiskImageReader(path: folder.path("Hello.dmg"))
    let apfs = try #require(reader.apfsPartition)
    let bytes = reader.bytes(of: apfs)
    let (container, message) = hostile.apply(to: try bytes.read(at: 0, count: Int(bytes.length)))
    let hostileImage = try Self.replacing(
      partition: "Apple_APFS", of: image, with: container, in: folder)
    let name = hostile.description.map { $0.isLetter || $0.isNumber ? $0 : "-" }
    let path = try Self.write(hostileImage, as: "apfs-\(String(name)).dmg", in: folder)
    let run = try HostileImageTests.shipyard(["dmg", "inspect", path])
    #expect(run.status == 1, "\(run.standardError)")
    #expect(
      run.standardError.contains("not a readable APFS container: " + message),
      "\(run.standardError)")
  }

  /// Before, `dmg inspect` listed no files and exited 0 when the volume could not be opened.
  @Test func anUnreadableHFSPlusVolumeIsAnError() throws {
    let folder = try ScratchFolder()
    defer { folder.remove() }
    let image = try Self.rawImage(.hfsPlus, in: folder)
    let reader = try DiskImageReader(path: folder.path("Hello.dmg"))
    let hfs = try #require(reader.hfsPartition)
    var volume = try reader.bytes(of: hfs).read(at: 0, count: 4096)
    volume[1024] = 0x58  // the signature "H+" becomes "X+"
    let hostileImage = try Self.replacing(
      partition: "Apple_HFS", of: image, with: volume, in: folder)
    let path = try Self.write(hostileImage, as: "hfsplus-no-signature.dmg", in: folder)
    let run = try HostileImageTests.shipyard(["dmg", "inspect", path])
    #expect(run.status == 1, "\(run.standardError)")
    #expect(
      run.standardError.contains("no H+ or HX signature at byte 1024"), "\(run.standardError)")
  }
}
