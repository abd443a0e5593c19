import APFS
import DiskImage
import StagedTree
import SystemSupport

/// A volume ready for the image: its bytes, and what the partition map and summary need.
struct BuiltVolume {
  let segments: [SegmentedByteStream.Segment]
  let byteCount: Int64
  let identifier: UInt64
  let partitionType: PartitionType
  let fileCount: UInt32
  let folderCount: UInt32

  func makeStream() -> SegmentedByteStream { SegmentedByteStream(segments) }
}

extension DMGBuilder {
  /// Seconds from 1904 (HFS dates, which alias records hold) to 1970.
  static let hfsEpochOffset: Int64 = 2_082_844_800

  /// The APFS container for the staged root, its `.DS_Store` filled in: the background's alias
  /// holds the inode numbers APFS gives the picture and its folder.
  func apfsContainer(root: SourceItem, volumeName: String) throws -> BuiltVolume {
    var root = root
    var containerOptions = APFSVolumeOptions(
      volumeName: volumeName, ownerID: options.ownerID, groupID: options.groupID,
      freeSpace: options.freeSpace, dateLimit: options.dateLimit,
      identifier: options.volumeIdentifier, caseSensitive: options.caseSensitive)
    if options.volumeIcon != nil { containerOptions.rootFinderFlags = 0x0400 }  // kHasCustomIcon
    let planned = try APFSContainer.plannedItems(root: root, options: containerOptions)
    let items = planned.compactMapValues { item -> (id: UInt32, date: UInt32)? in
      guard let id = UInt32(exactly: item.id) else { return nil }
      return (id, UInt32(clamping: item.date + Self.hfsEpochOffset))
    }
    let store = try finderStore(
      for: root, volumeName: volumeName, items: items, volumeDate: items["/"]?.date ?? 0)
    root.fillDSStore(with: store)
    let container = try APFSContainer(root: root, options: containerOptions)
    return BuiltVolume(
      segments: container.segments, byteCount: container.byteCount,
      identifier: container.identifier, partitionType: .apfs,
      fileCount: UInt32(clamping: container.fileCount + container.symbolicLinkCount),
      folderCount: UInt32(clamping: container.folderCount))
  }
}

extension SourceItem {
  /// Puts `store` in the root's `.DS_Store` item.
  mutating func fillDSStore(with store: [UInt8]) {
    content = .folder(
      children.map { item in
        var item = item
        if item.name == ".DS_Store" { item.content = .data(store) }
        return item
      })
  }
}
