import VolumeInterface

/// The files of a disk image's volume (HFS+ or APFS, in any UDIF format), as `shipyard dmg ls`
/// lists them: every item below the root, or below one folder, each folder before what it holds.
///
/// The files' data is not read: chunks are decoded as the catalog's reads need them. Each item
/// has the keys of `dmg inspect --json`'s files:
///
/// ```swift
/// let listing = try DMGListing(path: "dist/MyApp.dmg", under: "MyApp.app/Contents/MacOS")
/// for file in listing.files { print(file.mode, file.size, file.path) }
/// ```
public struct DMGListing: Sendable, Encodable {
  /// The image's path.
  public let image: String
  /// The volume's name.
  public let volume: String
  /// The folder listed, as the volume spells it (`/` for the root).
  public let folder: String
  /// The items below the folder (or the one item, when the path names a file or a link), in
  /// path order.
  public let files: [DMGInspection.File]

  /// Lists the volume of the image at `path`, below `folder`.
  ///
  /// - Parameters:
  ///   - path: The disk image's path.
  ///   - folder: A path on the volume (`/Hello.app`, or `Hello.app`); the root by default.
  /// - Throws: ``DMGExtractionError/unreadableImage(image:reason:)`` for an image or volume that
  ///   cannot be read, ``DMGExtractionError/notOnVolume(image:path:)`` when `folder` is not on
  ///   the volume.
  public init(path: String, under folder: String = "/") throws(DMGExtractionError) {
    let volume = try DMGAppExtraction.volumeReader(ofImage: path)
    let entries: [VolumeEntry]
    do {
      self.volume = try volume.volumeName()
      entries = try volume.entries()
    } catch {
      throw .unreadableImage(image: path, reason: "\(error)")
    }
    image = path
    self.folder = VolumeSelection.volumePath(folder)
    files = try VolumeSelection.listing(at: self.folder, of: entries, image: path).map {
      DMGInspection.File($0)
    }
  }
}
