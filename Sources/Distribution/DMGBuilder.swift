import DiskImage
import Foundation
package import HFSPlus
import SystemSupport

/// Builds a disk image from an app: stages it with an `/Applications` link, lays out the HFS+
/// volume and writes the UDIF image through a temporary file that is renamed into place.
package struct DMGBuilder {
  /// What was built.
  package struct Result: Sendable {
    /// The volume's name.
    package let volumeName: String
    /// The volume's size in bytes.
    package let volumeBytes: Int64
    /// The image's size in bytes.
    package let imageBytes: Int64
    /// Files and folders on the volume.
    package let fileCount: UInt32
    /// Folders on the volume.
    package let folderCount: UInt32
  }

  /// What goes on the volume.
  package let options: DMGBuildOptions

  /// Makes a builder.
  package init(options: DMGBuildOptions) {
    self.options = options
  }

  /// The root folder of the volume: the app (or the folder's items) and the Applications link.
  package func stage() throws(HFSPlusError) -> (root: SourceItem, volumeName: String) {
    var source = try SourceScanner.scan(options.source)
    guard source.isFolder else {
      throw .unsupportedSource(
        path: options.source, reason: "expected an .app bundle or a folder, not a file")
    }
    let isBundle = (options.source as NSString).pathExtension.lowercased() == "app"
    let name = source.name.hasSuffix(".app") ? String(source.name.dropLast(4)) : source.name
    var items = isBundle ? [source] : source.children
    let latest = Self.latestDate(of: source)
    if options.applicationsLink {
      if items.contains(where: { $0.name.caseInsensitiveCompare("Applications") == .orderedSame }) {
        throw .conflictingNames(folder: "/", first: "Applications", second: "the Applications link")
      }
      items.append(
        SourceItem(
          name: "Applications", content: .symbolicLink(target: "/Applications"), permissions: 0o755,
          modificationDate: latest, sourcePath: "the Applications link"))
    }
    source.content = .folder(items)
    source.modificationDate = latest
    return (source, options.volumeName ?? name)
  }

  /// Builds the image; `progress` receives the volume bytes done and the total.
  package func build(progress: ((Int64, Int64) -> Void)? = nil) throws -> Result {
    let (root, volumeName) = try stage()
    let volume = try HFSPlusVolume(
      root: root,
      options: HFSPlusVolumeOptions(
        volumeName: volumeName, ownerID: options.ownerID, groupID: options.groupID,
        freeSpace: options.freeSpace,
        dateLimit: options.dateLimit, volumeIdentifier: options.volumeIdentifier))
    let writer = DiskImageWriter(
      format: options.format, level: options.level, threads: options.threads)
    let summary = try AtomicOutputFile.write(to: options.output) { descriptor in
      try writer.write(
        volume: volume.makeStream(), volumeBytes: volume.byteCount,
        identifier: volume.volumeIdentifier, to: descriptor
      ) { done in progress?(done, volume.byteCount) }
    }
    return Result(
      volumeName: volumeName, volumeBytes: volume.byteCount, imageBytes: summary.imageBytes,
      fileCount: volume.fileCount, folderCount: volume.folderCount)
  }

  /// The newest modification date in the tree.
  static func latestDate(of item: SourceItem) -> Int64 {
    item.children.reduce(item.modificationDate) { max($0, latestDate(of: $1)) }
  }
}
