/// Reads a volume's files back, whatever its file system: what `dmg inspect` and the tests
/// look at.
package protocol VolumeReader {
  /// The volume's name, as the Finder shows it.
  ///
  /// - Throws: The file system's error for a damaged volume.
  func volumeName() throws -> String
  /// The root folder, at path `/`: its Finder flags say whether the volume has its own icon.
  ///
  /// - Throws: The file system's error for a damaged volume.
  func rootFolder() throws -> VolumeEntry
  /// Every file, folder and symbolic link below the root, with their attributes.
  ///
  /// - Throws: The file system's error for a damaged volume.
  func entries() throws -> [VolumeEntry]
  /// The bytes of a file's data.
  ///
  /// - Throws: The file system's error when the data lies outside the volume.
  func contents(of entry: VolumeEntry) throws -> [UInt8]
  /// `count` bytes of a file's data from `offset`, fewer past its end: a large file read in
  /// pieces, so that memory stays bounded by the piece.
  ///
  /// - Throws: The file system's error when the data lies outside the volume.
  func contents(of entry: VolumeEntry, at offset: Int64, count: Int) throws -> [UInt8]
  /// The value of an extended attribute, or the bytes of a resource fork.
  ///
  /// - Throws: The file system's error when the value lies outside the volume.
  func value(of attribute: VolumeAttribute) throws -> [UInt8]
}

extension VolumeReader {
  /// A file's resource fork; empty without one.
  ///
  /// - Throws: What ``value(of:)`` throws.
  package func resourceFork(of entry: VolumeEntry) throws -> [UInt8] {
    try entry.resourceFork.map { try value(of: $0) } ?? []
  }

  /// The value of the entry's extended attribute `name`, if it has one.
  ///
  /// - Throws: What ``value(of:)`` throws.
  package func attribute(_ name: String, of entry: VolumeEntry) throws -> [UInt8]? {
    try entry.attributes.first { $0.name == name }.map { try value(of: $0) }
  }
}
