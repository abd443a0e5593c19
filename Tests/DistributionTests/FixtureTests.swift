import DiskImage
import Foundation
import HFSPlus
import ShipyardTestSupport
import Testing
import VolumeInterface

/// Our reader against real images made by Apple's hdiutil.
@Suite(.enabled(if: DMGFixtures.shouldRun, DMGFixtures.skipReason))
struct FixtureTests {
  static func fixture(_ name: String) -> String {
    PeerPolicy.dmgFixtures.appendingPathComponent(name).path
  }

  static let hdiutilPartitionNames = [
    "Protective Master Boot Record (MBR : 0)", "GPT Header (Primary GPT Header : 1)",
    "GPT Partition Data (Primary GPT Table : 2)", " (Apple_Free : 3)", "disk image (Apple_HFS : 4)",
    " (Apple_Free : 5)", "GPT Partition Data (Backup GPT Table : 6)",
    "GPT Header (Backup GPT Header : 7)",
  ]

  @Test(arguments: [
    "hfs_xattrs-hdiutil.dmg", "hfs_xattrs-hdiutila.dmg", "hfs_xattrs-hdiutilab.dmg",
    "hfs_xattrs-hdiutilb.dmg",
    "attribution-hdiutila.dmg", "attribution-hdiutilb.dmg", "run_spanning-hdiutila.dmg",
    "signed-adhoc.dmg", "signed-selfsigned-developer-id.dmg",
  ])
  func readsHdiutilImages(name: String) throws {
    let reader = try DiskImageReader(path: Self.fixture(name))
    #expect(reader.partitions.map(\.name) == Self.hdiutilPartitionNames)
    #expect(reader.partitions.map(\.id) == Array(-1...6))
    #expect(reader.partitions.map(\.table.blockDescriptor) == Array(0...7))
    #expect(reader.trailer.sectorCount == 10240)
    #expect(reader.trailer.masterChecksum == reader.computedMasterChecksum)
    for partition in reader.partitions {
      #expect(reader.check(partition) == .ok, "\(partition.name)")
    }
    #expect((reader.trailer.codeSignatureLength > 0) == name.hasPrefix("signed"))
    let hfs = try #require(reader.hfsPartition)
    #expect(hfs.table.firstSector == 40)
    let volume = try HFSPlusReader(reader.bytes(of: hfs))
    #expect(try volume.volumeName() == "myDisk")
    let files = try volume.entries()
    for file in files {
      let letter = try #require(file.path.split(separator: "/").last)
      #expect(try volume.contents(of: file) == Array("content-\(letter)\n".utf8))
      #expect([501, 502].contains(file.ownerID) && file.groupID == 20 && file.mode == 0o100644)
    }
    #expect(
      Set(files.map(\.path))
        == (name.hasPrefix("hfs") || name.hasPrefix("signed") ? ["/a", "/b"] : ["/x"]))
  }

  /// The verdicts 7-Zip gives these images (`7zz t -tdmg`), from the fixtures' README.
  @Test(arguments: [
    ("corrupt-chunk-byte.dmg", "disk image (Apple_HFS : 4)", "data"),
    ("corrupt-partition-crc.dmg", "disk image (Apple_HFS : 4)", "crc"),
    ("corrupt-mbr-crc.dmg", "Protective Master Boot Record (MBR : 0)", "crc"),
  ])
  func findsTheDamage7ZipFinds(name: String, partition: String, kind: String) throws {
    let reader = try DiskImageReader(path: Self.fixture(name))
    for candidate in reader.partitions {
      let status = reader.check(candidate)
      if candidate.name != partition {
        #expect(status == .ok, "\(candidate.name)")
      } else if kind == "crc" {
        guard case .checksumMismatch = status else {
          Issue.record("\(status)")
          continue
        }
      } else {
        guard case .dataError = status else {
          Issue.record("\(status)")
          continue
        }
      }
    }
    #expect(reader.trailer.masterChecksum == reader.computedMasterChecksum)
  }

  @Test func aWrongMasterChecksumIsOnlyAWarning() throws {
    let reader = try DiskImageReader(path: Self.fixture("corrupt-master-crc.dmg"))
    #expect(reader.trailer.masterChecksum != reader.computedMasterChecksum)
    #expect(reader.partitions.allSatisfy { reader.check($0) == .ok })
  }
}
