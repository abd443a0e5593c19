import Foundation
import HFSPlus
import ShipyardTestSupport
import StagedTree
import SystemSupport
import Testing
import VolumeInterface

/// The special files' clump sizes stay where fsck_hfs accepts them: a non-zero multiple of the
/// block size, at most a quarter of the volume (`totalBlocks / 4 × blockSize`).
@Suite struct ClumpSizeTests {
  /// The volume header's total blocks and the allocation, extents, catalog and attributes files'
  /// clump sizes.
  static func clumpSizes(of volume: HFSPlusVolume) throws -> (totalBlocks: UInt32, clumps: [UInt32])
  {
    let stream = volume.makeStream()
    var buffer = [UInt8](repeating: 0, count: 1536)
    var filled = 0
    while filled < buffer.count {
      let count = try buffer[filled...].withUnsafeMutableBytes { try stream.read(into: $0) }
      if count == 0 { break }
      filled += count
    }
    let header = ByteReader(buffer[1024..<1536])
    let clumps = try [112, 192, 272, 352].map { try header.getInteger(at: $0 + 8, as: UInt32.self) }
    return (try header.getInteger(at: 44), clumps)
  }

  static func volume(items: [SourceItem], freeSpace: Int64 = 0) throws -> HFSPlusVolume {
    try HFSPlusVolume(
      root: SourceItem(name: "r", content: .folder(items), permissions: 0o755, modificationDate: 0),
      options: VolumeOptions(volumeName: "Clumps", freeSpace: freeSpace))
  }

  static func expectWithinFsckBounds(_ volume: HFSPlusVolume) throws {
    let (totalBlocks, clumps) = try clumpSizes(of: volume)
    let bound = UInt32(totalBlocks / 4) * 4096
    for (name, clump) in zip(["allocation", "extents", "catalog", "attributes"], clumps) {
      #expect(clump > 0 && clump % 4096 == 0 && clump <= bound, "\(name): \(clump) of \(bound)")
    }
  }

  @Test func aTinyVolumeWithOneAttribute() throws {
    let file = SourceItem(
      name: "empty", content: .data([]), permissions: 0o644, modificationDate: 0,
      extendedAttributes: [("k", Array("v".utf8))])
    let volume = try Self.volume(items: [file])
    #expect(volume.byteCount <= 64 * 1024)
    try Self.expectWithinFsckBounds(volume)
  }

  @Test func fourHundredFilesWithAThousandAttributes() throws {
    let files = (0..<400).map { index in
      SourceItem(
        name: "file\(index)", content: .data([UInt8(index % 256)]), permissions: 0o644,
        modificationDate: 0,
        extendedAttributes: (0..<(index % 5 == 0 ? 4 : 2)).map {
          ("attribute.\($0)", [UInt8](repeating: UInt8($0), count: 200))
        })
    }
    try Self.expectWithinFsckBounds(try Self.volume(items: files))
  }

  @Test func newfsSizesOnLargerVolumes() throws {
    // 2 GiB of free space: newfs_hfs's table gives the 2 GiB row (attributes and catalog 6 MiB,
    // extents 4 MiB); the bitmap's clump is its own size.
    let volume = try Self.volume(items: [], freeSpace: 2 << 30)
    let (totalBlocks, clumps) = try Self.clumpSizes(of: volume)
    let bitmapBytes = (totalBlocks + 7) / 8
    #expect(clumps[0] == (bitmapBytes + 4095) / 4096 * 4096)
    #expect(clumps[1] == 4 << 20 && clumps[2] == 6 << 20 && clumps[3] == 6 << 20)
    // 100 MiB: 1/128 of the volume, rounded down to whole nodes (4 KiB catalog nodes, 8 KiB
    // attribute nodes).
    let (blocks, small) = try Self.clumpSizes(of: try Self.volume(items: [], freeSpace: 100 << 20))
    let share = blocks * 4096 / 128
    #expect(small[2] == share / 4096 * 4096 && small[3] == share / 8192 * 8192)
    try Self.expectWithinFsckBounds(volume)
  }
}
