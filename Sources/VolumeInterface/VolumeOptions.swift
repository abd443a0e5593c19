/// What every volume needs, whatever its file system: its name, the owner and group of every
/// item, the latest date written, its identifier, the root's Finder flags, whether names differ
/// by case, and free space.
///
/// File-system specifics (HFS+ clump sizes, APFS's case folding and name hashes) stay in the
/// file system's module; this is what a staged tree and a layout ask of any of them.
package struct VolumeOptions: Sendable, Equatable {
  /// The volume's name, as the Finder shows it.
  package var volumeName: String
  /// The owner of every item (501, the first macOS user, by default).
  package var ownerID: UInt32
  /// The group of every item (20, `staff`, by default).
  package var groupID: UInt32
  /// Free space to leave on the volume, in bytes, beyond what its content needs.
  package var freeSpace: Int64
  /// The latest date written, in seconds since 1970; later source dates are clamped to it
  /// (`SOURCE_DATE_EPOCH`).
  package var dateLimit: Int64?
  /// The volume's 64-bit identifier (HFS+'s Finder info words 6 and 7, the seed of APFS's
  /// UUIDs); by default derived from the content.
  package var volumeIdentifier: UInt64?
  /// Finder flags of the root folder, such as `kHasCustomIcon` (0x0400) for a volume icon.
  package var rootFinderFlags: UInt16
  /// Whether names differing only in case are different names (hdiutil's "APFS
  /// (Case-sensitive)"); a file system that cannot be case-sensitive refuses `true`.
  package var caseSensitive: Bool

  /// Makes options.
  package init(
    volumeName: String,
    ownerID: UInt32 = 501,
    groupID: UInt32 = 20,
    freeSpace: Int64 = 0,
    dateLimit: Int64? = nil,
    volumeIdentifier: UInt64? = nil,
    rootFinderFlags: UInt16 = 0,
    caseSensitive: Bool = false
  ) {
    self.volumeName = volumeName
    self.ownerID = ownerID
    self.groupID = groupID
    self.freeSpace = freeSpace
    self.dateLimit = dateLimit
    self.volumeIdentifier = volumeIdentifier
    self.rootFinderFlags = rootFinderFlags
    self.caseSensitive = caseSensitive
  }

  /// A source date (seconds since 1970) no later than ``dateLimit``.
  package func clamped(_ seconds: Int64) -> Int64 {
    dateLimit.map { min($0, seconds) } ?? seconds
  }
}
