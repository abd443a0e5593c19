import APFS
import DiskImage
import HFSPlus
import StagedTree
import VolumeInterface

extension DMGBuilder {
  /// Seconds from 1904 (HFS dates, which alias records hold) to 1970.
  static let hfsEpochOffset: Int64 = 2_082_844_800

  /// What every volume is built with, from the build's options.
  func volumeOptions(volumeName: String) -> VolumeOptions {
    VolumeOptions(
      volumeName: volumeName, ownerID: options.ownerID, groupID: options.groupID,
      freeSpace: options.freeSpace, dateLimit: options.dateLimit,
      volumeIdentifier: options.volumeIdentifier,
      rootFinderFlags: options.volumeIcon == nil ? 0 : 0x0400,  // kHasCustomIcon
      caseSensitive: options.caseSensitive)
  }

  /// The volume of file system `Volume` for the staged root, planned once: the plan gives the
  /// IDs the `.DS_Store`'s background alias needs, then builds the volume with that store.
  func volume<Volume: FileSystemVolume>(
    _: Volume.Type, root: SourceItem, volumeName: String
  ) throws -> Volume {
    let plan = try Volume.plan(root: root, options: volumeOptions(volumeName: volumeName))
    let store = try finderStore(
      for: root, volumeName: volumeName, item: plan.item(atPath:), volumeDate: plan.volumeDate)
    return try plan.build(dsStore: store)
  }
}

extension DMGBuildOptions.FileSystem {
  /// The volume type that writes this file system.
  var volumeType: any FileSystemVolume.Type {
    switch self {
    case .hfsPlus: HFSPlusVolume.self
    case .apfs: APFSContainer.self
    }
  }
}

extension PartitionType {
  /// The partition that holds a volume of `fileSystem`.
  init(_ fileSystem: VolumeFileSystem) {
    switch fileSystem {
    case .hfsPlus: self = .hfs
    case .apfs: self = .apfs
    }
  }
}
