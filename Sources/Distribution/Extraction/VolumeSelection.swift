import VolumeInterface

/// The entries of a volume that a listing or an extraction takes, found by their paths on the
/// volume.
///
/// Paths are compared byte for byte (their UTF-8), never as Swift compares strings, so that two
/// spellings of a name that Unicode holds equivalent stay two names.
enum VolumeSelection {
  /// `path` as the volume spells it: `/`, then its names joined with `/`, without empty or `.`
  /// names (`Hello.app/`, `./Hello.app` and `/Hello.app` are all `/Hello.app`; `/` is the root).
  static func volumePath(_ path: String) -> String {
    "/" + path.split(separator: "/").filter { $0 != "." }.joined(separator: "/")
  }

  /// Whether `path` is `folder` or lies below it.
  static func isWithin(_ path: String, _ folder: String) -> Bool {
    if folder == "/" { return true }
    let bytes = Array(path.utf8)
    let prefix = Array(folder.utf8)
    return bytes == prefix || (bytes.starts(with: prefix + [UInt8(ascii: "/")]))
  }

  /// The entry at `path`, or `nil` for the root.
  ///
  /// - Throws: ``DMGExtractionError/notOnVolume(image:path:)`` when no entry has that path.
  static func entry(at path: String, in entries: [VolumeEntry], image: String)
    throws(DMGExtractionError) -> VolumeEntry?
  {
    guard path != "/" else { return nil }
    let bytes = Array(path.utf8)
    guard let entry = entries.first(where: { Array($0.path.utf8) == bytes }) else {
      throw .notOnVolume(image: image, path: path)
    }
    return entry
  }

  /// What a listing of `path` shows: every entry below the folder at `path` (every entry for the
  /// root), or the one entry at `path` when it is not a folder.
  ///
  /// - Throws: ``DMGExtractionError/notOnVolume(image:path:)`` when `path` is not on the volume.
  static func listing(at path: String, of entries: [VolumeEntry], image: String)
    throws(DMGExtractionError) -> [VolumeEntry]
  {
    guard let anchor = try entry(at: path, in: entries, image: image) else {
      return inPathOrder(entries)
    }
    guard anchor.kind == .folder else { return [anchor] }
    return inPathOrder(entries.filter { $0.path != anchor.path && isWithin($0.path, path) })
  }

  /// What an extraction of `paths` writes: the entries at those paths, everything below them and
  /// the folders above them; every entry when `paths` is empty or names the root.
  ///
  /// A path the volume lists twice is kept twice, for the writer to refuse.
  ///
  /// - Throws: ``DMGExtractionError/notOnVolume(image:path:)`` for a path not on the volume.
  static func extraction(of paths: [String], from entries: [VolumeEntry], image: String)
    throws(DMGExtractionError) -> [VolumeEntry]
  {
    var anchors: [String] = []
    for path in paths {
      guard let anchor = try entry(at: path, in: entries, image: image) else { return entries }
      anchors.append(anchor.path)
    }
    guard !anchors.isEmpty else { return entries }
    return entries.filter { entry in
      anchors.contains { isWithin(entry.path, $0) || isWithin($0, entry.path) }
    }
  }

  /// The entries ordered by their names from the root: each folder before what it holds, as a
  /// depth-first walk meets them.
  static func inPathOrder(_ entries: [VolumeEntry]) -> [VolumeEntry] {
    entries.map { (entry: $0, names: Array($0.path.utf8).split(separator: UInt8(ascii: "/"))) }
      .sorted { $0.names.lexicographicallyPrecedes($1.names) { $0.lexicographicallyPrecedes($1) } }
      .map(\.entry)
  }
}
