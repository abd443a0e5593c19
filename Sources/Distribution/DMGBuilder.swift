import DiskImage
import FinderLayout
import Foundation
package import StagedTree
import SystemSupport
import VolumeInterface

/// Builds a disk image from an app: stages it with an `/Applications` link, lays out the HFS+
/// volume or APFS container and writes the UDIF image through a temporary file that is renamed
/// into place.
///
/// It does what `shipyard dmg build` does, natively on any OS, and gives the same bytes for the
/// same options:
///
/// ```swift
/// let options = DMGBuildOptions(source: "build/MyApp.app", output: "dist/MyApp.dmg")
/// let result = try await DMGBuilder(options: options).build { progress in
///   print("\(Int(progress.fractionCompleted * 100)) %")
/// }
/// print("wrote \(result.output): \(result.imageBytes) bytes")
/// ```
public struct DMGBuilder: Sendable {
  /// What was built (as JSON, its properties by name: `dmg build --json` prints it).
  public struct Result: Sendable, Encodable {
    /// The volume's name.
    public let volumeName: String
    /// The volume's size in bytes.
    public let volumeBytes: Int64
    /// The image's size in bytes.
    public let imageBytes: Int64
    /// Files and folders on the volume.
    public let fileCount: UInt32
    /// Folders on the volume.
    public let folderCount: UInt32
    /// Where the image was written: the options' ``DMGBuildOptions/output``.
    public let output: String
  }

  /// What goes on the volume.
  public let options: DMGBuildOptions

  /// Makes a builder.
  public init(options: DMGBuildOptions) {
    self.options = options
  }

  /// The root folder of the volume: the app (or the folder's items) and the Applications link.
  ///
  /// `retinaPicture` is the TIFF to store as the background, when one is made; `madeIcon` the
  /// `.icns` to store as the volume icon, when one is made from a PNG.
  package func stage(retinaPicture: [UInt8]? = nil, madeIcon: [UInt8]? = nil)
    throws(StagingError) -> (
      root: SourceItem, volumeName: String
    )
  {
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
      let linkName = options.applicationsLinkName
      if items.contains(where: { $0.name.caseInsensitiveCompare(linkName) == .orderedSame }) {
        throw .nameTaken(folder: "/", name: linkName, by: "the Applications link")
      }
      items.append(
        SourceItem(
          name: linkName, content: .symbolicLink(target: "/Applications"), permissions: 0o755,
          modificationDate: latest, sourcePath: "the Applications link"))
    }
    for addition in options.additions {
      switch addition {
      case .file(let path, let name):
        var item = try SourceScanner.scan(path)
        item.name = name
        items.append(item)
      case .link(let name, let target):
        items.append(
          SourceItem(
            name: name, content: .symbolicLink(target: target), permissions: 0o755,
            modificationDate: latest, sourcePath: "the link \(name)"))
      }
    }
    for name in options.hiddenExtensions {
      guard let index = items.firstIndex(where: { $0.name == name }) else {
        throw .unsupportedSource(
          path: name,
          reason: "its extension is to be hidden, but the volume's root holds no item of that name")
      }
      items[index].finderFlags |= 0x0010  // the Finder's "hide extension" flag
    }
    try Self.refuseDetritus(inAppsAmong: items)
    let invisible: UInt16 = 0x4000  // kIsInvisible
    if let background = options.background {
      var picture = try SourceScanner.scan(background)
      guard !picture.isFolder else {
        throw .unsupportedSource(path: background, reason: "the background must be a picture file")
      }
      picture.modificationDate = latest
      if let retinaPicture, let name = backgroundStoredName {
        picture = SourceItem(
          name: name, content: .data(retinaPicture), permissions: 0o644,
          modificationDate: latest, sourcePath: background)
      }
      items.append(
        SourceItem(
          name: ".background", content: .folder([picture]), permissions: 0o755,
          modificationDate: latest,
          finderFlags: invisible, sourcePath: background))
    }
    if let icon = options.volumeIcon {
      var file = try SourceScanner.scan(icon)
      guard !file.isFolder else {
        throw .unsupportedSource(
          path: icon, reason: "the volume icon must be an .icns file or a PNG")
      }
      if let madeIcon {  // the PNG's own attributes (permissions, extended ones) stay behind
        file = SourceItem(
          name: file.name, content: .data(madeIcon), permissions: 0o644,
          modificationDate: latest, sourcePath: icon)
      }
      file.name = ".VolumeIcon.icns"
      file.finderFlags = invisible
      file.modificationDate = latest
      items.append(file)
    }
    // The .DS_Store is filled in once the volume's plan has given the IDs the alias needs.
    items.append(
      SourceItem(
        name: SourceItem.dsStoreName, content: .data([]), permissions: 0o644,
        modificationDate: latest,
        finderFlags: invisible))
    source.content = .folder(items)
    source.modificationDate = latest
    return (source, options.volumeName ?? name)
  }

  /// Builds the image; `progress` receives the volume bytes done and the total after each batch
  /// of chunks, and what it throws stops the build (no image, no temporary file left).
  package func build(progress: ((Int64, Int64) throws -> Void)? = nil) throws -> Result {
    try DMGLayoutCheck.checkFiles(options)
    let license = try options.licenseAgreement()
    let (volume, volumeName) = try stagedVolume()
    var writer = DiskImageWriter(
      format: options.format, level: options.level, threads: options.threads)
    writer.license = license
    let summary = try AtomicOutputFile.write(to: options.output) { descriptor in
      try writer.write(
        volume: volume.makeStream(), volumeBytes: volume.byteCount,
        identifier: volume.identifier, partitionType: PartitionType(type(of: volume).fileSystem),
        to: descriptor
      ) { done in try progress?(done, volume.byteCount) }
    }
    return Result(
      volumeName: volumeName, volumeBytes: volume.byteCount, imageBytes: summary.imageBytes,
      fileCount: volume.itemCounts.files, folderCount: volume.itemCounts.folders,
      output: options.output)
  }

  /// The volume of the staged tree, and its name.
  ///
  /// The staged tree is gone once this returns: the volume keeps what it writes (for a file, its shared folder path and name), so a
  /// million-file tree is not held while the image is written.
  func stagedVolume() throws -> (volume: any FileSystemVolume, volumeName: String) {
    let (root, volumeName) = try stage(
      retinaPicture: try retinaBackground(), madeIcon: try volumeIconFromPNG())
    return (
      try self.volume(options.fileSystem.volumeType, root: root, volumeName: volumeName),
      volumeName
    )
  }

  /// The `.DS_Store` for the staged root: the layout's records, with the background's alias built
  /// from the IDs the volume will give (HFS+ catalog IDs or APFS inode numbers).
  func finderStore(
    for root: SourceItem, volumeName: String, item: (String) -> PlannedItem?, volumeDate: Int64
  ) throws -> [UInt8] {
    var layout = options.layout
    let visible = root.children.filter { !$0.name.hasPrefix(".") }.map(\.name)
    if layout.positions.isEmpty {
      // The app on the left, the Applications link on the right, anything else below.
      var others = 0
      for name in visible {
        if name == options.applicationsLinkName && options.applicationsLink {
          layout.positions[name] = (480, 170)
        } else if name.hasSuffix(".app") && layout.positions.values.allSatisfy({ $0 != (180, 170) })
        {
          layout.positions[name] = (180, 170)
        } else {
          layout.positions[name] = (180 + 150 * (others % 3), 320 + 150 * (others / 3))
          others += 1
        }
      }
      // Extra rows make the window taller rather than hide their icons.
      let lowest = layout.positions.values.map(\.y).max() ?? 0
      layout.windowSize.height = max(layout.windowSize.height, lowest + 80)
    }
    try DMGLayoutCheck.checkPositions(layout, rootNames: root.children.map(\.name))
    var alias: AliasRecord?
    if let background = options.background {
      let fileName = backgroundStoredName ?? (background as NSString).lastPathComponent
      guard let file = item("/.background/\(fileName)"), let folder = item("/.background"),
        let fileID = UInt32(exactly: file.id), let folderID = UInt32(exactly: folder.id)
      else {
        throw StagingError.unsupportedSource(
          path: background, reason: "the background was not staged")
      }
      alias = AliasRecord(
        volumeName: volumeName, volumeDate: Self.aliasDate(volumeDate), fileName: fileName,
        fileID: fileID, fileDate: Self.aliasDate(file.date), folderName: ".background",
        folderID: folderID)
    }
    return DSStoreWriter.data(for: try layout.records(backgroundAlias: alias))
  }

  /// A date (seconds since 1970) as an alias holds it: seconds since 1904.
  static func aliasDate(_ seconds: Int64) -> UInt32 {
    UInt32(clamping: seconds + hfsEpochOffset)
  }

  /// The newest modification date in the tree.
  static func latestDate(of item: SourceItem) -> Int64 {
    item.children.reduce(item.modificationDate) { max($0, latestDate(of: $1)) }
  }
}
