import VolumeInterface

/// The files of a disk image's volume (HFS+ or APFS, in any UDIF format) written into a folder,
/// as `shipyard dmg extract` writes them: all of them, or the items at some paths with all they
/// hold.
///
/// Folders, files with their data, permission bits (less set-ID and sticky) and modification
/// times, and symbolic links as links (their targets stored, never followed) land at their
/// paths on the volume under the folder, which stands for the volume's root. Nothing lands
/// outside it: every entry is checked before anything is written, and an image with a name
/// that is empty, `.`, `..` or holds a `/`, or an item below something that is not a folder, is
/// refused whole. Nothing is written through a symbolic link, not even one the extraction made,
/// and no half-written file is left at an item's name. Resource forks and extended attributes
/// are not written.
///
/// ```swift
/// let extraction = try DMGExtraction(path: "dist/MyApp.dmg", into: "out", paths: ["MyApp.app"])
/// print(extraction.entries, "items written to", extraction.folder)
/// ```
public struct DMGExtraction: Sendable, Encodable {
  /// The image's path.
  public let image: String
  /// The folder written into.
  public let folder: String
  /// The paths extracted, as the volume spells them (`/` for the whole volume).
  public let paths: [String]
  /// How many items (folders, files, links) were written.
  public let entries: Int

  /// Extracts the items at `paths` (the whole volume when there are none) of the image at
  /// `path` into `folder`, with the folders above them.
  ///
  /// - Parameters:
  ///   - path: The disk image's path.
  ///   - folder: Where the volume's root goes: made, with its parents, when missing.
  ///   - paths: Paths on the volume (`/Hello.app` or `Hello.app`).
  ///   - replacing: Whether a file or link already at an item's place is replaced and a folder
  ///     there written into; otherwise anything there is an error.
  /// - Throws: ``DMGExtractionError``: an image that cannot be read, a path not on the volume,
  ///   an entry refused (before anything is written), a write that fails.
  public init(path: String, into folder: String, paths: [String] = [], replacing: Bool = false)
    throws(DMGExtractionError)
  {
    let volume = try DMGAppExtraction.volumeReader(ofImage: path)
    let all: [VolumeEntry]
    do {
      all = try volume.entries()
    } catch {
      throw .unreadableImage(image: path, reason: "\(error)")
    }
    let volumePaths = paths.isEmpty ? ["/"] : paths.map(VolumeSelection.volumePath)
    let selected = try VolumeSelection.extraction(of: volumePaths, from: all, image: path)
    let writer = VolumeTreeWriter(image: path, destination: folder, replacing: replacing)
    image = path
    self.folder = folder
    self.paths = volumePaths
    entries = try writer.write(selected, from: volume)
  }
}
