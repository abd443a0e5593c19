import APFS
import DiskImage
import HFSPlus
import StagedTree
package import VolumeInterface

/// The apps of a disk image, copied out of its HFS+ or APFS volume into a folder so that they
/// can be verified as `shipyard app verify` verifies them, as `dmg verify` does.
///
/// Every folder at the volume's root whose name ends in `.app` is extracted whole: folders,
/// regular files with their bytes and permission bits, and symbolic links as links with their
/// targets (never followed). Nothing is written outside the app's folder: an entry whose name
/// would leave it is refused. Each app also lists its detritus, the items inside it that carry
/// Finder info, a resource fork or other extended attributes in the image:
///
/// ```swift
/// let extraction = try DMGAppExtraction(path: "dist/MyApp.dmg", extractingInto: scratch)
/// for app in extraction.apps where !app.detritus.isEmpty {
///   print(app.volumePath, app.detritus.map(\.path))
/// }
/// ```
public struct DMGAppExtraction: Sendable, Encodable {
  /// An item inside an app that carries attributes.
  public struct Detritus: Sendable, Equatable, Encodable {
    /// Its path on the volume, such as `/Hello.app/Contents/Resources/x`.
    public let path: String
    /// The attributes' names, as a Mac's `listxattr` gives them (`com.apple.FinderInfo` and
    /// `com.apple.ResourceFork` first).
    public let attributes: [String]
    /// Whether a Mac's `codesign --verify --strict` refuses the item ("resource fork, Finder
    /// information, or similar detritus not allowed"): it has Finder info or a resource fork.
    public let breaksStrictVerification: Bool
  }

  /// An app found at the volume's root.
  public struct App: Sendable, Equatable, Encodable {
    /// Its path on the volume, such as `/Hello.app`.
    public let volumePath: String
    /// Where it was extracted: the folder given, then its name.
    public let extractedPath: String
    /// The items inside it (not the bundle folder itself) that carry attributes.
    public let detritus: [Detritus]
  }

  /// The image's path.
  public let image: String
  /// The apps at the volume's root, by name.
  public let apps: [App]

  /// Reads the image at `path` and extracts every app at its volume's root into `folder`.
  ///
  /// Each file's bytes are read whole, one file at a time, and written before the next is read.
  ///
  /// - Parameters:
  ///   - path: The disk image's path.
  ///   - folder: An existing folder that holds no item of an app's name.
  /// - Throws: ``DMGExtractionError`` for an image or volume that cannot be read, an entry
  ///   that would leave its app's folder, or a write that fails.
  public init(path: String, extractingInto folder: String) throws(DMGExtractionError) {
    try self.init(volume: try Self.volumeReader(ofImage: path), image: path, extractingInto: folder)
  }

  /// Extracts every app at the root of `volume`, read from the image at `path`, into `folder`.
  ///
  /// - Throws: What ``init(path:extractingInto:)`` throws, but for opening the image.
  package init(volume: any VolumeReader, image path: String, extractingInto folder: String)
    throws(DMGExtractionError)
  {
    image = path
    let entries: [VolumeEntry]
    do {
      entries = try volume.entries()
    } catch {
      throw .unreadableImage(image: path, reason: "\(error)")
    }
    var apps: [App] = []
    let writer = VolumeTreeWriter(image: path, destination: folder, replacing: false)
    for root in Self.rootApps(in: entries) {
      let inside = entries.filter { $0.path.hasPrefix(root.path + "/") }
      let target = folder + root.path
      try writer.write([root] + inside, from: volume)
      let hfsPlus = volume is HFSPlusReader
      apps.append(
        App(
          volumePath: root.path, extractedPath: target,
          detritus: inside.compactMap { Self.detritus(of: $0, hfsPlus: hfsPlus) }.sorted {
            $0.path < $1.path
          }))
    }
    self.apps = apps
  }

  /// The folders at the volume's root whose names end in `.app`, by path.
  static func rootApps(in entries: [VolumeEntry]) -> [VolumeEntry] {
    entries.filter { entry in
      entry.kind == .folder && entry.path.lowercased().hasSuffix(".app")
        && entry.path.lastIndex(of: "/") == entry.path.startIndex
    }.sorted { $0.path < $1.path }
  }

  /// The entry's detritus, when it carries attributes a Mac's `listxattr` would list.
  ///
  /// On HFS+ that leaves out Finder info whose only non-zero bytes are those xnu hides from
  /// `getxattr` (`hfs_zero_hidden_fields`: the extended info's document ID, date added and
  /// write generation counter, which our writer and hdiutil fill in for every item; a
  /// symbolic link's `slnk`/`rhap` type and creator).
  static func detritus(of entry: VolumeEntry, hfsPlus: Bool) -> Detritus? {
    var finderInfo = entry.finderInfo
    if hfsPlus, finderInfo.count == SourceItem.finderInfoSize {
      for hidden in [16..<24, 28..<32] {
        finderInfo.replaceSubrange(hidden, with: repeatElement(0, count: hidden.count))
      }
      if entry.kind == .symbolicLink {
        finderInfo.replaceSubrange(0..<8, with: repeatElement(0, count: 8))
      }
    }
    let hasFinderInfo = finderInfo.contains { $0 != 0 }
    let names =
      (hasFinderInfo ? [SourceItem.finderInfoAttribute] : [])
      + (entry.resourceFork == nil ? [] : [SourceItem.resourceForkAttribute])
      + entry.attributes.map(\.name)
    guard !names.isEmpty else { return nil }
    return Detritus(
      path: entry.path, attributes: names,
      breaksStrictVerification: hasFinderInfo || entry.resourceFork != nil)
  }

  /// A reader for the image's volume: the `Apple_APFS` partition's container, else the
  /// `Apple_HFS` partition's volume.
  ///
  /// Chunks are decoded as the files are read; a chunk that does not decode is an error, while
  /// checksums are left to ``DMGVerification``.
  static func volumeReader(ofImage path: String) throws(DMGExtractionError)
    -> any VolumeReader
  {
    do {
      let reader = try DiskImageReader(path: path)
      if let partition = reader.apfsPartition {
        return try APFSReader(reader.bytes(of: partition))
      }
      if let partition = reader.hfsPartition {
        return try HFSPlusReader(reader.bytes(of: partition))
      }
    } catch {
      throw .unreadableImage(image: path, reason: "\(error)")
    }
    throw .unreadableImage(image: path, reason: "no Apple_APFS or Apple_HFS partition")
  }
}
