import APFS
import DiskImage
import FinderLayout
import HFSPlus
import StagedTree
import VolumeInterface

extension DMGInspection {
  /// What the report shows of the volume, the same for HFS+ and APFS.
  struct VolumeContent {
    var name: String
    var files: [File]
    var volumeIcon: Bool
    var layout: Layout?
    var layoutProblem: String?
    var backgroundPictures: [BackgroundPicture]?
    var attributeProblems: [String]
  }

  /// A reader for the image's volume: the `Apple_APFS` partition's container, else the
  /// `Apple_HFS` partition's volume, when there is one and its chunks all decode.
  ///
  /// - Throws: The file system's error when the partition decodes but its container or volume
  ///   cannot be opened: an unreadable file system is an error, never an empty listing.
  static func volumeReader(of reader: DiskImageReader, partitions: [Partition]) throws
    -> (any VolumeReader)?
  {
    func decodes(_ partition: DiskImageReader.Partition) -> Bool {
      partitions.first { $0.id == partition.id }?.status == .ok
    }
    if let partition = reader.apfsPartition, decodes(partition) {
      return try APFSReader(reader.bytes(of: partition))
    }
    if let partition = reader.hfsPartition, decodes(partition) {
      return try HFSPlusReader(reader.bytes(of: partition))
    }
    return nil
  }

  /// The volume's name, files, volume icon, layout and background, and the items whose
  /// attributes a Mac would not see.
  ///
  /// - Throws: The volume's errors; ``OversizedVolumeFile`` for a `.DS_Store` or background
  ///   picture larger than ``dsStoreLimit`` or ``backgroundLimit``.
  static func content(of volume: any VolumeReader) throws -> VolumeContent {
    let name = try volume.volumeName()
    let entries = try volume.entries()
    let files = entries.map(File.init)
    var content = VolumeContent(
      name: name, files: files,
      volumeIcon: try volume.rootFolder().finderFlags & 0x0400 != 0  // kHasCustomIcon
        && files.contains { $0.path == "/.VolumeIcon.icns" },
      attributeProblems: entries.filter(\.attributesFlagDisagrees).map { entry in
        entry.hasAttributesFlag
          ? "\(entry.path): the catalog flags extended attributes (kHFSHasAttributesMask), but the attributes file holds none"
          : "\(entry.path): the attributes file holds \(entry.attributes.count) extended attribute(s), but the catalog record lacks kHFSHasAttributesMask, so a Mac will not see them"
      })
    if let store = entries.first(where: { $0.path == "/\(SourceItem.dsStoreName)" }) {
      do {
        let stored = try FinderWindowLayout(
          dsStore: try contents(of: store, in: volume, limit: dsStoreLimit))
        content.layout = Layout(stored)
        content.backgroundPictures = try pictures(of: stored, entries: entries, volume: volume)
      } catch let error as OversizedVolumeFile {
        throw error  // a size past what a real store or picture needs: an error, not a problem
      } catch {
        content.layoutProblem = "/.DS_Store: \(error)"
      }
    }
    return content
  }
}

extension DMGInspection {
  /// The pictures of the background, when it is a TIFF on the volume.
  ///
  /// - Throws: ``OversizedVolumeFile`` for a picture past ``backgroundLimit``.
  static func pictures(
    of layout: FinderWindowLayout, entries: [VolumeEntry], volume: any VolumeReader
  ) throws -> [BackgroundPicture]? {
    guard let path = layout.backgroundPicture?.path,
      let entry = entries.first(where: { $0.path == path })
    else { return nil }
    let bytes = try contents(of: entry, in: volume, limit: backgroundLimit)
    guard
      bytes.starts(with: [0x49, 0x49, 0x2A, 0x00]) || bytes.starts(with: [0x4D, 0x4D, 0x00, 0x2A])
    else { return nil }
    return RetinaBackground.frames(ofTIFF: bytes)?.map {
      BackgroundPicture(width: $0.width, height: $0.height, dpi: $0.dpi)
    }
  }
}

extension DMGInspection.File {
  /// A file as the report lists it, from either file system's entry.
  init(_ entry: VolumeEntry) {
    self.init(
      path: entry.path, kind: Kind(entry.kind), size: entry.size,
      mode: String(entry.mode, radix: 8), owner: entry.ownerID, group: entry.groupID,
      linkTarget: entry.linkTarget,
      attributes: entry.attributes.isEmpty
        ? nil
        : entry.attributes.map {
          DMGInspection.Attribute(
            name: $0.name, size: $0.size, storage: $0.isInline ? .inline : .stream
          )
        },
      resourceFork: entry.resourceForkSize > 0 ? entry.resourceForkSize : nil,
      attributesFlag: entry.hasAttributesFlag)
  }
}

extension DMGInspection.File.Kind {
  /// The kind of a volume's entry.
  init(_ kind: VolumeEntry.Kind) {
    self =
      switch kind {
      case .folder: .folder
      case .file: .file
      case .symbolicLink: .symbolicLink
      }
  }
}
