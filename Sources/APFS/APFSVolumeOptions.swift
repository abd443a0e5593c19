/// How an APFS container and its volume are built.
package struct APFSVolumeOptions: Sendable {
  /// The volume's name, as the Finder shows it.
  package var volumeName: String
  /// The owner of every item (501, the first macOS user, by default).
  package var ownerID: UInt32
  /// The group of every item (20, `staff`, by default).
  package var groupID: UInt32
  /// Free space to leave in the container, in bytes, beyond what its content needs.
  package var freeSpace: Int64
  /// The latest date written; later source dates are clamped to it (`SOURCE_DATE_EPOCH`).
  package var dateLimit: Int64?
  /// Seeds the container and volume UUIDs; by default derived from the content.
  package var identifier: UInt64?
  /// Whether names differing only in case are different names.
  ///
  /// This is hdiutil's "APFS (Case-sensitive)". Either way the volume ignores Unicode
  /// normalization.
  package var caseSensitive: Bool
  /// Finder flags of the root folder, such as `kHasCustomIcon` (0x0400) for a volume icon.
  package var rootFinderFlags: UInt16 = 0

  /// Makes options.
  package init(
    volumeName: String,
    ownerID: UInt32 = 501,
    groupID: UInt32 = 20,
    freeSpace: Int64 = 0,
    dateLimit: Int64? = nil,
    identifier: UInt64? = nil,
    caseSensitive: Bool = false
  ) {
    self.volumeName = volumeName
    self.ownerID = ownerID
    self.groupID = groupID
    self.freeSpace = freeSpace
    self.dateLimit = dateLimit
    self.identifier = identifier
    self.caseSensitive = caseSensitive
  }
}
