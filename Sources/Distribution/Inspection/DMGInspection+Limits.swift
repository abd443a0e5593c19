import VolumeInterface

extension DMGInspection {
  /// The most of a `.DS_Store` that `dmg inspect` reads: 16 MiB.
  ///
  /// The Finder writes a few KiB for a disk image's window (window, view and background
  /// records, and an icon position per item), about 1 MiB for a folder of 10,000 items; a larger
  /// claim is a hostile or damaged volume, refused before a byte is read.
  static let dsStoreLimit: Int64 = 16 << 20

  /// The most of a background picture that `dmg inspect` reads: 128 MiB.
  ///
  /// A Retina background TIFF of a 5K window, 1x and 2x frames of 32-bit pixels uncompressed, is
  /// under 75 MiB; backgrounds are usually under 1 MiB.
  static let backgroundLimit: Int64 = 128 << 20

  /// The data of `entry`, read only when its size is at most `limit`.
  ///
  /// - Throws: ``OversizedVolumeFile`` for a larger file; what the volume's reader throws.
  static func contents(of entry: VolumeEntry, in volume: any VolumeReader, limit: Int64) throws
    -> [UInt8]
  {
    guard entry.size <= limit else {
      throw OversizedVolumeFile(path: entry.path, size: entry.size, limit: limit)
    }
    return try volume.contents(of: entry)
  }
}

/// A file on an inspected volume that claims more bytes than a real one could hold: a hostile
/// or damaged volume, refused before it is read.
struct OversizedVolumeFile: Error, CustomStringConvertible {
  /// The file's path on the volume.
  let path: String
  /// The size its record claims.
  let size: Int64
  /// The most `dmg inspect` reads of such a file.
  let limit: Int64

  var description: String {
    "\(path): its record claims \(size) bytes, more than the \(limit >> 20) MiB a real one "
      + "could need; refused unread (a hostile or damaged volume)"
  }
}
