/// One entry of a zip archive's central directory: its name, how its data is stored, where its
/// local header is and what kind of item it stands for.
package struct ZipDirectoryEntry: Sendable, Equatable {
  /// The entry's path inside the archive, such as `Hello.app/Contents/Info.plist`; folders end
  /// in `/`.
  package let name: String
  /// The compression method (``ZipFormat/methodStored`` or ``ZipFormat/methodDeflate``; others
  /// are refused when the data is read).
  package let method: UInt16
  /// The general-purpose flags.
  package let flags: UInt16
  /// The CRC-32 of the uncompressed data.
  package let crc32: UInt32
  /// How many bytes the data takes in the archive.
  package let compressedSize: Int64
  /// How many bytes the data has once uncompressed.
  package let uncompressedSize: Int64
  /// Where the entry's local file header starts.
  package let localHeaderOffset: Int64
  /// The host system that wrote the entry ("version made by", high byte): 3 is Unix.
  package let hostSystem: UInt8
  /// The external file attributes: on Unix hosts, `st_mode` in the high 16 bits.
  package let externalAttributes: UInt32
  /// The index of the entry in the central directory, for errors.
  package let index: Int

  /// The Unix mode (type and permission bits), when a Unix host wrote it.
  package var unixMode: UInt32? {
    hostSystem == 3 ? externalAttributes >> 16 : nil
  }

  /// Whether the entry is a folder: its name ends in `/` or its Unix mode says so.
  package var isDirectory: Bool {
    name.hasSuffix("/")
      || unixMode.map { $0 & ZipFormat.unixTypeMask == ZipFormat.unixDirectory }
        ?? false
  }

  /// Whether the entry is a symbolic link (its data is the target).
  package var isSymbolicLink: Bool {
    unixMode.map { $0 & ZipFormat.unixTypeMask == ZipFormat.unixSymbolicLink } ?? false
  }
}
